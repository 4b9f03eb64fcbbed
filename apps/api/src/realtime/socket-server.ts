import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { authenticateToken, type AuthState } from '../auth/require-auth';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';

export interface SocketData {
  auth: AuthState;
}

export const agentRoom = (agentId: string) => `agent:${agentId}`;

/**
 * Socket.IO on the API's HTTP server. The handshake token must map to a live session; each socket
 * joins its agent's own room. With Redis, the adapter carries rooms and events across API nodes.
 */
export function createSocketServer(ctx: AppContext, httpServer: HttpServer, redis?: { pub: Redis; sub: Redis }) {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 1e6,
    cors: ctx.config.env === 'production' ? undefined : { origin: true },
  });
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub, { key: 'agentroom:sio' }));

  io.use(async (socket, next) => {
    try {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
      socket.data.auth = await authenticateToken(ctx, token);
      next();
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Authentication required';
      next(Object.assign(new Error(message), { data: { code: error instanceof AppError ? error.code : 'UNAUTHENTICATED' } }));
    }
  });

  io.on('connection', (socket) => {
    void socket.join(agentRoom(socket.data.auth.agentId));
  });

  return io;
}
