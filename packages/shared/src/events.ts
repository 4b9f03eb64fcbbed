import type { TChatMessage, TSeenAgent } from './schemas/chat';
import type { TRoomPayload, TTypingPayload } from './schemas/socket-payloads';
import type { TSocketSendPayload } from './schemas/chat';
import type { TSocketAgentReplyDelta, TSocketAgentReplyFinish, TSocketAgentReplyStart } from './schemas/external-agents';
import type { TPinsChangedEvent, TThreadUpdatedEvent } from './schemas/responses/threads';
import type { TExportUpdatedEvent, TMessagesRemovedEvent } from './schemas/responses/governance';
import type { TAgentMessageEvent, TAgentReplyAck, TAgentRequestEndedEvent, TAgentRequestEvent } from './schemas/responses/external-agents';
import type {
  TAgentUpdatedEvent,
  TConversationMessageEvent,
  TMessageReactionEvent,
  TMessageSeenEvent,
  TMessageStreamEvent,
  TPresenceEvent,
  TResyncEvent,
  TRoomsChangedEvent,
  TTeamsChangedEvent,
  TSendMessageAck,
  TSocketAck,
  TTypingEvent,
} from './schemas/responses/events';

// No zod here: the web app's entry imports SOCKET_EVENTS, and a schema built at the top of this
// module would bring all of zod into the sign-in page. The payload schemas are in schemas/socket-payloads.ts.

/** Every Socket.IO event name, for both sides. The names the original client knew are kept as written. */
export const SOCKET_EVENTS = {
  // client → server
  roomJoin: 'room:join',
  roomLeave: 'room:leave',
  // the HTTP send's twin over the open socket; its ack comes once the message is stored
  messageSend: 'message:send',
  // both ways (the client sends { conversationId, isTyping }; the server relays the full payload)
  participantTyping: 'conversation:participant:typing',
  // server → client
  messageReceived: 'message:received',
  conversationMessage: 'conversation:message',
  messageSeen: 'conversation:message:seen',
  messageUpdated: 'message:updated',
  messageReaction: 'message:reaction',
  messageStream: 'message:stream',
  presenceChanged: 'presence:changed',
  agentUpdated: 'agent:updated',
  roomsChanged: 'rooms:changed',
  teamsChanged: 'teams:changed',
  resync: 'sync:resync',
  // external agents (decision 0025): what they hear in their agent room, and their streamed replies
  agentRequest: 'agent:request',
  agentRequestEnded: 'agent:request:ended',
  agentMessage: 'agent:message',
  agentReplyStart: 'agent:reply:start',
  agentReplyDelta: 'agent:reply:delta',
  agentReplyFinish: 'agent:reply:finish',
  // threads and pins (decision 0026), to the conversation room of the root / the pinned message
  threadUpdated: 'thread:updated',
  pinsChanged: 'conversation:pins',
  // governance (decision 0028): retention removed messages; an export of yours moved on
  messagesRemoved: 'messages:removed',
  exportUpdated: 'export:updated',
} as const;

export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;
export const agentRoomOf = (agentId: string) => `agent:${agentId}`;

export type { TRoomPayload, TSocketSendPayload, TTypingPayload };

// The ack and the server → client payloads are zod schemas in schemas/responses/events.ts.
export type { TAgentUpdatedEvent, TConversationMessageEvent, TMessageReactionEvent, TMessageSeenEvent, TMessageStreamEvent, TPresenceEvent, TResyncEvent, TRoomsChangedEvent, TTeamsChangedEvent, TSendMessageAck, TSocketAck, TTypingEvent };

// ---- server → client payloads ----

/** The agent shown beside a typing or seen indicator. */
export type TEventAgent = TSeenAgent;

export interface ServerToClientEvents {
  'message:received': (message: TChatMessage) => void;
  'message:updated': (message: TChatMessage) => void;
  'message:reaction': (event: TMessageReactionEvent) => void;
  'message:stream': (event: TMessageStreamEvent) => void;
  'conversation:message': (event: TConversationMessageEvent) => void;
  'conversation:participant:typing': (event: TTypingEvent) => void;
  'conversation:message:seen': (event: TMessageSeenEvent) => void;
  'presence:changed': (event: TPresenceEvent) => void;
  'agent:updated': (event: TAgentUpdatedEvent) => void;
  'rooms:changed': (event: TRoomsChangedEvent) => void;
  'teams:changed': (event: TTeamsChangedEvent) => void;
  'sync:resync': (event: TResyncEvent) => void;
  'agent:request': (event: TAgentRequestEvent) => void;
  'agent:request:ended': (event: TAgentRequestEndedEvent) => void;
  'agent:message': (event: TAgentMessageEvent) => void;
  'thread:updated': (event: TThreadUpdatedEvent) => void;
  'conversation:pins': (event: TPinsChangedEvent) => void;
  'messages:removed': (event: TMessagesRemovedEvent) => void;
  'export:updated': (event: TExportUpdatedEvent) => void;
}

export interface ClientToServerEvents {
  'room:join': (payload: TRoomPayload, ack?: (result: TSocketAck) => void) => void;
  'room:leave': (payload: TRoomPayload, ack?: (result: TSocketAck) => void) => void;
  'conversation:participant:typing': (payload: TTypingPayload, ack?: (result: TSocketAck) => void) => void;
  'message:send': (payload: TSocketSendPayload, ack?: (result: TSendMessageAck) => void) => void;
  'agent:reply:start': (payload: TSocketAgentReplyStart, ack?: (result: TAgentReplyAck) => void) => void;
  'agent:reply:delta': (payload: TSocketAgentReplyDelta, ack?: (result: TAgentReplyAck) => void) => void;
  'agent:reply:finish': (payload: TSocketAgentReplyFinish, ack?: (result: TAgentReplyAck) => void) => void;
}
