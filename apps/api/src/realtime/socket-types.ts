import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents, TChatMessage } from '@agentroom/shared';
import type { AuthState } from '../context';
import type { NodeStateEvent } from './node-state-events';
import type { NodeHeartbeatEvent } from './peer-tracker';

interface SocketData {
  auth: AuthState;
}

/** A new message, as one node tells the others to deliver it to their sockets (realtime/fan-out.ts). */
export interface MessageFanOut {
  conversationId: string;
  message: TChatMessage;
  participantIds: string[];
}

/** Between API nodes, through the adapter. */
interface InterServerEvents {
  /** A domain event that made cached state stale, re-published on every other node. */
  'node-state:changed': (relayed: NodeStateEvent) => void;
  /** New messages in the order they were stored, as many as one turn of the event loop stored. */
  'message:fan-out': (batch: MessageFanOut[]) => void;
  /** A node is alive, or leaving (realtime/node-heartbeat.ts). */
  'node:heartbeat': (beat: NodeHeartbeatEvent) => void;
}

export type AppSocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
