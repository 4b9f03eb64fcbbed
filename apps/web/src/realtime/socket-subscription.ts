import type { SocketReservedEvents } from 'socket.io-client';
import type { ServerToClientEvents } from '@agentroom/shared';
import type { AppSocket } from './socket-client';

/**
 * Listeners by event name: the server's events with the payloads the shared contract gives them
 * (`ServerToClientEvents`, the keys of its socket event table), and the client library's own
 * (`connect` — the first and every reconnect —, `disconnect`, `connect_error`).
 */
export type SocketListeners = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] } & {
  [E in keyof SocketReservedEvents]?: SocketReservedEvents[E];
};

/** Socket.IO's `on`/`off` without the per-event types, which a loop over a map of listeners cannot keep. */
interface ListenerRegistry {
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
}

/**
 * Attaches each listener to its event on the socket; answers the function that detaches exactly
 * those (other listeners on the same socket stay). The one place the web listens to socket events.
 */
export function subscribe(socket: AppSocket, listeners: SocketListeners): () => void {
  // `SocketListeners` already paired every name with its listener's type; only the loop forgets it.
  const registry = socket as unknown as ListenerRegistry;
  const attached = Object.entries(listeners).filter((entry): entry is [string, (...args: never[]) => void] => typeof entry[1] === 'function');
  for (const [event, listener] of attached) registry.on(event, listener);
  return () => {
    for (const [event, listener] of attached) registry.off(event, listener);
  };
}
