import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { ConversationRow, MessageRow } from '../db/rows';
import { conversationParticipants, conversations, messageColumns, messages, savedMessages } from '../db/schema';
import { conversationTeamAccessSql } from '../chat/chat-access-sql';

/**
 * Saves a message for the agent (again: nothing changes). The time is kept to the millisecond, as
 * the list's `before` cursor carries it, so a cursor names a save's time exactly.
 */
export async function insertSaved(tx: DbOrTx, agentId: string, messageId: string): Promise<void> {
  await tx
    .insert(savedMessages)
    .values({ agentId, messageId, savedAt: sql`date_trunc('milliseconds', now())` })
    .onConflictDoNothing();
}

export async function deleteSaved(tx: DbOrTx, agentId: string, messageId: string): Promise<void> {
  await tx.delete(savedMessages).where(and(eq(savedMessages.agentId, agentId), eq(savedMessages.messageId, messageId)));
}

export interface SavedRow {
  savedAt: Date;
  message: MessageRow;
  conversation: ConversationRow;
}

/**
 * The agent's saved messages it may read now (a participant of the message's conversation who passes
 * chat's team rule; a thread's participants mirror its parent's), deleted ones left out, newest saved
 * first, saved before `before` if given; at most `limit`.
 */
export async function findReadableSaved(db: DbOrTx, agentId: string, page: { before?: Date; limit: number }): Promise<SavedRow[]> {
  return db
    .select({ savedAt: savedMessages.savedAt, message: messageColumns, conversation: conversations })
    .from(savedMessages)
    .innerJoin(messages, eq(messages.id, savedMessages.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.agentId, agentId)),
    )
    .where(
      and(
        eq(savedMessages.agentId, agentId),
        isNull(messages.deletedAt),
        page.before ? lt(savedMessages.savedAt, page.before) : undefined,
        conversationTeamAccessSql(agentId),
      ),
    )
    .orderBy(desc(savedMessages.savedAt), desc(savedMessages.messageId))
    .limit(page.limit);
}
