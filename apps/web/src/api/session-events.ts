import type { TUser } from '@agentroom/shared';

/**
 * The API client refreshes tokens on its own; the auth state listens here so the user, token
 * and verified flag stay in step with what the client learned.
 */
export type SessionEvent = { type: 'refreshed'; user: TUser; token: string } | { type: 'ended' };

type Listener = (event: SessionEvent) => void;
const listeners = new Set<Listener>();

export function onSessionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitSessionEvent(event: SessionEvent): void {
  for (const listener of listeners) listener(event);
}
