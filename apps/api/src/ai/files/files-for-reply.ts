import type { TFileRead } from '@agentroom/shared';
import type { AppContext } from '../../context';
import type { AttachmentRow } from '../../db/rows';
import { findAttachmentsOf } from '../chat-link';
import type { ModelContentPart } from '../provider';
import { findExtracts, saveExtract, type AttachmentExtractRow } from './attachment-extracts-repo';
import { extractText, isReadableType } from './extract-text';

/** The files of a reply's history as the model gets them, and what the reply says it read. */
export interface FilesForReply {
  /** messageId → the parts its files add to its turn, in the order they were attached. */
  partsByMessage: Map<string, ModelContentPart[]>;
  /** messageId → what became of each of its files: read, seen, or why not. */
  readByMessage: Map<string, TFileRead[]>;
  /** What the files take of the context (rough tokens). */
  tokens: number;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** What an image is counted as in the context budget (providers charge images by size; this is a rough share). */
const IMAGE_TOKENS = 500;
/** Larger images are not sent: a data: URL that size is refused by most providers. */
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Below this many tokens left, a file is not worth starting: it is named, not read. */
const MIN_FILE_TOKENS = 50;

const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * Reads the files of `messageIds` (newest message first, the order they are given) for a reply,
 * within `budgetTokens`: text files and PDFs as text blocks ("[File orbit-brief.pdf, 12 pages]"),
 * extracted once per file and stored; images as image parts when the model takes them. The newest
 * messages' files come first; one over what is left is cut with a note saying so. A file that
 * cannot be read becomes a line telling the model so, never a failed reply.
 */
export async function filesForReply(ctx: AppContext, messageIds: string[], budgetTokens: number): Promise<FilesForReply> {
  const files = await findAttachmentsOf(ctx.db, messageIds);
  const result: FilesForReply = { partsByMessage: new Map(), readByMessage: new Map(), tokens: 0 };
  if (files.length === 0) return result;
  const extracts = await findExtracts(ctx.db, files.map((f) => f.id));
  for (const messageId of messageIds) {
    for (const file of files.filter((f) => f.messageId === messageId)) {
      const left = budgetTokens - result.tokens;
      const { parts, read, tokens } = await readOne(ctx, file, extracts.get(file.id), left).catch((error: unknown) => {
        ctx.logger.warn({ err: error, attachmentId: file.id }, 'could not read an attachment for an AI reply');
        return unreadable(file, 'the file could not be read');
      });
      result.tokens += tokens;
      result.partsByMessage.set(messageId, [...(result.partsByMessage.get(messageId) ?? []), ...parts]);
      result.readByMessage.set(messageId, [...(result.readByMessage.get(messageId) ?? []), read]);
    }
  }
  return result;
}

interface FilePart {
  parts: ModelContentPart[];
  read: TFileRead;
  tokens: number;
}

const textPart = (text: string): ModelContentPart => ({ type: 'text', text });
const kindOf = (file: AttachmentRow): TFileRead['kind'] => (IMAGE_TYPES.has(file.mime) ? 'image' : 'text');

function linePart(file: AttachmentRow, line: string, notice: string): FilePart {
  const text = `[File ${file.filename}: ${line}]`;
  return { parts: [textPart(text)], read: { attachmentId: file.id, filename: file.filename, kind: kindOf(file), notice }, tokens: estimateTokens(text) };
}

/** The model is told the file is there and why it has no content, so it can say so when asked. */
const unreadable = (file: AttachmentRow, why: string) => linePart(file, `could not be read (${why})`, `Could not read ${file.filename}: ${why}.`);

async function readOne(ctx: AppContext, file: AttachmentRow, stored: AttachmentExtractRow | undefined, left: number): Promise<FilePart> {
  if (IMAGE_TYPES.has(file.mime)) return readImage(ctx, file, left);
  if (!isReadableType(file.mime)) return unreadable(file, 'this type of file cannot be read yet');
  if (left < MIN_FILE_TOKENS) return linePart(file, 'not read, the context is full', 'Not read: the context was full.');
  const extract = stored ?? (await extractOnce(ctx, file));
  if (extract.status === 'failed') return unreadable(file, extract.error ?? 'the file could not be read');
  return textBlock(file, extract, left);
}

/** The file's bytes from file storage; one that is gone fails this file's reading (the caller says so to the model). */
async function storedBytes(ctx: AppContext, file: AttachmentRow): Promise<Buffer> {
  const bytes = await ctx.files.read('uploads', file.storageKey);
  if (!bytes) throw new Error(`the stored file of attachment ${file.id} is missing`);
  return bytes;
}

/** Reads and extracts a file met for the first time, and stores what came of it (read or failed) for every later reply. */
async function extractOnce(ctx: AppContext, file: AttachmentRow): Promise<AttachmentExtractRow> {
  const extracted = await extractText(await storedBytes(ctx, file), file.mime);
  return saveExtract(
    ctx.db,
    extracted.status === 'done'
      ? { attachmentId: file.id, status: 'done', text: extracted.text, pages: extracted.pages, error: null }
      : { attachmentId: file.id, status: 'failed', text: '', pages: null, error: extracted.error },
  );
}

/** "[File orbit-brief.pdf, 12 pages]" and the text, cut to what is left of the budget with a note the model reads. */
function textBlock(file: AttachmentRow, extract: AttachmentExtractRow, left: number): FilePart {
  const pages = extract.pages ?? undefined;
  const header = `[File ${file.filename}${pages !== undefined ? `, ${pages} ${pages === 1 ? 'page' : 'pages'}` : ''}]`;
  const body = extract.text.trim() || (pages !== undefined ? '(No text found: the pages may be scanned images.)' : '(The file is empty.)');
  const room = Math.max(0, (left - estimateTokens(header) - 30) * 4);
  const cut = body.length > room;
  const text = cut ? `${header}\n${body.slice(0, room)}\n[… the rest of ${file.filename} did not fit in the context and was not read]` : `${header}\n${body}`;
  const read: TFileRead = {
    attachmentId: file.id,
    filename: file.filename,
    kind: 'text',
    ...(pages !== undefined ? { pages } : {}),
    ...(cut ? { notice: 'Read in part: the rest did not fit in the context.' } : {}),
  };
  return { parts: [textPart(text)], read, tokens: estimateTokens(text) };
}

async function readImage(ctx: AppContext, file: AttachmentRow, left: number): Promise<FilePart> {
  if (!ctx.config.ai.supportsImages)
    return linePart(
      file,
      'an image you cannot see. If you are asked about it, say that you cannot see images',
      'Not seen: this model does not take images.',
    );
  if (file.size > IMAGE_MAX_BYTES) return unreadable(file, 'it is too big to show to the model');
  if (left < IMAGE_TOKENS) return linePart(file, 'an image not shown to you, the context is full', 'Not seen: the context was full.');
  const bytes = await storedBytes(ctx, file);
  return {
    parts: [textPart(`[Image ${file.filename}]`), { type: 'image_url', image_url: { url: `data:${file.mime};base64,${bytes.toString('base64')}` } }],
    read: { attachmentId: file.id, filename: file.filename, kind: 'image' },
    tokens: IMAGE_TOKENS,
  };
}
