import { and, eq, lt } from 'drizzle-orm';
import { CHAT_ERRORS, isUuid, type TReadCursor } from '@agentroom/shared';
import type { AppContext } from '../context';
import { conversationParticipants, conversations, messages } from '../db/schema';
import { notFound } from '../core/app-error';
import { assertConversationParticipant, assertMessageParticipant } from './chat-access';
import { findParticipants } from './chat-repo';
import { presentSeenAgent } from './chat-presenters';
import { unreadAfter } from './chat-views';

/**
 * Moves the caller's read cursor to a message of the conversation, never backwards (by seq). The one
 * conditional update makes racing calls safe: only a move forward writes and emits a seen event.
 */
async function moveReadCursor(ctx: AppContext, agentId: string, conversationId: string, messageId: string): Promise<TReadCursor> {
  if (!isUuid(messageId)) throw notFound(CHAT_ERRORS.messageNotFound);
  const [target] = await ctx.db
    .select({ id: messages.id, seq: messages.seq })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .limit(1);
  if (!target) throw notFound(CHAT_ERRORS.messageNotFound);

  const [moved] = await ctx.db
    .update(conversationParticipants)
    .set({ lastReadMessageId: target.id, lastReadSeq: target.seq })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.agentId, agentId),
        lt(conversationParticipants.lastReadSeq, target.seq),
      ),
    )
    .returning();

  const [participants, [conversation]] = await Promise.all([
    findParticipants(ctx.db, [conversationId]),
    ctx.db.select({ lastSeq: conversations.lastSeq }).from(conversations).where(eq(conversations.id, conversationId)).limit(1),
  ]);
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
    unreadCount: unreadAfter(conversation?.lastSeq ?? 0, self.participant.lastReadSeq),
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
