import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isUuid } from '@agentroom/shared';
import type { AppConfig } from '../config';

/** Where uploaded files live on disk: built once per server (`server.ts`), so two servers share nothing. */
export interface FileStorage {
  /** The folder new uploads are written to (under a random name, their storage key). */
  readonly uploadsDir: string;
  /** The file of an upload; only its base name counts, so no key can reach outside the folder. */
  uploadPath(storageKey: string): string;
  /** The file of an uploaded avatar; only a uuid ever names one, so no path can be smuggled in. */
  avatarPath(id: string): string;
  /** The ZIP of a data export (decision 0028), in an `exports/` folder beside the uploads; only its base name counts. */
  exportPath(storageKey: string): string;
  /** Removes a temporary folder made for an in-memory server; a real data directory stays. */
  close(): void;
}

/**
 * Uploads live in DATA_DIR/uploads and avatars beside them in DATA_DIR/uploads/avatars (one
 * `<id>.webp` each). With the in-memory database (`memory://`, used by tests) there is no data
 * directory, so a fresh temporary folder per server stands in and goes when the server closes.
 */
export function createFileStorage(config: Pick<AppConfig, 'dataDir'>): FileStorage {
  const temporary = config.dataDir === 'memory://';
  const uploadsDir = temporary ? mkdtempSync(path.join(os.tmpdir(), 'agentroom-uploads-')) : path.join(config.dataDir, 'uploads');
  const avatarsDir = path.join(uploadsDir, 'avatars');
  const exportsDir = path.join(uploadsDir, 'exports');
  mkdirSync(avatarsDir, { recursive: true });
  mkdirSync(exportsDir, { recursive: true });
  return {
    uploadsDir,
    uploadPath: (storageKey) => path.join(uploadsDir, path.basename(storageKey)),
    avatarPath(id) {
      if (!isUuid(id)) throw new Error('avatar ids are uuids');
      return path.join(avatarsDir, `${id.toLowerCase()}.webp`);
    },
    exportPath: (storageKey) => path.join(exportsDir, path.basename(storageKey)),
    close() {
      if (temporary) rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
