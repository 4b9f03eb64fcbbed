import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { OutboxRow } from '../db/rows';
import { emailOutbox } from '../db/schema';
import type { MailContent } from './templates';

export type OutboxMail = typeof emailOutbox.$inferSelect;

/** Call inside the transaction that creates the token the mail carries: both commit or neither. */
export async function enqueueMail(tx: DbOrTx, to: string, content: MailContent): Promise<void> {
  await tx.insert(emailOutbox).values({ to, subject: content.subject, text: content.text, html: content.html, headers: content.headers ?? {} });
}

/** The newest mail in the outbox, newest first (what the development mailbox shows). */
export async function latestOutboxMail(db: DbOrTx, limit = 50): Promise<OutboxMail[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

/**
 * Leases up to `limit` due mails until `leaseUntil` (their next attempt moves there, their attempts
 * count one more). SKIP LOCKED: nodes claiming at once take different rows.
 */
export async function claimDueMail(db: DbOrTx, limit: number, leaseUntil: Date): Promise<OutboxRow[]> {
  return db
    .update(emailOutbox)
    .set({ nextAttemptAt: leaseUntil, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(
      inArray(
        emailOutbox.id,
        db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, new Date())))
          .orderBy(asc(emailOutbox.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
}

export async function markMailSent(db: DbOrTx, mailId: string): Promise<void> {
  await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, mailId));
}

/** A failed attempt: retried at `nextAttemptAt`, or given up (`failed`). */
export async function markMailFailed(db: DbOrTx, mailId: string, attempt: { failed: boolean; error: string; nextAttemptAt: Date }): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: attempt.failed ? 'failed' : 'pending', lastError: attempt.error, nextAttemptAt: attempt.nextAttemptAt })
    .where(eq(emailOutbox.id, mailId));
}
