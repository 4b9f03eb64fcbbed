import { CHAT_ACTION_ERRORS, CHAT_FALLBACKS, type TMarkReadRequest, type TSendMessageRequest, type TStartConversationRequest } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from './call-route';

export type MessagePageQuery = { page?: number; limit?: number; before?: string; after?: number; around?: number };

/** The chat and AI-reply calls, one function each, with the texts shown when the server gives none. */
export const chatApi = {
  agent: (username: string) =>
    call(routes.getAgent, { params: { agent: username.replace(/^@/, '') }, fallback: CHAT_FALLBACKS.agentNotFound }).then((d) => d.agent),

  /** The caller's conversations, latest activity first (each with otherAgent, lastMessage, unreadCount). */
  conversations: (query: { page: number; limit: number }) => call(routes.listConversations, { query, fallback: CHAT_FALLBACKS.getConversations }),

  start: (agentId: string, input: TStartConversationRequest) =>
    call(routes.startConversation, { params: { agentId }, body: input, fallback: CHAT_FALLBACKS.getOrCreateConversation }).then((d) => d.conversation),

  /** One conversation by id (a room's, whose page opens it by name). */
  conversation: (conversationId: string) =>
    call(routes.getConversation, { params: { id: conversationId }, fallback: CHAT_FALLBACKS.initializeConversation }).then((d) => d.conversation),

  messages: (conversationId: string, query: MessagePageQuery, fallback: string = CHAT_FALLBACKS.getMessages) =>
    call(routes.listMessages, { params: { id: conversationId }, query, fallback }),

  send: (conversationId: string, input: TSendMessageRequest) =>
    call(routes.sendMessageAsync, { params: { id: conversationId }, body: input, fallback: CHAT_FALLBACKS.sendMessage }).then((d) => d.participantMessage),

  /** Multipart, through the same client (and so the same token refresh); 413/415/400 keep the server's text. */
  upload: (conversationId: string, files: readonly File[]) => {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    return call(routes.uploadAttachments, { params: { id: conversationId }, body: form, fallback: CHAT_FALLBACKS.sendMessage }).then((d) => d.attachments);
  },

  edit: (messageId: string, content: string) =>
    call(routes.editMessage, { params: { id: messageId }, body: { content }, fallback: CHAT_ACTION_ERRORS.editMessage }).then((d) => d.message),

  /** Deletes our own message; everyone then sees it as deleted (the socket brings them the update). */
  deleteMessage: (messageId: string) =>
    call(routes.deleteMessage, { params: { id: messageId }, fallback: CHAT_ACTION_ERRORS.deleteMessage }).then((d) => d.message),

  /** Adds (`reacted`) or takes back our reaction; repeating either is harmless. */
  react: (messageId: string, emoji: string, reacted: boolean) =>
    call(reacted ? routes.addReaction : routes.removeReaction, { params: { id: messageId, emoji }, fallback: CHAT_ACTION_ERRORS.react }).then(
      (d) => d.message,
    ),

  search: (q: string, query: { page?: number; limit?: number } = {}) =>
    call(routes.searchMessages, { query: { q, ...query }, fallback: CHAT_ACTION_ERRORS.search }),

  markRead: (conversationId: string, lastReadMessageId: string) =>
    call(routes.markConversationRead, {
      params: { id: conversationId },
      body: { lastReadMessageId } satisfies TMarkReadRequest,
      fallback: CHAT_FALLBACKS.markRead,
    }),

  markSeen: (messageId: string) => call(routes.markMessageSeen, { params: { id: messageId }, fallback: CHAT_FALLBACKS.markSeen }),

  activeReplies: (conversationId: string) => call(routes.listActiveReplies, { params: { id: conversationId } }).then((d) => d.replies),

  stopReply: (streamId: string) => call(routes.stopReply, { params: { streamId }, fallback: CHAT_ACTION_ERRORS.stopReply }),

  /** Rooms: stops every AI reply running or waiting, and the chain of agents asking each other. */
  stopChain: (conversationId: string) => call(routes.stopChain, { params: { id: conversationId }, fallback: CHAT_ACTION_ERRORS.stopChain }),

  regenerate: (messageId: string) => call(routes.regenerateReply, { params: { id: messageId }, fallback: CHAT_ACTION_ERRORS.regenerateReply }),
};
