import { agentRoomOf } from '@agentroom/shared';

/** Socket.IO rooms beside the shared conversation rooms: one per session and one per account. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const accountRoom = (accountId: string) => `account:${accountId}`;
export const agentRooms = (agentIds: readonly string[]) => agentIds.map(agentRoomOf);
