import type { TAgent, TChatMessage, TConversation } from '@agentroom/shared';
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
    ...overrides,
  };
}

let counter = 0;
export function makeMessage(conversationId: string, seq: number, content: string, from: TAgent, timestamp: string): TChatMessage {
  counter += 1;
  return {
    id: `0193a0c4-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    conversationId,
    seq,
    content,
    timestamp,
    messageType: 'text',
    isEdited: false,
    editedAt: null,
    clientMessageId: null,
    sender: { id: from.id, firstName: from.firstName, lastName: from.lastName, role: from.isHuman ? 'user' : 'agent', avatarUrl: from.avatarUrl, isAgent: !from.isHuman },
    attachments: [],
  };
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
