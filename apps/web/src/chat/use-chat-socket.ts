import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_FALLBACKS,
  SOCKET_EVENTS,
  conversationRoom,
  type TChatMessage,
  type TConversationMessageEvent,
  type TMessageReactionEvent,
  type TMessageSeenEvent,
  type TMessageStreamEvent,
  type TPresenceEvent,
  type TTypingEvent,
} from '@agentroom/shared';
import { useRealtime, type ConnectionStatus } from '../realtime/realtime-context';

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
}

/**
 * Joins `conversation:{id}` on the app-wide socket, again after every reconnect (rooms do not survive
 * one), and routes that conversation's events to the handlers. When the browser reports the network
 * gone the socket is closed at once, rather than after ~45 s of missed heartbeats, and opened again
 * when the network is back; the join then fetches what was missed.
 */
export function useChatSocket(conversationId: string | undefined, handlers: ChatSocketHandlers) {
  const { socket, status, error } = useRealtime();
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
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
    const listeners = {
      connect: join,
      // Events between API nodes may have been lost: the same catch-up as after a reconnect.
      [SOCKET_EVENTS.resync]: join,
      [SOCKET_EVENTS.messageReceived]: mine<TChatMessage>((m) => latest.current.onMessage(m)),
      [SOCKET_EVENTS.conversationMessage]: mine<TConversationMessageEvent>((e) => latest.current.onMessage(e.message)),
      [SOCKET_EVENTS.messageUpdated]: mine<TChatMessage>((m) => latest.current.onUpdated(m)),
      [SOCKET_EVENTS.messageReaction]: mine<TMessageReactionEvent>((e) => latest.current.onReaction(e)),
      [SOCKET_EVENTS.messageSeen]: mine<TMessageSeenEvent>((e) => latest.current.onSeen(e)),
      [SOCKET_EVENTS.participantTyping]: mine<TTypingEvent>((e) => latest.current.onTyping(e)),
      [SOCKET_EVENTS.messageStream]: mine<TMessageStreamEvent>((e) => latest.current.onStream(e)),
      [SOCKET_EVENTS.presenceChanged]: (e: TPresenceEvent) => latest.current.onPresence(e),
    } as const;
    for (const [event, listener] of Object.entries(listeners)) socket.on(event as 'connect', listener as () => void);
    if (socket.connected) join();

    const goOffline = () => {
      setOnline(false);
      socket.disconnect();
    };
    const goOnline = () => {
      setOnline(true);
      if (!socket.connected) socket.connect();
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);

    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      for (const [event, listener] of Object.entries(listeners)) socket.off(event as 'connect', listener as () => void);
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
