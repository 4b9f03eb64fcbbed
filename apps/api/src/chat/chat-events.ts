import { conversationRoom, type TChatMessage, type TSeenAgent } from '@agentroom/shared';
import type { AppContext } from '../context';
import { agentRooms, emitToRooms, emitToRoomsExcept } from '../realtime/realtime-registry';
import type { Tx } from '../db/client';
import type { AgentRow, ConversationRow, MessageRow } from './chat-presenters';

export interface MessageCommittedEvent {
  conversation: ConversationRow;
  message: TChatMessage;
  sender: AgentRow;
  /** Every other participant; an AI agent among them is where a reply job starts. */
  recipients: AgentRow[];
}

/** The stored row, inside its transaction: work that must commit or roll back with the message. */
export interface MessageInsertedEvent {
  conversation: ConversationRow;
  message: MessageRow;
  sender: AgentRow;
  recipients: AgentRow[];
}
export interface MessageInsertedHook {
  /** Whether this hook has work for a message between these agents (decided before any write). */
  appliesTo(sender: AgentRow, recipients: AgentRow[]): boolean;
  run(tx: Tx, event: MessageInsertedEvent): Promise<void>;
}
const insertHooksByContext = new WeakMap<AppContext, Set<MessageInsertedHook>>();

/** Registers work that runs inside a message's transaction (the AI reply job is created here). */
export function onMessageInserted(ctx: AppContext, hook: MessageInsertedHook): () => void {
  const hooks = insertHooksByContext.get(ctx) ?? new Set();
  insertHooksByContext.set(ctx, hooks);
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** A message no hook applies to is stored without a transaction around it. */
export function hasMessageInsertedHooks(ctx: AppContext, recipients: AgentRow[], sender: AgentRow): boolean {
  return [...(insertHooksByContext.get(ctx) ?? [])].some((hook) => hook.appliesTo(sender, recipients));
}

export async function runMessageInsertedHooks(ctx: AppContext, tx: Tx, event: MessageInsertedEvent): Promise<void> {
  for (const hook of insertHooksByContext.get(ctx) ?? [])
    if (hook.appliesTo(event.sender, event.recipients)) await hook.run(tx, event);
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
  // For unread counts and lists elsewhere; sockets in the conversation room already got the message.
  const room = conversationRoom(conversation.id);
  emitToRoomsExcept(ctx, agentRooms([sender.id, ...recipients.map((r) => r.id)]), room, 'conversation:message', {
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
