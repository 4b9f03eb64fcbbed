import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { applyPresence } from './presence-cache';
import { RealtimeContext, type RealtimeValue } from './realtime-context';
import { createAppSocket } from './socket-client';

const SIGNED_OUT: RealtimeValue = { socket: null, status: 'disconnected', error: null, reconnects: 0 };

/**
 * Keeps one socket open while a verified user is signed in, app-wide: that is what makes the user
 * show online to team-mates on any page, and it carries presence changes into the query cache.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated, isEmailVerified, user } = useAuth();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<RealtimeValue>(SIGNED_OUT);
  const userId = isAuthenticated && isEmailVerified ? user?.id : undefined;

  useEffect(() => {
    if (!userId) {
      setValue(SIGNED_OUT);
      return;
    }
    const socket = createAppSocket();
    let connectedOnce = false;
    setValue({ socket, status: 'connecting', error: null, reconnects: 0 });
    socket.on('connect', () => {
      setValue((v) => ({ ...v, status: 'connected', error: null, reconnects: connectedOnce ? v.reconnects + 1 : v.reconnects }));
      connectedOnce = true;
    });
    socket.on('disconnect', () => setValue((v) => ({ ...v, status: 'disconnected' })));
    socket.on('connect_error', (error) => setValue((v) => ({ ...v, status: 'disconnected', error: error.message })));
    socket.on('presence:changed', (event) => applyPresence(queryClient, event));
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [userId, queryClient]);

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
