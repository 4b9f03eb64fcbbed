import { mkdirSync, mkdtempSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config';

const dirs = new WeakMap<AppConfig, string>();

/**
 * Uploads live under DATA_DIR/uploads. With the in-memory database (`memory://`, used by tests) there is
 * no data directory, so a fresh temporary directory per server stands in.
 */
export function uploadsDir(config: AppConfig): string {
  let dir = dirs.get(config);
  if (!dir) {
    dir = config.dataDir === 'memory://' ? mkdtempSync(path.join(os.tmpdir(), 'agentroom-uploads-')) : path.join(config.dataDir, 'uploads');
    mkdirSync(dir, { recursive: true });
    dirs.set(config, dir);
  }
  return dir;
}

export const storagePath = (config: AppConfig, storageKey: string) => path.join(uploadsDir(config), path.basename(storageKey));

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

/** A display name without paths or control characters. */
export function cleanFilename(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return cleaned || 'file';
}
