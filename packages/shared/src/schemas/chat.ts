import { z } from 'zod';
import { safeString } from './text';
import {
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_TYPES,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PAGE_SIZE,
  USERNAME_MAX_LENGTH,
  ONE_TO_ONE_CONVERSATION_TYPES,
} from '../constants';
import { isUuid } from '../validation';
import { isReactionEmoji, REACTION_EMOJI_MAX_LENGTH } from './reaction-rules';

export type TConversationType = (typeof CONVERSATION_TYPES)[number];
export type TOneToOneConversationType = (typeof ONE_TO_ONE_CONVERSATION_TYPES)[number];

const uuid = (message: string) => safeString().refine(isUuid, { message });
const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);
const pageLimit = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export const ZStartConversationRequest = z
  .object({
    conversationType: z.enum(ONE_TO_ONE_CONVERSATION_TYPES).optional(),
    isTeamScoped: z.boolean().optional(),
    teamHandle: safeString().trim().min(1).max(64).optional(),
  })
  .transform((value, ctx) => {
    const isTeamScoped = value.isTeamScoped ?? value.conversationType === 'team-scoped';
    const conversationType: TOneToOneConversationType = value.conversationType ?? (isTeamScoped ? 'team-scoped' : 'personal');
    if ((conversationType === 'team-scoped') !== isTeamScoped) {
      ctx.addIssue({ code: 'custom', path: ['isTeamScoped'], message: CHAT_ERRORS.typeMismatch });
      return z.NEVER;
    }
    if (isTeamScoped && !value.teamHandle) {
      ctx.addIssue({ code: 'custom', path: ['teamHandle'], message: CHAT_ERRORS.teamHandleRequired });
      return z.NEVER;
    }
    return { conversationType, isTeamScoped, teamHandle: isTeamScoped ? value.teamHandle : undefined };
  });
export type TStartConversationRequest = z.input<typeof ZStartConversationRequest>;
export type TStartConversationInput = z.output<typeof ZStartConversationRequest>;

/**
 * POST /chat/open: the chat page's first load in one round trip. The agent by username (a leading '@'
 * is ignored, as in GET /agents/:username) and, with `teamHandle`, the team-scoped conversation.
 */
export const ZOpenChatRequest = z.strictObject({
  username: safeString().trim().min(1).max(USERNAME_MAX_LENGTH + 1),
  teamHandle: safeString().trim().min(1).max(64).optional(),
});
export type TOpenChatRequest = z.input<typeof ZOpenChatRequest>;

export const ZConversationListQuery = z.object({
  page: pageNumber,
  limit: pageLimit(CONVERSATION_PAGE_SIZE, 100),
});

/**
 * `page` counts back from the newest message; `before` (a message id) pins the window so pages do not
 * shift while messages arrive; `after` (a seq) returns what came later, oldest first, for gap-fill;
 * `around` (a seq) returns that message with its older and newer neighbours (a search hit opened).
 */
export const ZMessageListQuery = z
  .object({
    page: pageNumber,
    limit: pageLimit(MESSAGE_PAGE_SIZE, 200),
    before: uuid('before must be a message id').optional(),
    after: z.coerce.number().int().min(0).optional(),
    around: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((q) => [q.before !== undefined, q.after !== undefined, q.around !== undefined].filter(Boolean).length <= 1, {
    message: 'Use one of before, after and around',
    path: ['after'],
  });
export type TMessageListQuery = z.output<typeof ZMessageListQuery>;

const messageContent = safeString({ error: CHAT_ERRORS.messageEmpty }).trim().max(MESSAGE_MAX_LENGTH, { error: CHAT_ERRORS.messageTooLong });

const sendMessageFields = {
  content: messageContent.optional().default(''),
  targetAgentId: uuid('targetAgentId must be an agent id').optional(),
  clientMessageId: safeString().trim().min(1).max(100).optional(),
  attachmentIds: z.array(uuid('attachmentIds must be attachment ids')).max(ATTACHMENT_MAX_FILES).optional().default([]),
  /** A thread reply also posted in the thread's conversation ("Also send to #room"); 400 outside a thread. */
  alsoSendToParent: z.boolean().optional().default(false),
};
const notEmpty = (m: { content: string; attachmentIds: string[] }) => m.content.length > 0 || m.attachmentIds.length > 0;

export const ZSendMessageRequest = z
  .object(sendMessageFields)
  .refine(notEmpty, { message: CHAT_ERRORS.messageEmpty, path: ['content'] });
export type TSendMessageRequest = z.input<typeof ZSendMessageRequest>;
export type TSendMessageInput = z.output<typeof ZSendMessageRequest>;

/** The socket's `message:send`: the same fields and rules as the HTTP send, with the conversation in the payload. */
export const ZSocketSendPayload = z
  .object({ conversationId: uuid('conversationId must be a conversation id'), ...sendMessageFields })
  .refine(notEmpty, { message: CHAT_ERRORS.messageEmpty, path: ['content'] });
export type TSocketSendPayload = z.input<typeof ZSocketSendPayload>;

export const ZEditMessageRequest = z.object({ content: messageContent });
export type TEditMessageRequest = z.input<typeof ZEditMessageRequest>;

/** The `:emoji` of `/chat/messages/:id/reactions/:emoji` (URL-encoded by the client, decoded by Express). */
export const ZReactionParams = z.object({
  emoji: safeString()
    .max(REACTION_EMOJI_MAX_LENGTH, { error: CHAT_ERRORS.invalidEmoji })
    .refine(isReactionEmoji, { error: CHAT_ERRORS.invalidEmoji }),
});

/** Full-text search over every conversation the caller can read; newest first. */
export const ZSearchQuery = z.object({
  q: safeString({ error: CHAT_ERRORS.searchEmpty })
    .trim()
    .min(1, { error: CHAT_ERRORS.searchEmpty })
    .max(SEARCH_QUERY_MAX_LENGTH, { error: CHAT_ERRORS.searchTooLong }),
  page: pageNumber,
  limit: pageLimit(SEARCH_PAGE_SIZE, 50),
});
export type TSearchQuery = z.output<typeof ZSearchQuery>;

export const ZMarkReadRequest = z.object({ lastReadMessageId: uuid('lastReadMessageId must be a message id') });
export type TMarkReadRequest = z.input<typeof ZMarkReadRequest>;

// ---- Response shapes: zod schemas in responses/chat.ts; the types are re-exported here for old imports ----
export type {
  TActiveReply,
  TChatAttachment,
  TChatMessage,
  TChatSender,
  TConversation,
  TConversationPage,
  TConversationParticipant,
  TMessagePage,
  TMessageReaction,
  TPagination,
  TReactionAgent,
  TSearchPage,
  TSearchResult,
  TSnippetPart,
  TReadCursor,
  TSeenAgent,
  TSeenStatus,
} from './responses/chat';
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_PAGE_SIZE, CHAT_ERRORS, ATTACHMENT_MAX_FILES } from './chat-constants';
