import { agentRoomOf, type ServerToClientEvents } from '@agentroom/shared';
import type { AppContext } from '../context';
import { forgetAuth, type AuthInvalidation } from '../auth/session-cache';
import { forgetConversationMembers } from '../chat/conversation-members-cache';
import type { AppSocketServer } from './socket-server';
import type { PresenceStore } from './presence';

/**
 * The Socket.IO server and presence store of one running API, found from its context. Routes are
 * built before the socket server exists, and tests run two servers in one process, so this is keyed
 * by context rather than a module-level singleton.
 */
interface Realtime {
  io: AppSocketServer;
  presence: PresenceStore;
  /** A cross-node adapter (Redis) is installed; the in-memory one has no other nodes to tell. */
  crossNode: boolean;
}

const registry = new WeakMap<AppContext, Realtime>();

export function registerRealtime(ctx: AppContext, realtime: Realtime): void {
  registry.set(ctx, realtime);
}

/** From the start of shutdown on, events are dropped instead of published on closing connections. */
export function unregisterRealtime(ctx: AppContext): void {
  registry.delete(ctx);
}

export function realtimeOf(ctx: AppContext): Realtime | undefined {
  return registry.get(ctx);
}

export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const accountRoom = (accountId: string) => `account:${accountId}`;

/** Sends one event to the union of the rooms (a socket in several of them gets it once), on every node. */
export function emitToRooms<E extends keyof ServerToClientEvents>(
  ctx: AppContext,
  rooms: string[],
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
): void {
  const io = registry.get(ctx)?.io;
  if (!io || rooms.length === 0) return;
  io.to(rooms).emit(event, ...args);
}

export const agentRooms = (agentIds: readonly string[]) => agentIds.map(agentRoomOf);

/** Logout: that session's sockets are closed at once, on whichever node holds them. */
export function disconnectSessionSockets(ctx: AppContext, sessionId: string): void {
  registry.get(ctx)?.io.in(sessionRoom(sessionId)).disconnectSockets(true);
}

/** Password reset revokes every session of the account, so every socket of it goes too. */
export function disconnectAccountSockets(ctx: AppContext, accountId: string): void {
  registry.get(ctx)?.io.in(accountRoom(accountId)).disconnectSockets(true);
}

/** Online state (a socket connected on any node) per agent id; false when realtime is not running. */
export async function isAgentOnline(ctx: AppContext, agentIds: readonly string[]): Promise<Map<string, boolean>> {
  const presence = registry.get(ctx)?.presence;
  if (!presence) return new Map(agentIds.map((id) => [id, false]));
  return presence.onlineOf([...new Set(agentIds)]);
}

/** Like emitToRooms, leaving out sockets that are also in `except`. */
export function emitToRoomsExcept<E extends keyof ServerToClientEvents>(
  ctx: AppContext,
  rooms: string[],
  except: string,
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
): void {
  const io = registry.get(ctx)?.io;
  if (!io || rooms.length === 0) return;
  io.to(rooms).except(except).emit(event, ...args);
}

/** Forgets cached sessions here and on every other node (their sockets are closed separately). */
export function invalidateAuth(ctx: AppContext, what: AuthInvalidation): void {
  forgetAuth(ctx, what);
  const realtime = registry.get(ctx);
  // The in-memory adapter warns on every serverSideEmit instead of doing nothing.
  if (realtime?.crossNode) realtime.io.serverSideEmit('auth:invalidate', what);
}

/** An agent's name, role or avatar changed: every node forgets the conversation members it remembers. */
export function invalidateAgents(ctx: AppContext): void {
  forgetConversationMembers(ctx);
  const realtime = registry.get(ctx);
  if (realtime?.crossNode) realtime.io.serverSideEmit('agents:changed');
}
