import { CHAT_ERRORS, isUuid, type TConversation, type TReadOnlyReason } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import type { AgentRow, ConversationRow } from '../db/rows';
import { notFound } from '../core/app-error';
import { assertMayMessage, reachOf, type Reach } from '../agents/agent-reach';
import { rulingConversation } from './thread-parent';
import { findMessage, findParticipants, findUsableParticipation } from './chat-repo';

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

// ---- The reach rule in 1:1s (decision 0022): readable as above, writable only while in reach. ----

/** A presented conversation with its read-only reason: rooms never have one; a 1:1 the reach of its other agent. */
export function withReadOnly(conversation: TConversation, reach: Map<string, Reach>): TConversation {
  const other = conversation.room ? null : conversation.otherAgent;
  return { ...conversation, readOnly: other ? (reach.get(other.id)?.readOnly ?? null) : null };
}

/**
 * Refuses (403, the reason in the envelope) a send into a 1:1 whose other agent is out of the
 * sender's reach or on either side of a block. `recipients`: the send target's, read already.
 */
export async function assertMayWriteTo(db: DbOrTx, target: { conversation: ConversationRow; sender: AgentRow; recipients: AgentRow[] }) {
  // A thread is written to as its parent (decision 0026): a room's never read-only, a 1:1's as that 1:1.
  if ((await rulingConversation(db, target.conversation)).type === 'room') return;
  const other = target.recipients[0];
  if (other) assertMayMessage(await reachOf(db, target.sender.id, other));
}

/** Why `agentId` may not write into the conversation (null: they may); for typing, which is dropped then. */
export async function readOnlyReasonIn(db: DbOrTx, conversation: ConversationRow, agentId: string): Promise<TReadOnlyReason | null> {
  if ((await rulingConversation(db, conversation)).type === 'room') return null;
  const other = (await findParticipants(db, [conversation.id])).find((p) => p.agent.id !== agentId)?.agent;
  return other ? (await reachOf(db, agentId, other)).readOnly : null;
}
