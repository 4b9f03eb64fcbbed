import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { inArray } from 'drizzle-orm';
import { agentRoomOf, AUTH_ERRORS, type ClientToServerEvents, type ServerToClientEvents } from '@agentroom/shared';
import { setPresenceReader } from '../agents/agent-presence';
import { forgetAuth, type AuthInvalidation } from '../auth/session-cache';
import { forgetConversationMembers } from '../chat/conversation-members-cache';
import { authenticateToken, type AuthState } from '../auth/require-auth';
import type { AppContext } from '../context';
import { agents } from '../db/schema';
import { AppError } from '../http/app-error';
import { createMemoryPresence, createRedisPresence, type PresenceStore } from './presence';
import { presenceAudience } from './presence-audience';
import { accountRoom, agentRooms, emitToRooms, isAgentOnline, registerRealtime, sessionRoom } from './realtime-registry';
import { registerSocketHandlers } from './socket-handlers';

export interface SocketData {
  auth: AuthState;
}

/** Between API nodes, through the adapter: a session revoked on one node is forgotten by all. */
interface InterServerEvents {
  'auth:invalidate': (what: AuthInvalidation) => void;
  'agents:changed': () => void;
}
export type AppSocketServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export const agentRoom = agentRoomOf;

/** Tells team-mates and conversation partners the agent's current state (true if online on any node). */
async function broadcastPresence(ctx: AppContext, presence: PresenceStore, agentId: string) {
  const [online, audience] = await Promise.all([presence.onlineOf([agentId]), presenceAudience(ctx.db, agentId)]);
  emitToRooms(ctx, agentRooms(audience), 'presence:changed', { agentId, isOnline: online.get(agentId) ?? false });
}

/** Humans: online while a socket is connected. AI agents: online while their model provider answers. */
function registerCardPresence(ctx: AppContext) {
  setPresenceReader(async (agentIds) => {
    const rows = await ctx.db.select({ id: agents.id, isHuman: agents.isHuman }).from(agents).where(inArray(agents.id, agentIds));
    const human = new Map(rows.map((r) => [r.id, r.isHuman]));
    const anyAi = rows.some((r) => !r.isHuman);
    const [online, modelAnswers] = await Promise.all([isAgentOnline(ctx, agentIds), anyAi && ctx.ai ? ctx.ai.models.isAvailable() : null]);
    return new Map(agentIds.map((id) => [id, human.get(id) ? (online.get(id) ?? false) : modelAnswers]));
  }, ctx);
}

/**
 * Socket.IO on the API's HTTP server. The handshake token must map to a live session; each socket
 * joins its agent's room, its session's and its account's (so logout and password reset can close
 * it). With Redis, the adapter carries rooms and events across API nodes and presence is shared.
 */
export function createSocketServer(ctx: AppContext, httpServer: HttpServer, redis?: { pub: Redis; sub: Redis }) {
  const io: AppSocketServer = new Server(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 1e6,
    cors: ctx.config.env === 'production' ? undefined : { origin: true },
  });
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub, { key: 'agentroom:sio' }));
  const presence = redis ? createRedisPresence(redis.pub, ctx.logger) : createMemoryPresence();
  registerRealtime(ctx, { io, presence, crossNode: Boolean(redis) });
  io.on('auth:invalidate', (what) => forgetAuth(ctx, what));
  io.on('agents:changed', () => forgetConversationMembers(ctx));
  registerCardPresence(ctx);

  io.use(async (socket, next) => {
    try {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      socket.data.auth = await authenticateToken(ctx, token);
      // Like every chat route: a signed-in user with an unverified email gets no realtime either.
      if (!socket.data.auth.isVerified) throw new AppError(403, 'EMAIL_NOT_VERIFIED', AUTH_ERRORS.emailNotVerified);
      next();
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Authentication required';
      next(Object.assign(new Error(message), { data: { code: error instanceof AppError ? error.code : 'UNAUTHENTICATED' } }));
    }
  });

  io.on('connection', (socket) => {
    const { agentId, sessionId, accountId } = socket.data.auth;
    // Joined synchronously, before the client hears it is connected.
    void socket.join([agentRoomOf(agentId), sessionRoom(sessionId), accountRoom(accountId)]);
    registerSocketHandlers(ctx, socket);

    const changed = (count: number) => (count === 1 ? broadcastPresence(ctx, presence, agentId) : undefined);
    const connected = presence.connect(agentId).then(changed);
    connected.catch((error: unknown) => ctx.logger.warn({ err: error }, 'presence update failed'));
    socket.on('disconnect', () => {
      // After the connect was counted, so a quick connect/disconnect never leaves a count behind.
      connected
        .catch(() => undefined)
        .then(() => presence.disconnect(agentId))
        .then((count) => (count === 0 ? broadcastPresence(ctx, presence, agentId) : undefined))
        .catch((error: unknown) => ctx.logger.warn({ err: error }, 'presence update failed'));
    });
  });

  httpServer.once('close', () => {
    presence.close().catch(() => undefined);
  });

  return io;
}
