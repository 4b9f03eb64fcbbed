import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { CommandsInFlight } from './realtime/commands-in-flight';
import type { AppSocketServer } from './realtime/socket-types';

/**
 * How long a stopping node waits at most for the socket commands under way (a send is stored and
 * acked within milliseconds; this only bounds one that hangs), never more than half the shutdown's
 * own deadline, which the rest of closing needs.
 */
const COMMANDS_SETTLE_MS = 2_000;

/** What shutdown needs of a running node (server.ts's RunningServer has it). */
interface DrainableServer {
  httpServer: HttpServer;
  io: AppSocketServer;
  commandsInFlight: CommandsInFlight;
  replyWorker: { stop(): Promise<void> };
  close(): Promise<void>;
}

/**
 * Stops a node without losing work: no new connections, requests in flight finish, the socket
 * commands under way (a chat send being stored, say) are answered before the sockets are
 * disconnected (at most `commandsSettleMs`), so their clients need not send again elsewhere; AI
 * replies this node is writing go back to the queue at once (another node continues them instead of
 * waiting for their leases to run out), then everything closes. Resolves when the server is closed.
 *
 * The other nodes hear this one leave only at the end of `close()`, after the last message it
 * stores (its broadcasts stop first), and then tell their clients to fetch what they missed
 * (decision 0030); this node's own clients reconnect elsewhere and fetch on re-join.
 */
export async function drainAndClose(server: DrainableServer, { commandsSettleMs }: { commandsSettleMs: number }): Promise<void> {
  const { httpServer, io, commandsInFlight, replyWorker } = server;
  // The listener closes now and idle keep-alive connections with it; busy ones close after their response.
  const requestsDone = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  const repliesHandedOver = replyWorker.stop();
  // The sockets stay open until their commands are answered: an ack cut off by the disconnect makes
  // the client time out and send again. A command arriving meanwhile is still run and counted, not
  // refused: it is as cheap to answer as the ones already under way, and a refusal would only send
  // its client to another node to do the same work later. Under a load the node cannot keep up
  // with, clients refill what was answered and the count may not reach 0: the wait ends at its bound.
  await commandsInFlight.settled(commandsSettleMs);
  // This node's sockets would keep the HTTP server open; their clients reconnect to another node.
  io.local.disconnectSockets(true);
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
    drainAndClose(server, { commandsSettleMs: Math.min(COMMANDS_SETTLE_MS, timeoutMs / 2) }).then(
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
