import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CHAT_FALLBACKS,
  conversationRoom,
  type TChatMessage,
  type TMessageSeenEvent,
  type TMessageStreamEvent,
  type TPresenceEvent,
  type TTypingEvent,
} from '@agentroom/shared';
import { useRealtime, type ConnectionStatus } from '../realtime/realtime-context';

export type ConnectionState = ConnectionStatus;

export interface ChatSocketHandlers {
  /** The room is joined (first time, after every reconnect and on sync:resync): time to fetch what was missed. */
  onJoined: (conversationId: string) => void;
  onJoinFailed: (error: string) => void;
  onMessage: (message: TChatMessage) => void;
  onUpdated: (message: TChatMessage) => void;
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
      socket.emit('room:join', { roomId }, (ack) => {
        if (ack.ok) latest.current.onJoined(conversationId);
        else latest.current.onJoinFailed(ack.error);
      });
    const listeners = {
      connect: join,
      // Events between API nodes may have been lost: the same catch-up as after a reconnect.
      'sync:resync': join,
      'message:received': mine<TChatMessage>((m) => latest.current.onMessage(m)),
      'conversation:message': mine<{ conversationId: string; message: TChatMessage }>((e) => latest.current.onMessage(e.message)),
      'message:updated': mine<TChatMessage>((m) => latest.current.onUpdated(m)),
      'conversation:message:seen': mine<TMessageSeenEvent>((e) => latest.current.onSeen(e)),
      'conversation:participant:typing': mine<TTypingEvent>((e) => latest.current.onTyping(e)),
      'message:stream': mine<TMessageStreamEvent>((e) => latest.current.onStream(e)),
      'presence:changed': (e: TPresenceEvent) => latest.current.onPresence(e),
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
      if (socket.connected) socket.emit('room:leave', { roomId });
    };
  }, [socket, conversationId]);

  const setTyping = useCallback(
    (isTyping: boolean) => {
      if (conversationId && socket?.connected) socket.emit('conversation:participant:typing', { conversationId, isTyping });
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
