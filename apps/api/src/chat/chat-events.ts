import { conversationRoom, type TChatMessage, type TSeenAgent } from '@agentroom/shared';
import type { AppContext } from '../context';
import { agentRooms, emitToRooms } from '../realtime/realtime-registry';
import type { AgentRow, ConversationRow } from './chat-presenters';

export interface MessageCommittedEvent {
  conversation: ConversationRow;
  message: TChatMessage;
  sender: AgentRow;
  /** Every other participant; an AI agent among them is where a reply job starts. */
  recipients: AgentRow[];
}

export type MessageCommittedListener = (ctx: AppContext, event: MessageCommittedEvent) => void | Promise<void>;

const listenersByContext = new WeakMap<AppContext, Set<MessageCommittedListener>>();

/**
 * The hook for work that follows a new message (the AI reply job registers here). Listeners run after
 * commit and after the socket events; a failing listener is logged and never fails the send.
 * Returns a function that removes the listener.
 */
export function afterMessageCommitted(ctx: AppContext, listener: MessageCommittedListener): () => void {
  const listeners = listenersByContext.get(ctx) ?? new Set();
  listenersByContext.set(ctx, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A new message: `message:received` to the room, `conversation:message` to each participant (unread counts). */
export function publishMessageCommitted(ctx: AppContext, event: MessageCommittedEvent): void {
  const { conversation, message, sender, recipients } = event;
  emitToRooms(ctx, [conversationRoom(conversation.id)], 'message:received', message);
  emitToRooms(ctx, agentRooms([sender.id, ...recipients.map((r) => r.id)]), 'conversation:message', {
    conversationId: conversation.id,
    message,
  });
  for (const listener of listenersByContext.get(ctx) ?? []) {
    Promise.resolve()
      .then(() => listener(ctx, event))
      .catch((error: unknown) => ctx.logger.error({ err: error, messageId: message.id }, 'afterMessageCommitted listener failed'));
  }
}

export function publishMessageUpdated(ctx: AppContext, message: TChatMessage): void {
  emitToRooms(ctx, [conversationRoom(message.conversationId)], 'message:updated', message);
}

/** A read cursor moved: to the room (seen markers) and to the participants' own rooms (unread counts). */
export function publishMessageSeen(
  ctx: AppContext,
  input: { conversationId: string; messageId: string; agent: TSeenAgent; participantIds: string[] },
): void {
  emitToRooms(ctx, [conversationRoom(input.conversationId), ...agentRooms(input.participantIds)], 'conversation:message:seen', {
    conversationId: input.conversationId,
    messageId: input.messageId,
    agentId: input.agent.id,
    agent: input.agent,
  });
}
