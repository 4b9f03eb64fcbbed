import type { DomainEventBus } from '../core/domain-events';
import { accountRoom, sessionRoom } from './rooms';
import type { AppSocketServer } from './socket-types';

/** A revoked session's sockets close on whichever node holds them (the adapter reaches every node). */
export function subscribeSessionEnds(events: DomainEventBus, io: AppSocketServer): () => void {
  return events.subscribe('session.revoked', ({ sessionId, accountId }) => {
    if (sessionId) io.in(sessionRoom(sessionId)).disconnectSockets(true);
    if (accountId) io.in(accountRoom(accountId)).disconnectSockets(true);
  });
}
