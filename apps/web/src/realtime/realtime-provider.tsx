import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS } from '@agentroom/shared';
import { refreshSession } from '../api/api-client';
import { ApiError } from '../api/api-error';
import { tokenStorage } from '../api/token-storage';
import { useAuth } from '../auth/auth-context';
import { afterFirstScreen } from '../lib/first-screen';
import { applyAgentUpdate } from './agent-cache';
import { watchNetwork } from './network-status';
import { applyPresence, refetchPresence } from './presence-cache';
import { RealtimeContext, type RealtimeValue } from './realtime-context';
import { createAppSocket, type AppSocket } from './socket-client';
import { subscribe } from './socket-subscription';

const SIGNED_OUT: RealtimeValue = { socket: null, status: 'disconnected', error: null };
type Connection = Omit<RealtimeValue, 'socket'> & { socket: AppSocket; userId: string };

/**
 * Keeps one socket open while a verified user is signed in, app-wide: that is what makes the user
 * show online to team-mates on any page, and it carries presence and agent changes into the query cache.
 * It follows the browser's network: closed while offline, opened again when the network is back.
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
    const stops: (() => void)[] = [];
    const open = (created: AppSocket) => {
      socket = created;
      const update = (next: Partial<Connection>) =>
        setConnection((current) => ({ ...(current?.socket === created ? current : { status: 'connecting', error: null }), ...next, socket: created, userId }));
      stops.push(
        subscribe(created, {
          connect: () => {
            update({ status: 'connected', error: null });
            void refetchPresence(queryClient, userId);
          },
          disconnect: (reason) => {
            update({ status: 'disconnected' });
            // The server closed it: the session was signed out elsewhere (password change, "Sign out"
            // on another device) or the node is shutting down. A refresh tells which: a 401 ends the
            // session here too (back to sign in); a live session connects again. With no token left,
            // this browser signed itself out: asking would end the session a second time, clearing the
            // cache under the sign-in page that is loading (its "Continue with …" buttons went missing).
            if (reason === 'io server disconnect' && tokenStorage.get())
              refreshSession().then(
                () => created.connect(),
                (error: unknown) => {
                  if (!(error instanceof ApiError && error.status === 401)) created.connect();
                },
              );
          },
          connect_error: (error) => update({ status: 'disconnected', error: error.message }),
          [SOCKET_EVENTS.presenceChanged]: (event) => applyPresence(queryClient, event),
          // A new avatar or name shows at once on every card, badge and conversation of this agent.
          [SOCKET_EVENTS.agentUpdated]: ({ agent }) => applyAgentUpdate(queryClient, agent),
        }),
        // When the browser reports the network gone, the socket closes at once (rather than after
        // ~45 s of missed heartbeats) and opens again when it is back; its connect catches up.
        watchNetwork((online) => {
          if (!online) created.disconnect();
          else if (!created.connected) created.connect();
        }),
      );
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
      for (const stop of stops) stop();
      // Nothing a page left on this socket hears its last disconnect.
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
