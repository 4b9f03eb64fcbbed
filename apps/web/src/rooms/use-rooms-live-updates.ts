import { useEffect, useRef } from 'react';
import { SOCKET_EVENTS } from '@agentroom/shared';
import { useRealtime } from '../realtime/realtime-context';
import { useInvalidateRooms } from './room-queries';

/**
 * `rooms:changed` (a room created, renamed or changed, members joined, left, added or removed): the
 * team's rooms and the inbox are refetched, and so is an open room, which answers 404 once I can no
 * longer read it (the room page then shows "Room not found"). After a reconnect events may have been
 * missed: the same refetch. Mounted once, in the app shell.
 */
export function useRoomsLiveUpdates() {
  const { socket, reconnects } = useRealtime();
  const invalidate = useInvalidateRooms();
  const latest = useRef(invalidate);
  useEffect(() => {
    latest.current = invalidate;
  });

  useEffect(() => {
    if (!socket) return;
    const refetch = () => void latest.current();
    socket.on(SOCKET_EVENTS.roomsChanged, refetch);
    return () => {
      socket.off(SOCKET_EVENTS.roomsChanged, refetch);
    };
  }, [socket]);

  useEffect(() => {
    if (reconnects > 0) void latest.current();
  }, [reconnects]);
}
