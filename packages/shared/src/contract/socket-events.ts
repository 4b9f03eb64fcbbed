import type { z } from 'zod';
import type { ClientToServerEvents, ServerToClientEvents } from '../events';
import { ZRoomPayload, ZTypingPayload } from '../schemas/socket-payloads';
import { ZChatMessage } from '../schemas/responses/chat';
import { ZPinsChangedEvent, ZThreadUpdatedEvent } from '../schemas/responses/threads';
import { ZExportUpdatedEvent, ZMessagesRemovedEvent } from '../schemas/responses/governance';
import { ZSocketSendPayload } from '../schemas/chat';
import { ZSocketAgentReplyDelta, ZSocketAgentReplyFinish, ZStartAgentReplyRequest } from '../schemas/external-agents';
import { ZAgentMessageEvent, ZAgentReplyAck, ZAgentRequestEndedEvent, ZAgentRequestEvent } from '../schemas/responses/external-agents';
import {
  ZAgentUpdatedEvent,
  ZConversationMessageEvent,
  ZMessageReactionEvent,
  ZMessageSeenEvent,
  ZMessageStreamEvent,
  ZPresenceEvent,
  ZResyncEvent,
  ZRoomsChangedEvent,
  ZTeamsChangedEvent,
  ZSendMessageAck,
  ZSocketAck,
  ZTypingEvent,
} from '../schemas/responses/events';

const ZRoomPayloadDoc = ZRoomPayload.meta({ id: 'RoomPayload' });
const ZTypingPayloadDoc = ZTypingPayload.meta({ id: 'TypingPayload' });
const ZSocketSendPayloadDoc = ZSocketSendPayload.meta({ id: 'SocketSendPayload' });

export interface SocketEventDoc {
  summary: string;
  payload: z.ZodType;
  /** Client events: the ack the server answers with when the client passes a callback. */
  ack?: z.ZodType;
  /** Server events: who receives it. */
  audience?: string;
}

/**
 * The Socket.IO contract beside the REST one. Keyed by the event maps' own keys, so an event added
 * to `ServerToClientEvents` or `ClientToServerEvents` fails the typecheck until it is documented here.
 */
export const SOCKET_CLIENT_EVENTS: Record<keyof ClientToServerEvents, SocketEventDoc> = {
  'room:join': { summary: 'Join a conversation room (`conversation:<id>`) you take part in.', payload: ZRoomPayloadDoc, ack: ZSocketAck },
  'room:leave': { summary: 'Leave a conversation room.', payload: ZRoomPayloadDoc, ack: ZSocketAck },
  'conversation:participant:typing': { summary: 'Say you started or stopped typing.', payload: ZTypingPayloadDoc, ack: ZSocketAck },
  'message:send': {
    summary:
      'Send a message over the open socket instead of `POST /chat/conversations/:id/messages/async`: the same validation, `clientMessageId` idempotency, message rate limit and access check; the ack comes once the message is stored, and the same events go out.',
    payload: ZSocketSendPayloadDoc,
    ack: ZSendMessageAck,
  },
  'agent:reply:start': {
    summary: 'External agents: start a streamed reply (the twin of `POST /agent/replies`); people see the agent typing.',
    payload: ZStartAgentReplyRequest.meta({ id: 'SocketAgentReplyStart' }),
    ack: ZAgentReplyAck,
  },
  'agent:reply:delta': {
    summary: 'External agents: add text to a streamed reply (the twin of `POST /agent/replies/:streamId/delta`).',
    payload: ZSocketAgentReplyDelta.meta({ id: 'SocketAgentReplyDelta' }),
    ack: ZAgentReplyAck,
  },
  'agent:reply:finish': {
    summary: 'External agents: store the streamed reply as a message (the twin of `POST /agent/replies/:streamId/finish`).',
    payload: ZSocketAgentReplyFinish.meta({ id: 'SocketAgentReplyFinish' }),
    ack: ZAgentReplyAck,
  },
};

export const SOCKET_SERVER_EVENTS: Record<keyof ServerToClientEvents, SocketEventDoc> = {
  'message:received': { summary: 'A new message.', payload: ZChatMessage, audience: 'the conversation room' },
  'message:updated': { summary: 'A message was edited or deleted (`deleted: true`, content and attachments empty).', payload: ZChatMessage, audience: 'the conversation room' },
  'message:reaction': { summary: 'Someone added or removed an emoji reaction (apply with `applyReaction`).', payload: ZMessageReactionEvent, audience: 'the conversation room' },
  'message:stream': { summary: 'AI reply text as it is written.', payload: ZMessageStreamEvent, audience: 'the conversation room' },
  'thread:updated': { summary: "A thread got a reply: the root's reply count, latest time and repliers (decision 0026).", payload: ZThreadUpdatedEvent, audience: "the root's conversation room" },
  'conversation:pins': { summary: 'A message was pinned or unpinned: fetch the pins again.', payload: ZPinsChangedEvent, audience: 'the conversation room' },
  'conversation:message': { summary: 'A new message in one of your conversations (for lists and unread counts).', payload: ZConversationMessageEvent, audience: 'each participant (agent room)' },
  'conversation:participant:typing': { summary: 'Someone started or stopped typing.', payload: ZTypingEvent, audience: 'the conversation room, except the typist' },
  'conversation:message:seen': { summary: "A participant's read cursor moved.", payload: ZMessageSeenEvent, audience: 'the conversation room' },
  'presence:changed': { summary: 'An agent came online or went offline.', payload: ZPresenceEvent, audience: 'agents who share a team or conversation' },
  'agent:updated': { summary: "An agent's avatar, names or role changed (patch it wherever it is shown).", payload: ZAgentUpdatedEvent, audience: 'the agent itself and agents who share a team or conversation with it' },
  'rooms:changed': { summary: "A team's rooms changed for you (created, renamed, settings, members): refetch the team's rooms and your conversations.", payload: ZRoomsChangedEvent, audience: 'each agent who can see the room (its members; every team member for an open room)' },
  'teams:changed': { summary: 'One of your teams changed for you: you were removed from it, or it was deleted or restored. Refetch your teams; a removed person is told "You were removed from {team}".', payload: ZTeamsChangedEvent, audience: 'the removed person; every member of a deleted or restored team' },
  'agent:request': { summary: 'External agents: you are asked to answer a message (1:1, an @mention, or the room seat that answers everything); answer with `requestId`.', payload: ZAgentRequestEvent, audience: 'the asked external agent' },
  'agent:request:ended': { summary: 'External agents: a request ended without you (someone pressed Stop, or it lapsed).', payload: ZAgentRequestEndedEvent, audience: 'the asked external agent' },
  'agent:message': { summary: "External agents: a message of your conversations you hear (your setting: every message, or 1:1 messages and @mentions of you).", payload: ZAgentMessageEvent, audience: 'the external agent' },
  'messages:removed': { summary: "The team's retention removed messages (decision 0028): drop `messageIds`; history up to `throughSeq` is gone (pinned messages may remain).", payload: ZMessagesRemovedEvent, audience: 'the conversation room' },
  'export:updated': { summary: 'An export you asked for moved on: its progress, ready to download, downloaded, or failed.', payload: ZExportUpdatedEvent, audience: 'the requester (agent room)' },
  'sync:resync': { summary: 'Events may have been lost (`realtime-restored`: the API nodes could not reach each other; `peer-lost`: another API node stopped): gap-fill (after=<seq>) every open conversation, whatever the reason.', payload: ZResyncEvent, audience: 'every connected socket' },
};

export const SOCKET_CONNECTION = {
  path: '/socket.io',
  auth: 'Pass the access token as `auth: { token }` in the handshake; a bad token fails the connection with "Authentication required".',
  limits: 'Client events are rate-limited per socket; past the limit the ack answers code RATE_LIMITED.',
} as const;
