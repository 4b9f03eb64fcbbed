import { useCallback, useEffect, useRef } from 'react';
import {
  CHAT_FALLBACKS,
  SOCKET_EVENTS,
  conversationRoom,
  type TChatMessage,
  type TMessageReactionEvent,
  type TMessageSeenEvent,
  type TMessageStreamEvent,
  type TMessagesRemovedEvent,
  type TPresenceEvent,
  type TThreadUpdatedEvent,
  type TTypingEvent,
} from '@agentroom/shared';
import { newMessageListeners } from '../realtime/new-message-feed';
import { useNetworkOnline } from '../realtime/network-status';
import { useRealtime, type ConnectionStatus } from '../realtime/realtime-context';
import { subscribe } from '../realtime/socket-subscription';

export type ConnectionState = ConnectionStatus;

export interface ChatSocketHandlers {
  /** The room is joined (first time and after every reconnect). */
  onJoined: () => void;
  onJoinFailed: (error: string) => void;
  /**
   * Fetch what the list may have missed while events could not reach us: called after every
   * (re)join, and by any server event saying events were lost.
   */
  fillGap: (conversationId: string) => void;
  onMessage: (message: TChatMessage) => void;
  onUpdated: (message: TChatMessage) => void;
  onReaction: (event: TMessageReactionEvent) => void;
  onSeen: (event: TMessageSeenEvent) => void;
  onTyping: (event: TTypingEvent) => void;
  onPresence: (event: TPresenceEvent) => void;
  onStream: (event: TMessageStreamEvent) => void;
  /** A thread of one of this conversation's messages got a reply (decision 0026). */
  onThreadUpdated: (event: TThreadUpdatedEvent) => void;
  /** Messages past the team's retention were deleted for everyone (decision 0028). */
  onRemoved: (event: TMessagesRemovedEvent) => void;
}

/**
 * Joins `conversation:{id}` on the app-wide socket, again after every reconnect (rooms do not survive
 * one), and routes that conversation's events to the handlers. While the browser is offline the
 * realtime provider keeps the socket closed; when the network is back the socket reconnects and the
 * join fetches what was missed.
 */
export function useChatSocket(conversationId: string | undefined, handlers: ChatSocketHandlers) {
  const { socket, status, error } = useRealtime();
  const online = useNetworkOnline();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!socket || !conversationId) return;
    const roomId = conversationRoom(conversationId);
    const mine =
      <T extends { conversationId: string }>(fn: (event: T) => void) =>
      (event: T) => {
        if (event.conversationId === conversationId) fn(event);
      };
    const join = () =>
      socket.emit(SOCKET_EVENTS.roomJoin, { roomId }, (ack) => {
        if (!ack.ok) return latest.current.onJoinFailed(ack.error);
        latest.current.onJoined();
        latest.current.fillGap(conversationId);
      });
    const unsubscribe = subscribe(socket, {
      connect: join,
      // Events between API nodes may have been lost: the same catch-up as after a reconnect.
      [SOCKET_EVENTS.resync]: join,
      // Until the join is acknowledged this conversation's new messages come as `conversation:message`.
      ...newMessageListeners(mine((message) => latest.current.onMessage(message))),
      [SOCKET_EVENTS.messageUpdated]: mine((message) => latest.current.onUpdated(message)),
      [SOCKET_EVENTS.messageReaction]: mine((event) => latest.current.onReaction(event)),
      [SOCKET_EVENTS.messageSeen]: mine((event) => latest.current.onSeen(event)),
      [SOCKET_EVENTS.participantTyping]: mine((event) => latest.current.onTyping(event)),
      [SOCKET_EVENTS.messageStream]: mine((event) => latest.current.onStream(event)),
      [SOCKET_EVENTS.threadUpdated]: mine((event) => latest.current.onThreadUpdated(event)),
      [SOCKET_EVENTS.messagesRemoved]: mine((event) => latest.current.onRemoved(event)),
      [SOCKET_EVENTS.presenceChanged]: (event) => latest.current.onPresence(event),
    });
    if (socket.connected) join();
    return () => {
      unsubscribe();
      if (socket.connected) socket.emit(SOCKET_EVENTS.roomLeave, { roomId });
    };
  }, [socket, conversationId]);

  const setTyping = useCallback(
    (isTyping: boolean) => {
      if (conversationId && socket?.connected) socket.emit(SOCKET_EVENTS.participantTyping, { conversationId, isTyping });
    },
    [conversationId, socket],
  );

  const reconnect = useCallback(() => {
    if (socket && !socket.connected) socket.connect();
  }, [socket]);

  return {
    connection: status,
    online,
    // Offline is said plainly elsewhere; this is for a socket that failed or gave up while online.
    error: !online ? undefined : (error ?? (status === 'disconnected' && socket && !socket.active ? CHAT_FALLBACKS.socketDisconnected : undefined)),
    setTyping,
    reconnect,
  };
}
