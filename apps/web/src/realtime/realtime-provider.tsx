import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { applyPresence } from './presence-cache';
import { RealtimeContext, type RealtimeValue } from './realtime-context';
import { createAppSocket, type AppSocket } from './socket-client';

const SIGNED_OUT: RealtimeValue = { socket: null, status: 'disconnected', error: null, reconnects: 0 };
type Connection = Omit<RealtimeValue, 'socket'> & { of: AppSocket | null };

/**
 * Keeps one socket open while a verified user is signed in, app-wide: that is what makes the user
 * show online to team-mates on any page, and it carries presence changes into the query cache.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated, isEmailVerified, user } = useAuth();
  const queryClient = useQueryClient();
  const userId = isAuthenticated && isEmailVerified ? user?.id : undefined;
  const socket = useMemo(() => (userId ? createAppSocket() : null), [userId]);
  const [connection, setConnection] = useState<Connection>({ of: null, status: 'connecting', error: null, reconnects: 0 });

  useEffect(() => {
    if (!socket) return;
    let connectedOnce = false;
    const update = (next: Partial<Connection>) =>
      setConnection((current) => ({ ...(current.of === socket ? current : { status: 'connecting', error: null, reconnects: 0 }), ...next, of: socket }));
    socket.on('connect', () => {
      setConnection((current) => ({
        status: 'connected',
        error: null,
        reconnects: current.of === socket && connectedOnce ? current.reconnects + 1 : 0,
        of: socket,
      }));
      connectedOnce = true;
    });
    socket.on('disconnect', () => update({ status: 'disconnected' }));
    socket.on('connect_error', (error) => update({ status: 'disconnected', error: error.message }));
    socket.on('presence:changed', (event) => applyPresence(queryClient, event));
    socket.connect();
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [socket, queryClient]);

  const value = useMemo<RealtimeValue>(() => {
    if (!socket) return SIGNED_OUT;
    const { of: _of, ...state } = connection.of === socket ? connection : { of: socket, status: 'connecting' as const, error: null, reconnects: 0 };
    return { socket, ...state };
  }, [socket, connection]);

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
