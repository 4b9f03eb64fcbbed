import type { TChatMessage, TConversation, TMessageSeenEvent, TPresenceEvent } from '@agentroom/shared';
import { sortByActivity } from './inbox-order';

/*
 * Pure updates of the cached conversation list, one per socket event. Each returns the same array
 * when nothing changed (so nothing re-renders), and `withIncomingMessage` returns undefined for a
 * conversation the list does not hold: only a refetch can say what it is.
 */

/** What a conversation adds to the title's count: a muted one only its unread @mentions. */
export const shownUnreadOf = (conversation: TConversation) => (conversation.muted ? conversation.unreadMentions : conversation.unreadCount);

export const totalUnreadOf = (conversations: readonly TConversation[]) =>
  conversations.reduce((sum, conversation) => sum + shownUnreadOf(conversation), 0);

function replaceAt(conversations: readonly TConversation[], index: number, next: TConversation): TConversation[] {
  return conversations.map((conversation, i) => (i === index ? next : conversation));
}

/**
 * A new message: it becomes the snippet, the conversation moves up, and one from someone else counts as
 * unread (and as an unread mention when it @mentions me).
 */
export function withIncomingMessage(
  conversations: readonly TConversation[],
  message: TChatMessage,
  selfAgentId: string,
): readonly TConversation[] | undefined {
  // A thread reply belongs to Threads (decision 0026), not to the list nor its counts.
  if (message.inThread) return conversations;
  const index = conversations.findIndex((c) => c.id === message.conversationId);
  if (index < 0) return undefined;
  const current = conversations[index]!;
  // Already counted: the same message by both events, or one the last fetch included.
  if (message.seq <= current.lastSeq && current.lastMessage) return conversations;
  const fromSomeoneElse = message.sender.id !== selfAgentId;
  const mentionsMe = fromSomeoneElse && !!message.mentions?.includes(selfAgentId);
  return sortByActivity(
    replaceAt(conversations, index, {
      ...current,
      lastMessage: message,
      lastSeq: message.seq,
      lastMessageAt: message.timestamp,
      unreadCount: current.unreadCount + (fromSomeoneElse ? 1 : 0),
      unreadMentions: current.unreadMentions + (mentionsMe ? 1 : 0),
    }),
  );
}

/** My own agent saw a message (this tab, another tab, another device): nothing is unread there any more. */
export function withSeen(conversations: readonly TConversation[], event: TMessageSeenEvent, selfAgentId: string): readonly TConversation[] {
  if (event.agentId !== selfAgentId) return conversations;
  const index = conversations.findIndex((c) => c.id === event.conversationId);
  const current = conversations[index];
  if (!current || (current.unreadCount === 0 && current.unreadMentions === 0)) return conversations;
  return replaceAt(conversations, index, { ...current, unreadCount: 0, unreadMentions: 0 });
}

/** This tab moved my read cursor: the server's answer says how many messages are still unread there. */
export function withReadCursor(conversations: readonly TConversation[], conversationId: string, unreadCount: number): readonly TConversation[] {
  const index = conversations.findIndex((c) => c.id === conversationId);
  const current = conversations[index];
  if (!current || current.unreadCount === unreadCount) return conversations;
  return replaceAt(conversations, index, { ...current, unreadCount, unreadMentions: unreadCount === 0 ? 0 : current.unreadMentions });
}

/** An edit of the message the snippet shows. */
export function withEditedMessage(conversations: readonly TConversation[], message: TChatMessage): readonly TConversation[] {
  const index = conversations.findIndex((c) => c.id === message.conversationId && c.lastMessage?.id === message.id);
  if (index < 0) return conversations;
  return replaceAt(conversations, index, { ...conversations[index]!, lastMessage: message });
}

/** The other person's dot, green or grey (the realtime presence cache does not reach inside conversations). */
export function withPresence(conversations: readonly TConversation[], { agentId, isOnline }: TPresenceEvent): readonly TConversation[] {
  if (!conversations.some((c) => c.otherAgent?.id === agentId && c.otherAgent.isOnline !== isOnline)) return conversations;
  return conversations.map((c) => (c.otherAgent?.id === agentId ? { ...c, otherAgent: { ...c.otherAgent, isOnline } } : c));
}

/** My notify level or mute of one conversation changed: its badge and bold follow `muted`. */
export function withConversationSettings(
  conversations: readonly TConversation[],
  conversationId: string,
  settings: Pick<TConversation, 'notifyLevel' | 'muted'>,
): readonly TConversation[] {
  const index = conversations.findIndex((c) => c.id === conversationId);
  const current = conversations[index];
  if (!current || (current.notifyLevel === settings.notifyLevel && current.muted === settings.muted)) return conversations;
  return replaceAt(conversations, index, { ...current, ...settings });
}

/** I closed a conversation from the sidebar: it leaves the list until a newer message brings it back (a refetch). */
export const withoutConversation = (conversations: readonly TConversation[], conversationId: string): readonly TConversation[] =>
  conversations.some((c) => c.id === conversationId) ? conversations.filter((c) => c.id !== conversationId) : conversations;
