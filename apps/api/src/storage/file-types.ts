import { open } from 'node:fs/promises';

const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  'image/gif': (h) => h.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** The image type the first bytes announce (magic numbers), whatever the browser claimed; undefined if none. */
export const sniffImageType = (head: Buffer): string | undefined =>
  Object.keys(SIGNATURES).find((mime) => SIGNATURES[mime]!(head));

/** Images are shown inline, so their bytes must really be that image type (the browser's claim is not enough). */
export async function contentMatchesType(filePath: string, mime: string): Promise<boolean> {
  const check = SIGNATURES[mime];
  if (!check) return true;
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, 12, 0);
    return check(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
