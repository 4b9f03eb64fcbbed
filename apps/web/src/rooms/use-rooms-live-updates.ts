import { useEffect, useRef } from 'react';
import { SOCKET_EVENTS } from '@agentroom/shared';
import { useRealtime } from '../realtime/realtime-context';
import { useInvalidateRooms, useRefetchRooms } from './room-queries';

/**
 * `rooms:changed` (a room created, renamed or changed, members joined, left, added or removed): the
 * team's rooms and the inbox are refetched, and so is an open room, which answers 404 once I can no
 * longer read it (the room page then shows "Room not found"). Events sent before a connect were
 * missed (the first connect waits for the first screen, decision 0015; a reconnect follows time
 * away): every connect refetches the rooms. Mounted once, in the app shell.
 */
export function useRoomsLiveUpdates() {
  const { socket } = useRealtime();
  const invalidate = useInvalidateRooms();
  const refetchRooms = useRefetchRooms();
  const latest = useRef({ invalidate, refetchRooms });
  useEffect(() => {
    latest.current = { invalidate, refetchRooms };
  });

  useEffect(() => {
    if (!socket) return;
    const onChanged = () => void latest.current.invalidate();
    const onConnect = () => void latest.current.refetchRooms();
    socket.on(SOCKET_EVENTS.roomsChanged, onChanged);
    socket.on('connect', onConnect);
    return () => {
      socket.off(SOCKET_EVENTS.roomsChanged, onChanged);
      socket.off('connect', onConnect);
    };
  }, [socket]);
}
