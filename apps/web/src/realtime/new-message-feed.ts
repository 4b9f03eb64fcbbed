import { SOCKET_EVENTS, type TChatMessage } from '@agentroom/shared';
import type { SocketListeners } from './socket-subscription';

interface NewMessageDelivery {
  /** It came through the conversation's room: this socket has joined it, so the conversation is open here. */
  inJoinedConversation: boolean;
}

type NewMessageListener = (message: TChatMessage, delivery: NewMessageDelivery) => void;

/**
 * One feed of new messages, as listeners to pass to `subscribe` (beside others, spread in). The
 * server sends a new message to a socket by one of two events: `message:received` when the socket
 * has joined the conversation's room (its chat is open), `conversation:message` through the
 * participant's own room otherwise. Each socket gets one of the two per message, never both (the
 * second is sent to the participants' rooms except the conversation room), so the feed has nothing
 * to deduplicate: a listener that also fetches messages (a chat's gap fill) merges them by id.
 */
export function newMessageListeners(listener: NewMessageListener): Pick<SocketListeners, 'message:received' | 'conversation:message'> {
  return {
    [SOCKET_EVENTS.messageReceived]: (message) => listener(message, { inJoinedConversation: true }),
    [SOCKET_EVENTS.conversationMessage]: ({ message }) => listener(message, { inJoinedConversation: false }),
  };
}
