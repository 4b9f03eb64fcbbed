import { extractText as extractPdfText, getDocumentProxy } from 'unpdf';

/** What reading a file gave: its text (and a PDF's page count), or why it could not be read. */
export type Extracted = { status: 'done'; text: string; pages: number | null } | { status: 'failed'; error: string };

/**
 * The most text kept of one file. The model's context is far smaller (AI_CONTEXT_TOKENS), so more
 * would only fill the database; what is kept is cut again to the context when a reply reads it.
 */
const EXTRACT_MAX_CHARS = 200_000;

/** Whether `mime` is a type whose text agents read (text/*, PDF); images are seen, not read. */
export const isReadableType = (mime: string) => mime.startsWith('text/') || mime === 'application/pdf';

/**
 * The text of a file as the model reads it: text/* as UTF-8, a PDF's text page by page. Never
 * throws: a file that cannot be read answers why, in words for the person who shared it.
 */
export async function extractText(bytes: Uint8Array, mime: string): Promise<Extracted> {
  try {
    if (mime === 'application/pdf') return await pdfText(bytes);
    if (mime.startsWith('text/')) return plainText(bytes);
    return { status: 'failed', error: 'this type of file cannot be read yet' };
  } catch (error) {
    return { status: 'failed', error: describe(error) };
  }
}

function plainText(bytes: Uint8Array): Extracted {
  // `fatal`: bytes that are not UTF-8 are a binary file, not text with odd characters.
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  if (text.includes('\0')) return { status: 'failed', error: 'it is not a text file' };
  return { status: 'done', text: text.slice(0, EXTRACT_MAX_CHARS), pages: null };
}

async function pdfText(bytes: Uint8Array): Promise<Extracted> {
  // A copy: pdf.js takes over (detaches) the buffer it is given. verbosity 0: its warnings stay out of the log.
  const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  try {
    const { totalPages, text } = await extractPdfText(document, { mergePages: false });
    const joined = text
      .map((page) => page.trim())
      .filter(Boolean)
      .join('\n\n');
    return { status: 'done', text: joined.slice(0, EXTRACT_MAX_CHARS), pages: totalPages };
  } finally {
    await document.destroy();
  }
}

/** pdf.js names its failures ("InvalidPDFException: Invalid PDF structure"); people read "it is not a valid PDF". */
function describe(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (error instanceof TypeError && /encoded data/.test(error.message)) return 'it is not UTF-8 text';
  if (name === 'InvalidPDFException' || name === 'FormatError') return 'it is not a valid PDF';
  if (name === 'PasswordException') return 'the PDF is protected by a password';
  return 'the file could not be read';
}
