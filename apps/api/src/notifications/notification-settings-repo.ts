import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts, conversationParticipants, conversations } from '../db/schema';

/** The account's unread-mail delay in minutes (null: Off); undefined when there is no such account. */
export async function findUnreadMailDelay(db: DbOrTx, accountId: string): Promise<{ minutes: number | null; pushPreviews: boolean } | undefined> {
  const [row] = await db
    .select({ minutes: accounts.unreadMailDelayMinutes, pushPreviews: accounts.pushPreviews })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row;
}

/** The same, with the account's agent, the account row locked for the transaction (the unread-mail worker takes the same lock). */
export async function lockUnreadMailDelay(
  tx: DbOrTx,
  accountId: string,
): Promise<{ agentId: string; minutes: number | null; pushPreviews: boolean } | undefined> {
  const [row] = await tx
    .select({ agentId: accounts.agentId, minutes: accounts.unreadMailDelayMinutes, pushPreviews: accounts.pushPreviews })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('no key update');
  return row;
}

/** Answers whether the account exists. */
export async function setUnreadMailDelay(db: DbOrTx, accountId: string, minutes: number | null): Promise<boolean> {
  const updated = await db.update(accounts).set({ unreadMailDelayMinutes: minutes }).where(eq(accounts.id, accountId)).returning({ id: accounts.id });
  return updated.length > 0;
}

export async function setPushPreviews(db: DbOrTx, accountId: string, pushPreviews: boolean): Promise<void> {
  await db.update(accounts).set({ pushPreviews }).where(eq(accounts.id, accountId));
}

/** Marks everything in the agent's conversations so far as mailed. */
export async function markAllMailed(tx: DbOrTx, agentId: string): Promise<void> {
  await tx
    .update(conversationParticipants)
    .set({ mailedSeq: sql`greatest(${conversationParticipants.mailedSeq}, ${conversations.lastSeq})` })
    .from(conversations)
    .where(and(eq(conversations.id, conversationParticipants.conversationId), eq(conversationParticipants.agentId, agentId)));
}
