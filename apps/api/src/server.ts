import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import type { Server as SocketServer } from 'socket.io';
import { createApp } from './app';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/seed';
import { startMailWorker } from './mail/mail-worker';
import { createSocketServer } from './realtime/socket-server';
import { realtimeOf, unregisterRealtime } from './realtime/realtime-registry';
import { startAi } from './ai/start-ai';
import { startOrphanUploadSweeper } from './chat/orphan-upload-sweeper';

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  httpServer: HttpServer;
  io: SocketServer;
  seeded: boolean;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds when empty, and serves REST + Socket.IO on one port. */
export async function startServer(config: AppConfig, options: { logger?: Logger; pgliteDump?: Blob } = {}): Promise<RunningServer> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    pgliteDump: options.pgliteDump,
  });
  await database.migrate();
  const seeded = config.seedDemo ? await seedDemoData(database.db, config) : false;
  const mail = startMailWorker(database.db, config, logger);
  const ctx: AppContext = { config, database, db: database.db, logger, mail };

  const redisClients = config.redisUrl ? createRedisClients(config.redisUrl, logger) : undefined;
  const app = createApp(ctx, { redis: redisClients?.command, webDistDir: config.webDistDir });
  const httpServer = createServer(app);
  const io = createSocketServer(ctx, httpServer, redisClients && { pub: redisClients.pub, sub: redisClients.sub });
  const ai = startAi(ctx);
  const sweeper = startOrphanUploadSweeper(ctx);

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    ctx,
    httpServer,
    io,
    seeded,
    close: async () => {
      const realtime = realtimeOf(ctx);
      // Nothing may publish through the adapter once its Redis connections start closing.
      unregisterRealtime(ctx);
      sweeper.stop();
      await ai.stop();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // This node's presence leaves Redis before the connections do.
      await realtime?.presence.close().catch(() => undefined);
      await mail.stop();
      // A connection Redis already dropped cannot QUIT; closing must not fail for that.
      const clients = redisClients ? [redisClients.command, redisClients.pub, redisClients.sub] : [];
      await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
      await database.close();
    },
  };
}

function createRedisClients(url: string, logger: Logger) {
  const make = () => {
    const client = new Redis(url, { maxRetriesPerRequest: 3 });
    client.on('error', (error) => logger.warn({ err: error }, 'redis error'));
    return client;
  };
  return { command: make(), pub: make(), sub: make() };
}
