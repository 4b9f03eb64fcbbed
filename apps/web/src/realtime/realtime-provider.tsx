import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { afterFirstScreen } from '../lib/first-screen';
import { applyAgentUpdate } from './agent-cache';
import { applyPresence, refetchPresence } from './presence-cache';
import { RealtimeContext, type RealtimeValue } from './realtime-context';
import { createAppSocket, type AppSocket } from './socket-client';

const SIGNED_OUT: RealtimeValue = { socket: null, status: 'disconnected', error: null };
type Connection = Omit<RealtimeValue, 'socket'> & { socket: AppSocket; userId: string };

/**
 * Keeps one socket open while a verified user is signed in, app-wide: that is what makes the user
 * show online to team-mates on any page, and it carries presence and agent changes into the query cache.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated, isEmailVerified, user } = useAuth();
  const queryClient = useQueryClient();
  const userId = isAuthenticated && isEmailVerified ? user?.id : undefined;
  const [connection, setConnection] = useState<Connection | null>(null);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let socket: AppSocket | undefined;
    const open = (created: AppSocket) => {
      socket = created;
      const update = (next: Partial<Connection>) =>
        setConnection((current) => ({ ...(current?.socket === created ? current : { status: 'connecting', error: null }), ...next, socket: created, userId }));
      created.on('connect', () => {
        update({ status: 'connected', error: null });
        void refetchPresence(queryClient, userId);
      });
      created.on('disconnect', () => update({ status: 'disconnected' }));
      created.on('connect_error', (error) => update({ status: 'disconnected', error: error.message }));
      created.on(SOCKET_EVENTS.presenceChanged, (event) => applyPresence(queryClient, event));
      // A new avatar or name shows at once on every card, badge and conversation of this agent.
      created.on(SOCKET_EVENTS.agentUpdated, ({ agent }) => applyAgentUpdate(queryClient, agent));
      update({ status: 'connecting' });
      created.connect();
    };
    // After the page's first screen: until then its code and data have the network to themselves.
    // What is sent meanwhile is fetched when the socket connects, as after any reconnect.
    void afterFirstScreen()
      .then(() => (cancelled ? undefined : createAppSocket()))
      .then((created) => {
        if (created && !cancelled) open(created);
      });
    return () => {
      cancelled = true;
      socket?.removeAllListeners();
      socket?.disconnect();
      // A later sign-in, even as the same user, must not see this closed socket.
      setConnection((current) => (current?.socket === socket ? null : current));
    };
  }, [userId, queryClient]);

  const value = useMemo<RealtimeValue>(() => {
    if (!userId || connection?.userId !== userId) return userId ? { ...SIGNED_OUT, status: 'connecting' } : SIGNED_OUT;
    const { userId: _owner, ...rest } = connection;
    return rest;
  }, [userId, connection]);

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
