import type { AppCaches } from '../context';
import type { DomainEventBus } from '../core/domain-events';
import { forgetAuth, type AuthInvalidation } from '../auth/session-cache';
import type { AppSocketServer } from './socket-types';
import { accountRoom, sessionRoom } from './rooms';

/**
 * Keeps every node's per-node caches true: a revoked or changed session, a changed agent and a room's
 * changed members are
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
  io.on('conversation:members-changed', (conversationId: string) => caches.conversationMembers.delete(conversationId));

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
    events.subscribe('room.changed', ({ roomId }) => {
      // A room's members changed: the send path must not keep answering with the old ones.
      caches.conversationMembers.delete(roomId);
      tellOthers(() => io.serverSideEmit('conversation:members-changed', roomId));
    }),
    events.subscribe('agent.updated', () => {
      caches.conversationMembers.clear();
      tellOthers(() => io.serverSideEmit('agents:changed'));
    }),
  ];
  return () => unsubscribe.forEach((off) => off());
}
