import {
  CHAT_ACTION_ERRORS,
  CHAT_FALLBACKS,
  type TActiveReply,
  type TReadCursor,
  type TAgentResponse,
  type TChatAttachment,
  type TChatMessage,
  type TConversation,
  type TConversationPage,
  type TMarkReadRequest,
  type TMessagePage,
  type TSearchPage,
  type TSendMessageRequest,
  type TStartConversationRequest,
} from '@agentroom/shared';
import { http } from './api-client';

const conversationPath = (id: string) => `/chat/conversations/${encodeURIComponent(id)}`;
const messagePath = (id: string) => `/chat/messages/${encodeURIComponent(id)}`;

export type MessagePageQuery = { page?: number; limit?: number; before?: string; after?: number; around?: number };

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The chat and AI-reply calls of spec §7 and DESIGN §4–6, one function each, with the spec §8 fallbacks. */
export const chatApi = {
  agent: (username: string) =>
    http
      .get<TAgentResponse>(`/agents/${encodeURIComponent(username.replace(/^@/, ''))}`, { fallback: CHAT_FALLBACKS.agentNotFound })
      .then((d) => d.agent),

  /** The caller's conversations, latest activity first (each with otherAgent, lastMessage, unreadCount). */
  conversations: (params: { page: number; limit: number }) =>
    http.get<TConversationPage>(`/chat/conversations${query(params)}`, { fallback: CHAT_FALLBACKS.getConversations }),

  start: (agentId: string, input: TStartConversationRequest) =>
    http
      .post<{ conversation: TConversation }>(`${conversationPath(agentId)}/start`, input, {
        fallback: CHAT_FALLBACKS.getOrCreateConversation,
      })
      .then((d) => d.conversation),

  /** One conversation by id (a room's, whose page opens it by name). */
  conversation: (conversationId: string) =>
    http
      .get<{ conversation: TConversation }>(conversationPath(conversationId), { fallback: CHAT_FALLBACKS.initializeConversation })
      .then((d) => d.conversation),

  messages: (conversationId: string, params: MessagePageQuery, fallback: string = CHAT_FALLBACKS.getMessages) =>
    http.get<TMessagePage>(`${conversationPath(conversationId)}/messages${query(params)}`, { fallback }),

  send: (conversationId: string, input: TSendMessageRequest) =>
    http
      .post<{ participantMessage: TChatMessage }>(`${conversationPath(conversationId)}/messages/async`, input, {
        fallback: CHAT_FALLBACKS.sendMessage,
      })
      .then((d) => d.participantMessage),

  /** Multipart, through the same client (and so the same token refresh); 413/415/400 keep the server's text. */
  upload: (conversationId: string, files: readonly File[]) => {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    return http
      .post<{ attachments: TChatAttachment[] }>(`${conversationPath(conversationId)}/attachments`, form, {
        fallback: CHAT_FALLBACKS.sendMessage,
      })
      .then((d) => d.attachments);
  },

  edit: (messageId: string, content: string) =>
    http
      .patch<{ message: TChatMessage }>(messagePath(messageId), { content }, { fallback: CHAT_ACTION_ERRORS.editMessage })
      .then((d) => d.message),

  /** Deletes our own message; everyone then sees it as deleted (the socket brings them the update). */
  deleteMessage: (messageId: string) =>
    http.delete<{ message: TChatMessage }>(messagePath(messageId), { fallback: CHAT_ACTION_ERRORS.deleteMessage }).then((d) => d.message),

  /** Adds (`reacted`) or takes back our reaction; repeating either is harmless. */
  react: (messageId: string, emoji: string, reacted: boolean) => {
    const path = `${messagePath(messageId)}/reactions/${encodeURIComponent(emoji)}`;
    const options = { fallback: CHAT_ACTION_ERRORS.react };
    return (reacted ? http.put<{ message: TChatMessage }>(path, {}, options) : http.delete<{ message: TChatMessage }>(path, options)).then(
      (d) => d.message,
    );
  },

  search: (q: string, params: { page?: number; limit?: number } = {}) =>
    http.get<TSearchPage>(`/chat/search${query({ q, ...params })}`, { fallback: CHAT_ACTION_ERRORS.search }),

  markRead: (conversationId: string, lastReadMessageId: string) =>
    http.put<{ cursor?: TReadCursor } | undefined>(`${conversationPath(conversationId)}/read`, { lastReadMessageId } satisfies TMarkReadRequest, {
      fallback: CHAT_FALLBACKS.markRead,
    }),

  markSeen: (messageId: string) => http.post<unknown>(`${messagePath(messageId)}/seen`, {}, { fallback: CHAT_FALLBACKS.markSeen }),

  activeReplies: (conversationId: string) =>
    http.get<{ replies: TActiveReply[] }>(`${conversationPath(conversationId)}/replies`).then((d) => d.replies),

  stopReply: (streamId: string) =>
    http.post<{ stopped: boolean }>(`/chat/replies/${encodeURIComponent(streamId)}/stop`, {}, { fallback: CHAT_ACTION_ERRORS.stopReply }),

  /** Rooms: stops every AI reply running or waiting, and the chain of agents asking each other. */
  stopChain: (conversationId: string) =>
    http.post<{ stopped: number }>(`${conversationPath(conversationId)}/chain/stop`, {}, { fallback: CHAT_ACTION_ERRORS.stopChain }),

  regenerate: (messageId: string) =>
    http.post<{ streamId: string }>(`${messagePath(messageId)}/regenerate`, {}, { fallback: CHAT_ACTION_ERRORS.regenerateReply }),
};
