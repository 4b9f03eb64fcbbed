import { CHAT_ERRORS, isUuid, type TReadCursor } from '@agentroom/shared';
import type { AppContext } from '../context';
import { notFound } from '../core/app-error';
import { assertConversationParticipant, assertMessageParticipant } from './chat-access';
import { findParticipants } from './chat-repo';
import { presentSeenAgent } from './chat-presenters';
import { unreadAfter } from './chat-views';
import { advanceReadCursor, findLastSeq, findMessageSeqIn } from './read-cursor-repo';

/**
 * Moves the caller's read cursor to a message of the conversation, never backwards (by seq). The one
 * conditional update makes racing calls safe: only a move forward writes and emits a seen event.
 */
async function moveReadCursor(ctx: AppContext, agentId: string, conversationId: string, messageId: string): Promise<TReadCursor> {
  if (!isUuid(messageId)) throw notFound(CHAT_ERRORS.messageNotFound);
  const target = await findMessageSeqIn(ctx.db, conversationId, messageId);
  if (!target) throw notFound(CHAT_ERRORS.messageNotFound);

  const moved = await advanceReadCursor(ctx.db, conversationId, agentId, target);
  const [participants, lastSeq] = await Promise.all([findParticipants(ctx.db, [conversationId]), findLastSeq(ctx.db, conversationId)]);
  const self = participants.find((p) => p.agent.id === agentId)!;
  if (moved) {
    ctx.events.publish('message.seen', {
      conversationId,
      messageId: target.id,
      agentId,
      agent: presentSeenAgent(self.agent),
      participantIds: participants.map((p) => p.agent.id),
    });
  }
  return {
    conversationId,
    lastReadMessageId: self.participant.lastReadMessageId,
    lastReadSeq: self.participant.lastReadSeq,
    unreadCount: unreadAfter(lastSeq ?? 0, self.participant.lastReadSeq),
  };
}

/** PUT /chat/conversations/:id/read */
export async function markConversationRead(ctx: AppContext, agentId: string, conversationId: string, lastReadMessageId: string) {
  await assertConversationParticipant(ctx.db, conversationId, agentId);
  return moveReadCursor(ctx, agentId, conversationId, lastReadMessageId);
}

/** POST /chat/messages/:id/seen */
export async function markMessageSeen(ctx: AppContext, agentId: string, messageId: string) {
  const { message } = await assertMessageParticipant(ctx.db, messageId, agentId);
  return moveReadCursor(ctx, agentId, message.conversationId, message.id);
}
