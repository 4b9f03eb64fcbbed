import { unlink } from 'node:fs/promises';
import { and, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { attachments } from '../db/schema';

/** An upload no message took within a day was abandoned (a closed tab, a removed chip). */
const ORPHAN_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Deletes abandoned uploads, rows and files; answers how many went. Safe on several nodes at once. */
export async function sweepOrphanUploads(ctx: AppContext, now = new Date()): Promise<number> {
  const gone = await ctx.db
    .delete(attachments)
    .where(and(isNull(attachments.messageId), lt(attachments.createdAt, new Date(now.getTime() - ORPHAN_UPLOAD_AGE_MS))))
    .returning({ storageKey: attachments.storageKey });
  // A file already removed by another node is fine.
  await Promise.all(gone.map((row) => unlink(ctx.files.uploadPath(row.storageKey)).catch(() => undefined)));
  return gone.length;
}

export function startOrphanUploadSweeper(ctx: AppContext): { stop(): void } {
  const timer = setInterval(() => {
    sweepOrphanUploads(ctx).catch((error: unknown) => ctx.logger.warn({ err: error }, 'orphan upload sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
