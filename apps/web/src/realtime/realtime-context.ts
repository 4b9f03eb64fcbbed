import { createContext, useContext } from 'react';
import type { AppSocket } from './socket-client';

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

export interface RealtimeValue {
  socket: AppSocket | null;
  status: ConnectionStatus;
  /** The last connect error, shown in the chat pane as 'Error: ...'. */
  error: string | null;
}

export const RealtimeContext = createContext<RealtimeValue>({ socket: null, status: 'disconnected', error: null });

/** The app-wide socket of the signed-in, verified user (null while signed out). */
export function useRealtime(): RealtimeValue {
  return useContext(RealtimeContext);
}
