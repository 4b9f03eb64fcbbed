import { CHAT_ERRORS, isUuid } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { notFound } from '../core/app-error';
import { findMessage, findUsableParticipation } from './chat-repo';

/**
 * The one access check for everything addressed by a conversation id (REST and socket alike): the
 * caller takes part and passes the team rule above. A malformed id, an unknown conversation, someone
 * else's conversation and one the caller lost with their team all answer the same 404, so an
 * outsider learns nothing.
 */
export async function assertConversationParticipant(db: DbOrTx, conversationId: string, agentId: string) {
  if (!isUuid(conversationId)) throw notFound(CHAT_ERRORS.conversationNotFound);
  const row = await findUsableParticipation(db, conversationId, agentId);
  if (!row) throw notFound(CHAT_ERRORS.conversationNotFound);
  return row;
}

/** For routes addressed by a message id: finds its conversation, then applies the same participant check. */
export async function assertMessageParticipant(db: DbOrTx, messageId: string, agentId: string) {
  if (!isUuid(messageId)) throw notFound(CHAT_ERRORS.messageNotFound);
  const message = await findMessage(db, messageId);
  if (!message) throw notFound(CHAT_ERRORS.messageNotFound);
  try {
    return { message, ...(await assertConversationParticipant(db, message.conversationId, agentId)) };
  } catch {
    throw notFound(CHAT_ERRORS.messageNotFound);
  }
}
