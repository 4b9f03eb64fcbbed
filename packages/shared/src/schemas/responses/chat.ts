import { z } from 'zod';
import { CONVERSATION_TYPES, NOTIFY_LEVELS } from '../../constants';
import { ZAgent, ZIsoDateTime } from './users';
import { READ_ONLY_REASONS } from '../safety';
import { TOOL_APPROVERS, TOOL_CALL_STATUSES } from '../tools';

/** Chat response shapes: one presenter each on the server; REST and socket share them. */
export const ZChatSender = z
  .strictObject({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    /** 'user' for a human, 'agent' for an AI agent. */
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

/** Someone who reacted, as a reaction chip names them. */
export const ZReactionAgent = z
  .strictObject({ id: z.uuid(), firstName: z.string(), lastName: z.string() })
  .meta({ id: 'ReactionAgent' });
export type TReactionAgent = z.infer<typeof ZReactionAgent>;

/**
 * One emoji on a message: how many reacted and who, in the order they did. The same for every
 * viewer (it is broadcast as is): "did I react" is `agents` containing the viewer (`hasReacted`).
 */
export const ZMessageReaction = z
  .strictObject({ emoji: z.string(), count: z.number().int().positive(), agents: z.array(ZReactionAgent) })
  .meta({ id: 'MessageReaction' });
export type TMessageReaction = z.infer<typeof ZMessageReaction>;

// ---- agents that act (decision 0024): a reply's tool steps, the files it read, approval cards ----

/**
 * One step of an AI reply: a tool call with its label ("Searched messages for 'Q3 plan'", "Called
 * crm.lookup_order"), arguments and result as plain text (untrusted: shown as text, never as HTML).
 */
export const ZToolStep = z
  .strictObject({
    id: z.uuid(),
    tool: z.string(),
    label: z.string(),
    status: z.enum(TOOL_CALL_STATUSES),
    /** The arguments, pretty-printed JSON (or the model's text when it was not JSON). */
    arguments: z.string(),
    /** The result (capped) or the error; omitted until the call ends. */
    result: z.string().optional(),
    isError: z.boolean(),
  })
  .meta({ id: 'ToolStep' });
export type TToolStep = z.infer<typeof ZToolStep>;

/** A file an agent read for a reply: "Atlas read orbit-brief.pdf (12 pages)", or why it could not. */
export const ZFileRead = z
  .strictObject({
    attachmentId: z.uuid(),
    filename: z.string(),
    pages: z.number().int().nonnegative().optional(),
    /** An image the model saw, or text extracted. */
    kind: z.enum(['text', 'image']),
    /** Why the file was not read (unreadable, no image support, over the context budget). */
    notice: z.string().optional(),
  })
  .meta({ id: 'FileRead' });
export type TFileRead = z.infer<typeof ZFileRead>;

/** The approval card of a tool call, carried by a message of type 'approval'. */
export const ZToolApproval = z
  .strictObject({
    toolCallId: z.uuid(),
    agentId: z.uuid(),
    tool: z.string(),
    arguments: z.string(),
    /** The agent's words before it asked. */
    reason: z.string(),
    approvers: z.enum(TOOL_APPROVERS),
    /** Who may decide (as of the request): the ids the client shows buttons to. The server checks again. */
    approverIds: z.array(z.uuid()),
    /** How the card names them: "Maya Lee or a room manager". */
    approversLabel: z.string(),
    status: z.enum(['pending', 'approved', 'denied', 'expired']),
    expiresAt: ZIsoDateTime,
    decidedBy: ZReactionAgent.nullable(),
    decidedAt: ZIsoDateTime.nullable(),
  })
  .meta({ id: 'ToolApproval' });
export type TToolApproval = z.infer<typeof ZToolApproval>;

/** Under a thread's root: how many replies, when the latest came, the newest distinct repliers. */
export const ZThreadSummary = z
  .strictObject({
    /** The thread's own conversation: open it, send into it, read its messages. */
    conversationId: z.uuid(),
    replyCount: z.number().int().nonnegative(),
    lastReplyAt: ZIsoDateTime.nullable(),
    /** Up to THREAD_REPLIERS_SHOWN agents, newest reply first. */
    repliers: z.array(z.strictObject({ id: z.uuid(), firstName: z.string(), lastName: z.string(), avatarUrl: z.string() })),
  })
  .meta({ id: 'ThreadSummary' });
export type TThreadSummary = z.infer<typeof ZThreadSummary>;

/** Where a thread lives: its conversation, its root message, and the conversation the root is in. */
export const ZThreadPlace = z
  .strictObject({ threadConversationId: z.uuid(), rootMessageId: z.uuid(), parentConversationId: z.uuid() })
  .meta({ id: 'ThreadPlace' });
export type TThreadPlace = z.infer<typeof ZThreadPlace>;

export const ZChatMessage = z
  .strictObject({
    id: z.uuid(),
    conversationId: z.uuid(),
    seq: z.number().int().nonnegative(),
    content: z.string(),
    timestamp: ZIsoDateTime,
    /** 'notice' is an AI agent saying why it could not answer (no model, budget, provider failure). */
    /** 'approval': an AI agent asks to run a tool; `approval` is its card (decision 0024). */
    messageType: z.enum(['text', 'notice', 'approval']),
    isEdited: z.boolean(),
    editedAt: ZIsoDateTime.nullable(),
    clientMessageId: z.string().nullable(),
    sender: ZChatSender,
    attachments: z.array(ZChatAttachment),
    /** AI replies: the message answered, whether the user stopped it part-way, and a notice's details. */
    replyToMessageId: z.uuid().optional(),
    stopped: z.boolean().optional(),
    notice: z.strictObject({ code: z.string(), retryable: z.boolean() }).optional(),
    /**
     * A regenerated AI reply: the texts of its earlier versions, oldest first (the current version,
     * `content`, is the last one; shown as "2 / 2"). Omitted for a reply never regenerated.
     */
    earlierVersions: z.array(z.string()).optional(),
    /** Emoji reactions, in the order each emoji was first used; omitted when there are none. */
    reactions: z.array(ZMessageReaction).optional(),
    /** Deleted by its sender: content and attachments are empty, it keeps its place; omitted unless true. */
    deleted: z.literal(true).optional(),
    /** Ids of the conversation's members this message @mentions (omitted when none). */
    mentions: z.array(z.uuid()).optional(),
    /** Rooms: an AI reply that another AI agent asked for by @mentioning it ("Nova asked Sage"). */
    askedBy: ZReactionAgent.optional(),
    /** AI replies: the tool steps it took, in order (omitted when none). */
    toolSteps: z.array(ZToolStep).optional(),
    /** AI replies: the attachments it read (omitted when none). */
    filesRead: z.array(ZFileRead).optional(),
    /** AI replies: the reply reached the step limit (AI_MAX_TOOL_STEPS) and ended there. */
    stepLimit: z.number().int().positive().optional(),
    /** Messages of type 'approval': the card. */
    approval: ZToolApproval.optional(),
    /** A message that has a thread (decision 0026): its replies' count, latest time and repliers, live by `thread:updated`. */
    thread: ZThreadSummary.optional(),
    /** A reply inside a thread: its root and the conversation the thread belongs to. */
    inThread: ZThreadPlace.optional(),
    /** A thread reply that was also sent to the thread's conversation ("Also send to #room"): this copy's thread. */
    fromThread: ZThreadPlace.optional(),
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

/** What makes a conversation a room: its name, topic and settings (null on 1:1 conversations). */
export const ZRoomSettings = z
  .strictObject({
    /** Channel-style name, unique in its team, also its address: /t/:handle/r/:name. */
    name: z.string(),
    topic: z.string(),
    /** Private rooms are invisible to team members outside them. */
    isPrivate: z.boolean(),
    /** The team's 'general' room: every person of the team is in it. */
    isGeneral: z.boolean(),
    /** The AI agent that answers every message from a person; null: AI agents answer when @mentioned. */
    answersAllAgentId: z.uuid().nullable(),
    /** At most this many AI agent turns follow each message from a person. */
    agentTurnLimit: z.number().int().nonnegative(),
    /** Whether the caller may change the room (its creator, the team's owners and admins). */
    canManage: z.boolean(),
  })
  .meta({ id: 'RoomSettings' });
export type TRoomSettings = z.infer<typeof ZRoomSettings>;

export const ZConversation = z
  .strictObject({
    id: z.uuid(),
    conversationType: z.enum(CONVERSATION_TYPES),
    isTeamScoped: z.boolean(),
    team: z.strictObject({ id: z.uuid(), handle: z.string(), name: z.string() }).nullable(),
    participants: z.array(ZConversationParticipant),
    /** 1:1 conversations: the other participant. Rooms: null (see `participants`). */
    otherAgent: ZAgent.nullable(),
    /** Rooms: name, topic and settings. 1:1 conversations: null. */
    room: ZRoomSettings.nullable(),
    lastMessage: ZChatMessage.nullable(),
    unreadCount: z.number().int().nonnegative(),
    /** Unread messages that @mention the caller (a badge of its own). */
    unreadMentions: z.number().int().nonnegative(),
    lastSeq: z.number().int().nonnegative(),
    /** Retention removed the messages up to this seq (pinned ones may remain): history before it is gone (decision 0028). */
    removedThroughSeq: z.number().int().nonnegative().optional(),
    lastMessageAt: ZIsoDateTime.nullable(),
    createdAt: ZIsoDateTime,
    /** 1:1s: why the viewer may no longer send here (the reach rule, decision 0022); null: they may. */
    readOnly: z.enum(READ_ONLY_REASONS).nullable().optional(),
    /** Threads (decision 0026): where the thread lives, and whether the caller follows it. Null elsewhere. */
    thread: ZThreadPlace.extend({ following: z.boolean() }).nullable().optional(),
    /** The caller's notify level here (toasts, browser notifications, mail): all, @mentions only, none. */
    notifyLevel: z.enum(NOTIFY_LEVELS),
    /** Muted by the caller: no unread badge or bold row (mentions still count). */
    muted: z.boolean(),
  })
  .meta({ id: 'Conversation' });
export type TConversation = z.infer<typeof ZConversation>;

export const ZPagination = z
  .strictObject({
    page: z.number().int(),
    limit: z.number().int(),
    hasMore: z.boolean(),
    /** A page of messages around a seq: whether newer messages follow it (load them with `after`). */
    hasNewer: z.boolean().optional(),
  })
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
    /** 'waiting': a tool call waits for approval (its card is in the conversation). */
    status: z.enum(['queued', 'running', 'waiting']),
    attempt: z.number().int().nonnegative(),
    content: z.string(),
    /** Its tool steps and the files it read so far. */
    steps: z.array(ZToolStep).optional(),
    filesRead: z.array(ZFileRead).optional(),
    /** A regeneration (or a notice's retry): the message whose place it writes into. */
    replacesMessageId: z.uuid().optional(),
  })
  .meta({ id: 'ActiveReply', description: 'A reply being written now, with its text so far.' });
export type TActiveReply = z.infer<typeof ZActiveReply>;

export const ZConversationResponse = z.strictObject({ conversation: ZConversation });
/** POST /chat/open: the agent, the conversation and its newest page; both null on one's own profile (no conversation with oneself). */
export const ZOpenChatResponse = z.strictObject({ agent: ZAgent, conversation: ZConversation.nullable(), page: ZMessagePage.nullable() });
export type TOpenChatResponse = z.infer<typeof ZOpenChatResponse>;
export const ZSentMessageResponse = z.strictObject({ participantMessage: ZChatMessage });
export const ZMessageResponse = z.strictObject({ message: ZChatMessage });
export const ZReadCursorResponse = z.strictObject({ cursor: ZReadCursor });
export const ZAttachmentsResponse = z.strictObject({ attachments: z.array(ZChatAttachment) });
export const ZActiveRepliesResponse = z.strictObject({ replies: z.array(ZActiveReply) });
export const ZStopReplyResponse = z.strictObject({
  stopped: z.boolean().meta({ description: 'false when the reply had already finished.' }),
});
/** Stopping a room's chain of AI agent turns: the replies stopped or cancelled (0 when none was running). */
export const ZStopChainResponse = z.strictObject({ stopped: z.number().int().nonnegative() });
export const ZRegenerateReplyResponse = z.strictObject({ streamId: z.uuid() });

export const ZReactionResponse = z.strictObject({ message: ZChatMessage });

/** A piece of a search snippet: `highlight` marks the words the query matched (render as <mark>, as text). */
export const ZSnippetPart = z.strictObject({ text: z.string(), highlight: z.boolean() }).meta({ id: 'SnippetPart' });
export type TSnippetPart = z.infer<typeof ZSnippetPart>;

/** Where a search hit lives, enough to open it: the other agent of a 1:1 conversation (null when there is none). */
export const ZSearchConversation = z
  .strictObject({
    id: z.uuid(),
    conversationType: z.enum(CONVERSATION_TYPES),
    team: z.strictObject({ id: z.uuid(), handle: z.string(), name: z.string() }).nullable(),
    /** Rooms: the room's name (open it at /t/:handle/r/:name). */
    roomName: z.string().nullable(),
    otherAgent: z
      .strictObject({
        id: z.uuid(),
        username: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        avatarUrl: z.string(),
        isAgent: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: 'SearchConversation' });
export type TSearchConversation = z.infer<typeof ZSearchConversation>;

export const ZSearchResult = z
  .strictObject({
    messageId: z.uuid(),
    /** Open the conversation around this seq (`GET …/messages?around=<seq>`). */
    seq: z.number().int().positive(),
    timestamp: ZIsoDateTime,
    sender: ZChatSender,
    snippet: z.array(ZSnippetPart),
    /** For a thread reply: the conversation of its root (open it there with the thread beside it). */
    conversation: ZSearchConversation,
    /** A thread reply: its thread (`seq` is then its place inside the thread). */
    inThread: ZThreadPlace.optional(),
  })
  .meta({ id: 'SearchResult' });
export type TSearchResult = z.infer<typeof ZSearchResult>;

export const ZSearchPage = z.strictObject({ results: z.array(ZSearchResult), pagination: ZPagination }).meta({ id: 'SearchPage' });
export type TSearchPage = z.infer<typeof ZSearchPage>;
