import { and, countDistinct, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { messageReactions, messages } from '../db/schema';

/** Locks the message row until the transaction ends (a concurrent delete waits); answers whether it is deleted, undefined if unknown. */
export async function lockMessageDeletedState(tx: DbOrTx, messageId: string): Promise<{ deletedAt: Date | null } | undefined> {
  const [locked] = await tx.select({ deletedAt: messages.deletedAt }).from(messages).where(eq(messages.id, messageId)).for('update');
  return locked;
}

/** How many different emojis other than `emoji` the message carries. */
export async function countOtherEmojis(tx: DbOrTx, messageId: string, emoji: string): Promise<number> {
  const [others] = await tx
    .select({ count: countDistinct(messageReactions.emoji) })
    .from(messageReactions)
    .where(and(eq(messageReactions.messageId, messageId), ne(messageReactions.emoji, emoji)));
  return others?.count ?? 0;
}

/** Adds one reaction; answers false when it was already there. */
export async function insertReaction(tx: DbOrTx, reaction: { messageId: string; agentId: string; emoji: string }): Promise<boolean> {
  const inserted = await tx.insert(messageReactions).values(reaction).onConflictDoNothing().returning({ id: messageReactions.id });
  return inserted.length > 0;
}

/** Removes one reaction; answers false when it was not there. */
export async function deleteReaction(tx: DbOrTx, { messageId, agentId, emoji }: { messageId: string; agentId: string; emoji: string }): Promise<boolean> {
  const removed = await tx
    .delete(messageReactions)
    .where(and(eq(messageReactions.messageId, messageId), eq(messageReactions.agentId, agentId), eq(messageReactions.emoji, emoji)))
    .returning({ id: messageReactions.id });
  return removed.length > 0;
}
