import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@agentroom/shared';
import type { AuthInvalidation } from '../auth/session-cache';
import type { AuthState } from '../context';

interface SocketData {
  auth: AuthState;
}

/** Between API nodes, through the adapter: a session revoked on one node is forgotten by all. */
interface InterServerEvents {
  'auth:invalidate': (what: AuthInvalidation) => void;
  'agents:changed': () => void;
}

export type AppSocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
