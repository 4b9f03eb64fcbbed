import type { AppContext } from '../context';
import { deleteUnsentUploadsBefore } from './attachments-repo';

/** An upload no message took within a day was abandoned (a closed tab, a removed chip). */
const ORPHAN_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Deletes abandoned uploads, rows and files; answers how many went. Safe on several nodes at once. */
export async function sweepOrphanUploads(ctx: AppContext, now = new Date()): Promise<number> {
  const gone = await deleteUnsentUploadsBefore(ctx.db, new Date(now.getTime() - ORPHAN_UPLOAD_AGE_MS));
  // A file already removed by another node is fine.
  await Promise.all(gone.map((storageKey) => ctx.files.delete('uploads', storageKey).catch(() => undefined)));
  return gone.length;
}

export function startOrphanUploadSweeper(ctx: AppContext): { stop(): void } {
  const timer = setInterval(() => {
    sweepOrphanUploads(ctx).catch((error: unknown) => ctx.logger.warn({ err: error }, 'orphan upload sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
