import { access, copyFile, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileStorage } from './file-storage';
import { objectPath } from './storage-keys';

/** No upload or export build takes this long: an incoming file this old was left by a process that died. */
const STALE_INCOMING_MS = 24 * 60 * 60 * 1000;

/** Removes such files (folders stay: one may belong to a process on another machine sharing the folder). */
async function removeStaleIncoming(incoming: string) {
  const before = Date.now() - STALE_INCOMING_MS;
  for (const entry of await readdir(incoming, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stats = await stat(file).catch(() => undefined);
    if (stats && stats.mtimeMs < before) await rm(file, { force: true });
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/**
 * Files in DATA_DIR/uploads (attachments), DATA_DIR/uploads/avatars (`<id>.webp`) and
 * DATA_DIR/uploads/exports, the layout of every install so far. With the in-memory database
 * (`memory://`, tests) a fresh temporary folder stands in and goes on close. Files arrive through a
 * per-process folder in `.incoming/` and are renamed into place, so a reader never sees half a file.
 */
export async function createLocalFileStorage(dataDir: string): Promise<FileStorage> {
  const temporary = dataDir === 'memory://';
  const root = temporary ? await mkdtemp(path.join(os.tmpdir(), 'agentroom-uploads-')) : path.join(dataDir, 'uploads');
  await mkdir(path.join(root, 'avatars'), { recursive: true });
  await mkdir(path.join(root, 'exports'), { recursive: true });
  await mkdir(path.join(root, '.incoming'), { recursive: true });
  await removeStaleIncoming(path.join(root, '.incoming'));
  // Several processes may share one data folder: each has its own incoming folder.
  const tempDir = await mkdtemp(path.join(root, '.incoming', 'node-'));
  let staged = 0;
  const fileOf = (space: Parameters<typeof objectPath>[0], key: string) => path.join(root, objectPath(space, key));

  return {
    kind: 'local',
    tempDir,
    async put(space, key, source, _contentType) {
      const target = fileOf(space, key);
      const stagedFile = path.join(tempDir, `put-${(staged += 1)}`);
      try {
        if (Buffer.isBuffer(source)) await writeFile(stagedFile, source);
        else
          await rename(source.file, stagedFile).catch(async (error: unknown) => {
            // Another file system (a temp file from elsewhere): copy it instead.
            if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
            await copyFile(source.file, stagedFile);
          });
        await rename(stagedFile, target);
      } finally {
        await rm(stagedFile, { force: true });
      }
    },
    async get(space, key) {
      const file = fileOf(space, key);
      // Opened first, so a file deleted between the size and the read still streams whole.
      const handle = await open(file, 'r').catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (!handle) return undefined;
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return undefined;
      }
      return { body: handle.createReadStream(), size: stats.size, contentType: undefined };
    },
    async read(space, key) {
      return readFile(fileOf(space, key)).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
    },
    async delete(space, key) {
      await rm(fileOf(space, key), { force: true });
    },
    async exists(space, key) {
      const stats = await stat(fileOf(space, key)).catch(() => undefined);
      return Boolean(stats?.isFile());
    },
    async check() {
      await access(tempDir);
    },
    async close() {
      await rm(temporary ? root : tempDir, { recursive: true, force: true });
    },
  };
}
