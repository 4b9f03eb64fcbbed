import type { AppCaches } from '../context';
import type { DomainEventBus } from '../core/domain-events';
import { forgetAuth, type AuthInvalidation } from '../auth/session-cache';
import type { AppSocketServer } from './socket-types';
import { accountRoom, sessionRoom } from './rooms';

/**
 * Keeps every node's per-node caches true: a revoked or changed session and a changed agent are
 * forgotten here and, through the adapter, on the other nodes; a revoked session's sockets close on
 * whichever node holds them. With the in-memory adapter there are no other nodes to tell.
 */
export function subscribeCrossNode(
  events: DomainEventBus,
  io: AppSocketServer,
  caches: AppCaches,
  options: { multiNode: boolean },
): () => void {
  const tellOthers = (send: () => void) => {
    if (options.multiNode) send();
  };
  io.on('auth:invalidate', (what: AuthInvalidation) => forgetAuth(caches.sessions, what));
  io.on('agents:changed', () => caches.conversationMembers.clear());

  const unsubscribe = [
    events.subscribe('session.revoked', (what) => {
      forgetAuth(caches.sessions, what);
      tellOthers(() => io.serverSideEmit('auth:invalidate', what));
      if (what.sessionId) io.in(sessionRoom(what.sessionId)).disconnectSockets(true);
      if (what.accountId) io.in(accountRoom(what.accountId)).disconnectSockets(true);
    }),
    events.subscribe('session.changed', ({ accountId }) => {
      forgetAuth(caches.sessions, { accountId });
      tellOthers(() => io.serverSideEmit('auth:invalidate', { accountId }));
    }),
    events.subscribe('access.changed', () => {
      caches.conversationMembers.clear();
      tellOthers(() => io.serverSideEmit('agents:changed'));
    }),
    events.subscribe('agent.updated', () => {
      caches.conversationMembers.clear();
      tellOthers(() => io.serverSideEmit('agents:changed'));
    }),
  ];
  return () => unsubscribe.forEach((off) => off());
}
