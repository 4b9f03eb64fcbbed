import { z } from 'zod';
import { ERROR_CODES } from '../../errors';
import { ZChatMessage, ZFileRead, ZReactionAgent, ZSeenAgent, ZToolStep } from './chat';
import { ZAgent } from './users';

/** Socket.IO payloads the server sends, and the ack it answers client events with. */
export const ZSocketAck = z
  .discriminatedUnion('ok', [
    z.strictObject({ ok: z.literal(true) }),
    z.strictObject({ ok: z.literal(false), error: z.string(), code: z.enum(ERROR_CODES) }),
  ])
  .meta({ id: 'SocketAck', description: 'The answer to every client event that passes an ack callback.' });
export type TSocketAck = z.infer<typeof ZSocketAck>;

/** `message:send`'s ack: once the message is stored, the message (`created: false` when a retry found it stored), or the error. */
export const ZSendMessageAck = z
  .discriminatedUnion('ok', [
    z.strictObject({ ok: z.literal(true), participantMessage: ZChatMessage, created: z.boolean() }),
    z.strictObject({ ok: z.literal(false), error: z.string(), code: z.enum(ERROR_CODES) }),
  ])
  .meta({ id: 'SendMessageAck', description: 'The answer to `message:send`: sent only once the message is durable.' });
export type TSendMessageAck = z.infer<typeof ZSendMessageAck>;

export const ZTypingEvent = z
  .strictObject({
    conversationId: z.uuid(),
    /** The conversation_participants row of the typing agent. */
    participantId: z.uuid(),
    agentId: z.uuid(),
    agent: ZSeenAgent,
    isTyping: z.boolean(),
  })
  .meta({ id: 'TypingEvent' });
export type TTypingEvent = z.infer<typeof ZTypingEvent>;

export const ZMessageSeenEvent = z
  .strictObject({ conversationId: z.uuid(), messageId: z.uuid(), agentId: z.uuid(), agent: ZSeenAgent })
  .meta({ id: 'MessageSeenEvent' });
export type TMessageSeenEvent = z.infer<typeof ZMessageSeenEvent>;

export const ZConversationMessageEvent = z
  .strictObject({ conversationId: z.uuid(), message: ZChatMessage })
  .meta({ id: 'ConversationMessageEvent' });
export type TConversationMessageEvent = z.infer<typeof ZConversationMessageEvent>;

/** One agent added (`reacted: true`) or removed an emoji reaction: apply it with `applyReaction`. */
export const ZMessageReactionEvent = z
  .strictObject({ conversationId: z.uuid(), messageId: z.uuid(), emoji: z.string(), agent: ZReactionAgent, reacted: z.boolean() })
  .meta({ id: 'MessageReactionEvent' });
export type TMessageReactionEvent = z.infer<typeof ZMessageReactionEvent>;

export const ZPresenceEvent = z
  .strictObject({ agentId: z.uuid(), isOnline: z.boolean() })
  .meta({ id: 'PresenceEvent' });
export type TPresenceEvent = z.infer<typeof ZPresenceEvent>;

/** An agent's avatar, names or role changed. `agent.isOnline` is null: presence comes from `presence:changed`. */
export const ZAgentUpdatedEvent = z.strictObject({ agent: ZAgent }).meta({ id: 'AgentUpdatedEvent' });
export type TAgentUpdatedEvent = z.infer<typeof ZAgentUpdatedEvent>;

/**
 * A team's rooms changed for you: a room was created, renamed or changed, or you (or others) joined,
 * left, were added or removed. Refetch the team's rooms (and your conversations); a room you can no
 * longer read answers 404.
 */
export const ZRoomsChangedEvent = z.strictObject({ teamId: z.uuid(), roomId: z.uuid() }).meta({ id: 'RoomsChangedEvent' });
export type TRoomsChangedEvent = z.infer<typeof ZRoomsChangedEvent>;

/** One of your teams changed for you (you were removed, it was deleted or restored). */
export const TEAM_CHANGES = ['removed', 'deleted', 'restored'] as const;
export const ZTeamsChangedEvent = z
  .strictObject({ teamId: z.uuid(), handle: z.string(), name: z.string(), change: z.enum(TEAM_CHANGES) })
  .meta({ id: 'TeamsChangedEvent' });
export type TTeamsChangedEvent = z.infer<typeof ZTeamsChangedEvent>;

/**
 * Events may have been lost: fetch what is missing (`after=<seq>`) for every open conversation. The
 * socket itself stayed connected. `realtime-restored`: the link between API nodes was down and is
 * back; `peer-lost`: another API node stopped (crashed or shut down) and may have stored messages
 * whose live events never left it (decision 0030). Clients treat every reason alike.
 */
export const ZResyncEvent = z.strictObject({ reason: z.enum(['realtime-restored', 'peer-lost']) }).meta({ id: 'ResyncEvent' });
export type TResyncEvent = z.infer<typeof ZResyncEvent>;

/** AI reply tokens as they arrive (sent by the AI reply job; defined here so both sides agree). */
export const ZMessageStreamEvent = z
  .strictObject({
    conversationId: z.uuid(),
    /** The reply job; the stored reply carries clientMessageId `ai-reply:<streamId>`. */
    streamId: z.uuid().meta({ description: 'The reply job; the stored reply carries clientMessageId `ai-reply:<streamId>`.' }),
    agentId: z.uuid(),
    delta: z.string(),
    /** Length of the text before this delta: a client holding more skips, one holding less refetches. */
    offset: z.number().int().nonnegative().meta({ description: 'Length of the text before this delta.' }),
    /** A retried job starts again from an empty text with a higher attempt. */
    attempt: z.number().int().nonnegative(),
    done: z.boolean(),
    /** A regeneration (or a notice's retry) writes into this message's place instead of a new message. */
    replacesMessageId: z.uuid().optional(),
    /** The reply's tool steps so far, whole, sent whenever one starts or ends (decision 0024). */
    steps: z.array(ZToolStep).optional(),
    /** The files the reply read, sent once they are read. */
    filesRead: z.array(ZFileRead).optional(),
  })
  .meta({ id: 'MessageStreamEvent', description: 'AI reply text as it arrives.' });
export type TMessageStreamEvent = z.infer<typeof ZMessageStreamEvent>;
