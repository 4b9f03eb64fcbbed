import type { AppContext } from '../context';
import type { LeasedRateLimit } from '../http/rate-limit';
import type { SendMessage } from './send-message';
import { defineHandlers, StatusReply, type RouteInput } from '../http/route-handler';
import * as conversationsService from './conversation-service';
import * as messagesService from './message-service';
import { openChat } from './open-chat';
import * as reactionService from './reaction-service';
import * as readService from './read-service';
import * as searchService from './search-service';

/**
 * Sending: the send command checks what the socket's `message:send` checks too (verified, the message
 * limit, the body, access, the clientMessageId), so this route only answers its outcome: the rate-limit
 * headers, 201 for a new message and 200 for a retry of a stored one. The async variant answers the same
 * way at once; an AI agent's reply follows over the socket.
 */
export function chatSendRoutes(sendMessage: SendMessage, messageLimit: LeasedRateLimit) {
  const send = {
    before: [],
    rawBody: true,
    handle: async ({ auth, params, req, res }: RouteInput<'sendMessage' | 'sendMessageAsync'>) => {
      const request = { conversationId: params.id, body: req.body as unknown };
      const { message, created } = await sendMessage(auth, request, (count) => messageLimit.writeHeaders(res, count));
      return new StatusReply(created ? 201 : 200, { participantMessage: message });
    },
  };
  return defineHandlers({ sendMessage: send, sendMessageAsync: send });
}

/** Conversations, their messages, read markers, reactions and search. */
export const chatRoutes = (ctx: AppContext) =>
  defineHandlers({
    openChat: ({ auth, body }) => openChat(ctx, auth.agentId, body),
    startConversation: async ({ auth, params, body }) => ({
      conversation: await conversationsService.startConversation(ctx, auth.agentId, params.agentId, body),
    }),
    listConversations: ({ auth, query }) => conversationsService.listConversations(ctx, auth.agentId, query),
    getConversation: async ({ auth, params }) => ({ conversation: await conversationsService.getConversation(ctx, auth.agentId, params.id) }),
    listMessages: ({ auth, params, query }) => messagesService.listMessages(ctx, auth.agentId, params.id, query),
    markConversationRead: async ({ auth, params, body }) => ({
      cursor: await readService.markConversationRead(ctx, auth.agentId, params.id, body.lastReadMessageId),
    }),
    editMessage: async ({ auth, params, body }) => ({ message: await messagesService.editMessage(ctx, auth.agentId, params.id, body) }),
    markMessageSeen: async ({ auth, params }) => ({ cursor: await readService.markMessageSeen(ctx, auth.agentId, params.id) }),
    deleteMessage: async ({ auth, params }) => ({ message: await messagesService.deleteMessage(ctx, auth.agentId, params.id) }),
    // The emoji is a path segment, URL-encoded by the client and decoded by Express.
    addReaction: async ({ auth, params }) => ({ message: await reactionService.setReaction(ctx, auth.agentId, params.id, params.emoji, true) }),
    removeReaction: async ({ auth, params }) => ({ message: await reactionService.setReaction(ctx, auth.agentId, params.id, params.emoji, false) }),
    searchMessages: ({ auth, query }) => searchService.searchMessages(ctx, auth.agentId, query),
    updateConversationSettings: async ({ auth, params, body }) => ({
      settings: await conversationsService.updateConversationSettings(ctx, auth.agentId, params.id, body),
    }),
  });
