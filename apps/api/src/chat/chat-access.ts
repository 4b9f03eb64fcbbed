import { and, eq } from 'drizzle-orm';
import { CHAT_ERRORS, isUuid } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { conversationParticipants, conversations, messages } from '../db/schema';
import { notFound } from '../core/app-error';

/**
 * The one access check for everything addressed by a conversation id (REST and socket alike).
 * A malformed id, an unknown conversation and someone else's conversation all answer the same 404,
 * so a non-participant learns nothing.
 */
export async function assertConversationParticipant(db: DbOrTx, conversationId: string, agentId: string) {
  if (!isUuid(conversationId)) throw notFound(CHAT_ERRORS.conversationNotFound);
  const [row] = await db
    .select({ conversation: conversations, participant: conversationParticipants })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.agentId, agentId)),
    )
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (!row) throw notFound(CHAT_ERRORS.conversationNotFound);
  return row;
}

/** For routes addressed by a message id: finds its conversation, then applies the same participant check. */
export async function assertMessageParticipant(db: DbOrTx, messageId: string, agentId: string) {
  if (!isUuid(messageId)) throw notFound(CHAT_ERRORS.messageNotFound);
  const [message] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!message) throw notFound(CHAT_ERRORS.messageNotFound);
  try {
    return { message, ...(await assertConversationParticipant(db, message.conversationId, agentId)) };
  } catch {
    throw notFound(CHAT_ERRORS.messageNotFound);
  }
}
