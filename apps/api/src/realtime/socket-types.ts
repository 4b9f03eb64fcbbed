import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents, TChatMessage } from '@agentroom/shared';
import type { AuthInvalidation } from '../auth/session-cache';
import type { AuthState } from '../context';

interface SocketData {
  auth: AuthState;
}

/** A new message, as one node tells the others to deliver it to their sockets (realtime/fan-out.ts). */
export interface MessageFanOut {
  conversationId: string;
  message: TChatMessage;
  participantIds: string[];
}

/** Between API nodes, through the adapter: a session revoked on one node is forgotten by all. */
interface InterServerEvents {
  'auth:invalidate': (what: AuthInvalidation) => void;
  'agents:changed': () => void;
  /** A room's members changed: forget its cached members. */
  'conversation:members-changed': (conversationId: string) => void;
  /** New messages in the order they were stored, as many as one turn of the event loop stored. */
  'message:fan-out': (batch: MessageFanOut[]) => void;
}

export type AppSocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
