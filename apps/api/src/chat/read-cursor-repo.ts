import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { conversationParticipants, conversations, messages } from '../db/schema';

/** The message's id and seq, if it belongs to the conversation. */
export async function findMessageSeqIn(db: DbOrTx, conversationId: string, messageId: string) {
  const [target] = await db
    .select({ id: messages.id, seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  return target;
}

/**
 * Moves the agent's read cursor to `target` only if that is forward (one conditional update, so racing
 * calls are safe); answers whether it moved.
 */
export async function advanceReadCursor(db: DbOrTx, conversationId: string, agentId: string, target: { id: string; seq: number }): Promise<boolean> {
  const moved = await db
    .update(conversationParticipants)
    .set({ lastReadMessageId: target.id, lastReadSeq: target.seq })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.agentId, agentId),
        lt(conversationParticipants.lastReadSeq, target.seq),
      ),
    )
    .returning({ id: conversationParticipants.id });
  return moved.length > 0;
}

export async function findLastSeq(db: DbOrTx, conversationId: string): Promise<number | undefined> {
  const [conversation] = await db.select({ lastSeq: conversations.lastSeq }).from(conversations).where(eq(conversations.id, conversationId)).limit(1);
  return conversation?.lastSeq;
}
