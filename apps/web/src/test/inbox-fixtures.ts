import type { TAgent, TChatMessage, TConversation, TUser } from '@agentroom/shared';
import { makeUser } from './fixtures';

/** Test data for the sidebar's conversation list, shaped like GET /chat/conversations. */
export const me = makeUser();

export function makeConversation(id: string, otherAgent: TAgent, overrides: Partial<TConversation> = {}): TConversation {
  return {
    id,
    conversationType: 'personal',
    isTeamScoped: false,
    team: null,
    participants: [],
    otherAgent,
    room: null,
    lastMessage: null,
    unreadCount: 0,
    unreadMentions: 0,
    lastSeq: 0,
    lastMessageAt: null,
    createdAt: '2025-01-01T08:00:00.000Z',
    notifyLevel: 'all',
    muted: false,
    ...overrides,
  };
}

/** A stored message; what a test leaves out is the plain default: text, sent now, unedited, no attachments. */
export function makeChatMessage(fields: Pick<TChatMessage, 'id' | 'conversationId' | 'seq' | 'content' | 'sender'> & Partial<TChatMessage>): TChatMessage {
  return { timestamp: new Date().toISOString(), messageType: 'text', isEdited: false, editedAt: null, clientMessageId: null, attachments: [], ...fields };
}

/** `agent` as a message's sender, with no avatar image unless `avatarUrl` is given. */
export const senderOf = (agent: Pick<TAgent, 'id' | 'firstName' | 'lastName' | 'isHuman'>, avatarUrl = ''): TChatMessage['sender'] => ({
  id: agent.id,
  firstName: agent.firstName,
  lastName: agent.lastName,
  role: agent.isHuman ? 'user' : 'agent',
  avatarUrl,
  isAgent: !agent.isHuman,
});

let counter = 0;
export function makeMessage(conversationId: string, seq: number, content: string, from: TAgent, timestamp: string): TChatMessage {
  counter += 1;
  const id = `0193a0c4-0000-7000-8000-${String(counter).padStart(12, '0')}`;
  return makeChatMessage({ id, conversationId, seq, content, timestamp, sender: senderOf(from, from.avatarUrl) });
}

/** A conversation whose last message is `message`, as the list answers it. */
export const withLast = (conversation: TConversation, message: TChatMessage, unreadCount = 0): TConversation => ({
  ...conversation,
  lastMessage: message,
  lastSeq: message.seq,
  lastMessageAt: message.timestamp,
  unreadCount,
});

export const conversationPage = (conversations: TConversation[], hasMore = false, page = 1) => ({
  conversations,
  pagination: { page, limit: 100, hasMore },
});

/** The chat the chat page tests open (with Maya, unless a test says otherwise). */
export const CHAT_ID = '0193a0c4-0000-7000-8000-0000000000c1';

/** The personal chat of `user` with `otherAgent`, as POST /chat/open (or …/start) answers it. */
export function makeChat(user: TUser, otherAgent: TAgent, overrides: Partial<TConversation> = {}): TConversation {
  return makeConversation(CHAT_ID, otherAgent, {
    participants: [{ id: 'p1', agentId: user.agentId, agent: user.agent, lastReadMessageId: null, lastReadSeq: 0 }],
    lastSeq: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });
}

/** A text message of the chat (CHAT_ID), sent now; its id follows from its seq, so a test can name it before it arrives. */
export function chatMessage(seq: number, content: string, sender: TChatMessage['sender'], extra: Partial<TChatMessage> = {}): TChatMessage {
  return makeChatMessage({ id: `0193a0c4-0000-7000-8000-d${String(seq).padStart(11, '0')}`, conversationId: CHAT_ID, seq, content, sender, ...extra });
}

/** A page of messages as GET /chat/conversations/:id/messages answers it (page 1 of `limit`). */
export const messagePage = (messages: TChatMessage[], limit = 50, more: { hasMore?: boolean; hasNewer?: boolean } = {}) => ({
  messages,
  pagination: { page: 1, limit, hasMore: more.hasMore ?? false, ...(more.hasNewer !== undefined ? { hasNewer: more.hasNewer } : {}) },
  seenStatus: {},
});
