import { count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailOutbox, replyJobs } from '../db/schema';

type ReplyJobState = (typeof replyJobs.$inferSelect)['status'];

/** Mails waiting in the outbox, all nodes'. */
export async function countPendingMail(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
  return row?.n ?? 0;
}

/** How many reply jobs are in each of `states` (a state with none is left out). */
export async function countReplyJobsByState(db: DbOrTx, states: readonly ReplyJobState[]): Promise<{ state: ReplyJobState; n: number }[]> {
  return db
    .select({ state: replyJobs.status, n: count() })
    .from(replyJobs)
    .where(inArray(replyJobs.status, [...states]))
    .groupBy(replyJobs.status);
}
