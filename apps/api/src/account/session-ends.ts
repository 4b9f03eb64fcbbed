import type { AppContext } from '../context';

/**
 * Each revoked session by id: the subscribers forget it from every node's session cache and close its
 * sockets wherever they are (realtime/session-ends.ts). Inside a transaction it waits for the commit.
 */
export function publishSessionsEnded(ctx: AppContext, sessionIds: string[]): void {
  for (const sessionId of sessionIds) ctx.events.publish('session.revoked', { sessionId });
}
