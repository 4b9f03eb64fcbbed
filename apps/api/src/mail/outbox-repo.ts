import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema';

export type OutboxMail = typeof emailOutbox.$inferSelect;

/** The newest mail in the outbox, newest first (what the development mailbox shows). */
export async function latestOutboxMail(db: DbOrTx, limit = 50): Promise<OutboxMail[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
