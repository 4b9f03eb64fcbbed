import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { AppSocketServer } from './realtime/socket-types';

/** What shutdown needs of a running node (server.ts's RunningServer has it). */
interface DrainableServer {
  httpServer: HttpServer;
  io: AppSocketServer;
  replyWorker: { stop(): Promise<void> };
  close(): Promise<void>;
}

/**
 * Stops a node without losing work: no new connections, requests in flight finish, AI replies this
 * node is writing go back to the queue at once (another node continues them instead of waiting for
 * their leases to run out), then everything closes. Resolves when the server is closed.
 *
 * The other nodes hear this one leave only at the end of `close()`, after the last message it
 * stores (its broadcasts stop first), and then tell their clients to fetch what they missed
 * (decision 0030); this node's own clients reconnect elsewhere and fetch on re-join.
 */
async function drainAndClose(server: DrainableServer): Promise<void> {
  const { httpServer, io, replyWorker } = server;
  // The listener closes now and idle keep-alive connections with it; busy ones close after their response.
  const requestsDone = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  // This node's sockets would keep the HTTP server open; their clients reconnect to another node.
  io.local.disconnectSockets(true);
  const repliesHandedOver = replyWorker.stop();
  await Promise.all([requestsDone, repliesHandedOver]);
  await server.close();
}

/**
 * On SIGTERM or SIGINT: drain and close, then exit 0. Past `timeoutMs` the process exits 1 anyway,
 * so an orchestrator's restart never waits on a request that does not end.
 */
export function exitGracefullyOnSignals(server: DrainableServer, options: { timeoutMs: number; logger: Logger }): void {
  const { timeoutMs, logger } = options;
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal, timeoutMs }, 'shutting down: finishing requests in flight, handing AI replies over');
    setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown deadline passed; exiting with work unfinished');
      process.exit(1);
    }, timeoutMs).unref();
    drainAndClose(server).then(
      () => {
        logger.info('shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, shutdown);
}
