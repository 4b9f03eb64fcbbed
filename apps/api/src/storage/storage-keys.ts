import { isUuid } from '@agentroom/shared';

/** The three kinds of files kept: message attachments, uploaded avatars, data-export ZIPs. */
export type FileSpace = 'uploads' | 'avatars' | 'exports';

const EXPORT_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.zip$/;

/** A key that is not one of our own random names: refused before any path or object name is made of it. */
export class InvalidStorageKeyError extends Error {
  constructor(space: FileSpace, key: string) {
    super(`not a ${space} storage key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/**
 * Where a file lives relative to the store's root, the same for the local folder and an S3 bucket
 * (so `aws s3 sync DATA_DIR/uploads s3://bucket/` moves an install): uploads at the root, avatars
 * as `avatars/<id>.webp`, exports under `exports/`. Only uuids (uploads, avatars) and
 * `<uuid>-<uuid>.zip` (exports) are keys, so no `..`, slash or NUL can reach a path.
 */
export function objectPath(space: FileSpace, key: string): string {
  switch (space) {
    case 'uploads':
      if (isUuid(key)) return key;
      break;
    case 'avatars':
      if (isUuid(key)) return `avatars/${key.toLowerCase()}.webp`;
      break;
    case 'exports':
      if (EXPORT_KEY.test(key)) return `exports/${key}`;
      break;
  }
  throw new InvalidStorageKeyError(space, key);
}
