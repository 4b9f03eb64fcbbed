import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@agentroom/shared';
import { API_BASE_URL } from '../api/api-base-url';
import { tokenStorage } from '../api/token-storage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One Socket.IO connection to the API: token in the handshake (read at each
 * (re)connect, so a refreshed token is used), websocket then polling, 5 attempts, 1 s delay,
 * 5 s maximum delay, 20 s connect timeout. The client library is loaded on demand: the sign-in
 * pages never need it, so it stays out of their first download.
 */
export async function createAppSocket(): Promise<AppSocket> {
  const { io } = await import('socket.io-client');
  return io(API_BASE_URL || undefined, {
    auth: (send) => send({ token: tokenStorage.get() }),
    transports: ['websocket', 'polling'],
    reconnectionAttempts: 5,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 20_000,
    // Listeners are attached before the first connect.
    autoConnect: false,
  });
}
