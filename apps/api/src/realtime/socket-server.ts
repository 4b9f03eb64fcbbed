import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { agentRoomOf, AUTH_ERRORS } from '@agentroom/shared';
import { authenticateToken } from '../auth/require-auth';
import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import type { PresenceStore } from './presence';
import { presenceAudience } from './presence-audience-repo';
import { accountRoom, agentRooms, sessionRoom } from './rooms';
import { registerSocketHandlers, type SocketHandlerDeps } from './socket-handlers';
import type { AppSocketServer } from './socket-types';

/** Tells team-mates and conversation partners the agent's current state (true if online on any node). */
async function broadcastPresence(ctx: AppContext, io: AppSocketServer, presence: PresenceStore, agentId: string) {
  const [online, audience] = await Promise.all([presence.onlineOf([agentId]), presenceAudience(ctx.db, agentId)]);
  io.to(agentRooms(audience)).emit('presence:changed', { agentId, isOnline: online.get(agentId) ?? false });
}

/**
 * Socket.IO on the API's HTTP server. The handshake token must map to a live session; each socket
 * joins its agent's room, its session's and its account's (so logout and password reset can close
 * it). The adapter (set by the caller) carries rooms and events across API nodes.
 */
export function createSocketServer(ctx: AppContext, httpServer: HttpServer, presence: PresenceStore, handlers: SocketHandlerDeps): AppSocketServer {
  const io: AppSocketServer = new Server(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 1e6,
    cors: ctx.config.env === 'production' ? undefined : { origin: true },
  });

  io.use(async (socket, next) => {
    try {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      socket.data.auth = await authenticateToken(ctx, token);
      // Like every chat route: a signed-in user with an unverified email gets no realtime either.
      if (!socket.data.auth.isVerified) throw new AppError(403, 'EMAIL_NOT_VERIFIED', AUTH_ERRORS.emailNotVerified);
      next();
    } catch (error) {
      const message = error instanceof AppError ? error.message : AUTH_ERRORS.authRequired;
      next(Object.assign(new Error(message), { data: { code: error instanceof AppError ? error.code : 'UNAUTHENTICATED' } }));
    }
  });

  io.on('connection', (socket) => {
    const { agentId, sessionId, accountId } = socket.data.auth;
    // Joined synchronously, before the client hears it is connected.
    void socket.join([agentRoomOf(agentId), sessionRoom(sessionId), accountRoom(accountId)]);
    registerSocketHandlers(ctx, socket, handlers);

    const changed = (count: number) => (count === 1 ? broadcastPresence(ctx, io, presence, agentId) : undefined);
    const connected = presence.connect(agentId).then(changed);
    connected.catch((error: unknown) => ctx.logger.warn({ err: error }, 'presence update failed'));
    socket.on('disconnect', () => {
      // After the connect was counted, so a quick connect/disconnect never leaves a count behind.
      connected
        .catch(() => undefined)
        .then(() => presence.disconnect(agentId))
        .then((count) => (count === 0 ? broadcastPresence(ctx, io, presence, agentId) : undefined))
        .catch((error: unknown) => ctx.logger.warn({ err: error }, 'presence update failed'));
    });
  });

  return io;
}
