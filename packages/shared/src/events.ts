import { z } from 'zod';
import { safeString } from './schemas/text';
import type { TErrorCode } from './errors';
import type { TChatMessage, TSeenAgent } from './schemas/chat';
import { isUuid } from './validation';

/** Every Socket.IO event name, for both sides. The spec's names are kept as written. */
export const SOCKET_EVENTS = {
  // client → server
  roomJoin: 'room:join',
  roomLeave: 'room:leave',
  // both ways (the client sends { conversationId, isTyping }; the server relays the full payload)
  participantTyping: 'conversation:participant:typing',
  // server → client
  messageReceived: 'message:received',
  conversationMessage: 'conversation:message',
  messageSeen: 'conversation:message:seen',
  messageUpdated: 'message:updated',
  messageStream: 'message:stream',
  presenceChanged: 'presence:changed',
} as const;

export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;
export const agentRoomOf = (agentId: string) => `agent:${agentId}`;

const ROOM_PATTERN = /^conversation:(.+)$/;
/** The conversation id inside a room name, or undefined when the name is not a conversation room. */
export function conversationIdOfRoom(roomId: string): string | undefined {
  const id = ROOM_PATTERN.exec(roomId)?.[1];
  return isUuid(id) ? id : undefined;
}

// ---- client → server payloads (validated by the server with these schemas) ----

export const ZRoomPayload = z.object({
  roomId: safeString().max(200).refine((room) => conversationIdOfRoom(room) !== undefined, {
    message: 'roomId must be conversation:<id>',
  }),
});
export type TRoomPayload = z.infer<typeof ZRoomPayload>;

export const ZTypingPayload = z.object({
  conversationId: safeString().refine(isUuid, { message: 'conversationId must be a conversation id' }),
  isTyping: z.boolean(),
});
export type TTypingPayload = z.infer<typeof ZTypingPayload>;

export type TSocketAck = { ok: true } | { ok: false; error: string; code: TErrorCode };

// ---- server → client payloads ----

/** The agent shown beside a typing or seen indicator. */
export type TEventAgent = TSeenAgent;

export interface TTypingEvent {
  conversationId: string;
  /** The conversation_participants row of the typing agent. */
  participantId: string;
  agentId: string;
  agent: TEventAgent;
  isTyping: boolean;
}

export interface TMessageSeenEvent {
  conversationId: string;
  messageId: string;
  agentId: string;
  agent: TEventAgent;
}

export interface TConversationMessageEvent {
  conversationId: string;
  message: TChatMessage;
}

export interface TPresenceEvent {
  agentId: string;
  isOnline: boolean;
}

/** AI reply tokens as they arrive (sent by the AI reply job; defined here so both sides agree). */
export interface TMessageStreamEvent {
  conversationId: string;
  /** The reply job; the stored reply carries clientMessageId `ai-reply:<streamId>`. */
  streamId: string;
  agentId: string;
  delta: string;
  /** Length of the text before this delta: a client holding more skips, one holding less refetches. */
  offset: number;
  /** A retried job starts again from an empty text with a higher attempt. */
  attempt: number;
  done: boolean;
}

/** GET /chat/conversations/:id/replies: replies being written now, with their text so far. */
export interface TActiveReply {
  streamId: string;
  agentId: string;
  status: 'queued' | 'running';
  attempt: number;
  content: string;
}

export interface ServerToClientEvents {
  'message:received': (message: TChatMessage) => void;
  'message:updated': (message: TChatMessage) => void;
  'message:stream': (event: TMessageStreamEvent) => void;
  'conversation:message': (event: TConversationMessageEvent) => void;
  'conversation:participant:typing': (event: TTypingEvent) => void;
  'conversation:message:seen': (event: TMessageSeenEvent) => void;
  'presence:changed': (event: TPresenceEvent) => void;
}

export interface ClientToServerEvents {
  'room:join': (payload: TRoomPayload, ack?: (result: TSocketAck) => void) => void;
  'room:leave': (payload: TRoomPayload, ack?: (result: TSocketAck) => void) => void;
  'conversation:participant:typing': (payload: TTypingPayload, ack?: (result: TSocketAck) => void) => void;
}
