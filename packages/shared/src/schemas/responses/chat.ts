import { z } from 'zod';
import { CONVERSATION_TYPES } from '../../constants';
import { ZAgent, ZIsoDateTime } from './users';

/** Chat response shapes: one presenter each on the server; REST and socket share them. */
export const ZChatSender = z
  .strictObject({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    /** 'user' for a human, 'agent' for an AI agent (spec §6). */
    role: z.enum(['user', 'agent']),
    avatarUrl: z.string(),
    isAgent: z.boolean(),
  })
  .meta({ id: 'ChatSender' });
export type TChatSender = z.infer<typeof ZChatSender>;

export const ZChatAttachment = z
  .strictObject({
    id: z.uuid(),
    filename: z.string(),
    mime: z.string(),
    size: z.number().int().nonnegative(),
    /** Signed, short-lived download URL (works in <img src> without the bearer header). */
    url: z.string().meta({ description: 'Signed, short-lived download URL (works without the bearer header).' }),
  })
  .meta({ id: 'ChatAttachment' });
export type TChatAttachment = z.infer<typeof ZChatAttachment>;

export const ZChatMessage = z
  .strictObject({
    id: z.uuid(),
    conversationId: z.uuid(),
    seq: z.number().int().nonnegative(),
    content: z.string(),
    timestamp: ZIsoDateTime,
    /** 'notice' is an AI agent saying why it could not answer (no model, budget, provider failure). */
    messageType: z.enum(['text', 'notice']),
    isEdited: z.boolean(),
    editedAt: ZIsoDateTime.nullable(),
    clientMessageId: z.string().nullable(),
    sender: ZChatSender,
    attachments: z.array(ZChatAttachment),
    /** AI replies: the message answered, whether the user stopped it part-way, and a notice's details. */
    replyToMessageId: z.uuid().optional(),
    stopped: z.boolean().optional(),
    notice: z.strictObject({ code: z.string(), retryable: z.boolean() }).optional(),
  })
  .meta({ id: 'ChatMessage' });
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZSeenAgent = z
  .strictObject({ id: z.uuid(), firstName: z.string(), lastName: z.string(), avatarUrl: z.string() })
  .meta({ id: 'SeenAgent', description: 'The agent beside a seen marker or typing indicator.' });
export type TSeenAgent = z.infer<typeof ZSeenAgent>;

/** messageId → the agents whose read cursor sits on that message (each agent on one message only). */
export const ZSeenStatus = z
  .record(z.string(), z.array(ZSeenAgent))
  .meta({ id: 'SeenStatus', description: 'messageId → the agents whose read cursor sits on that message.' });
export type TSeenStatus = z.infer<typeof ZSeenStatus>;

export const ZConversationParticipant = z
  .strictObject({
    id: z.uuid(),
    agentId: z.uuid(),
    agent: ZAgent,
    lastReadMessageId: z.uuid().nullable(),
    lastReadSeq: z.number().int().nonnegative(),
  })
  .meta({ id: 'ConversationParticipant' });
export type TConversationParticipant = z.infer<typeof ZConversationParticipant>;

export const ZConversation = z
  .strictObject({
    id: z.uuid(),
    conversationType: z.enum(CONVERSATION_TYPES),
    isTeamScoped: z.boolean(),
    team: z.strictObject({ id: z.uuid(), handle: z.string(), name: z.string() }).nullable(),
    participants: z.array(ZConversationParticipant),
    otherAgent: ZAgent,
    lastMessage: ZChatMessage.nullable(),
    unreadCount: z.number().int().nonnegative(),
    lastSeq: z.number().int().nonnegative(),
    lastMessageAt: ZIsoDateTime.nullable(),
    createdAt: ZIsoDateTime,
  })
  .meta({ id: 'Conversation' });
export type TConversation = z.infer<typeof ZConversation>;

export const ZPagination = z
  .strictObject({ page: z.number().int(), limit: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'Pagination' });
export type TPagination = z.infer<typeof ZPagination>;

export const ZMessagePage = z
  .strictObject({ messages: z.array(ZChatMessage), pagination: ZPagination, seenStatus: ZSeenStatus })
  .meta({ id: 'MessagePage' });
export type TMessagePage = z.infer<typeof ZMessagePage>;

export const ZConversationPage = z
  .strictObject({ conversations: z.array(ZConversation), pagination: ZPagination })
  .meta({ id: 'ConversationPage' });
export type TConversationPage = z.infer<typeof ZConversationPage>;

export const ZReadCursor = z
  .strictObject({
    conversationId: z.uuid(),
    lastReadMessageId: z.uuid().nullable(),
    lastReadSeq: z.number().int().nonnegative(),
    unreadCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'ReadCursor' });
export type TReadCursor = z.infer<typeof ZReadCursor>;

/** GET /chat/conversations/:id/replies: replies being written now, with their text so far. */
export const ZActiveReply = z
  .strictObject({
    streamId: z.uuid(),
    agentId: z.uuid(),
    status: z.enum(['queued', 'running']),
    attempt: z.number().int().nonnegative(),
    content: z.string(),
  })
  .meta({ id: 'ActiveReply', description: 'A reply being written now, with its text so far.' });
export type TActiveReply = z.infer<typeof ZActiveReply>;

export const ZConversationResponse = z.strictObject({ conversation: ZConversation });
export const ZSentMessageResponse = z.strictObject({ participantMessage: ZChatMessage });
export const ZMessageResponse = z.strictObject({ message: ZChatMessage });
export const ZReadCursorResponse = z.strictObject({ cursor: ZReadCursor });
export const ZAttachmentsResponse = z.strictObject({ attachments: z.array(ZChatAttachment) });
export const ZActiveRepliesResponse = z.strictObject({ replies: z.array(ZActiveReply) });
export const ZStopReplyResponse = z.strictObject({
  stopped: z.boolean().meta({ description: 'false when the reply had already finished.' }),
});
export const ZRegenerateReplyResponse = z.strictObject({ streamId: z.uuid() });
