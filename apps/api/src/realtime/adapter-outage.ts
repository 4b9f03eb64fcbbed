import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AppSocketServer } from './socket-types';

/**
 * The adapter sends without awaiting: publishes on every emit, SUBSCRIBE/PSUBSCRIBE when a namespace
 * is created and their UN- forms when it closes; ioredis itself re-subscribes the same way when it
 * reconnects. While Redis is away ioredis rejects those commands (after its retries), and an
 * unhandled rejection would end the process. A lost publish is made up for by the resync below; a
 * lost subscription is sent again by ioredis on its next connection.
 */
export function ignoreFailedPubSub(pub: Redis, sub: Redis): void {
  swallowRejections(pub, 'publish');
  for (const command of SUBSCRIBER_COMMANDS) swallowRejections(sub, command);
}

const SUBSCRIBER_COMMANDS = ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

function swallowRejections(client: Redis, command: 'publish' | (typeof SUBSCRIBER_COMMANDS)[number]): void {
  const send = (client[command] as (...args: unknown[]) => Promise<unknown>).bind(client);
  Object.assign(client, {
    [command]: (...args: unknown[]) => {
      const sent = send(...args);
      sent.catch(() => undefined);
      return sent;
    },
  });
}

/**
 * Redis pub/sub keeps nothing: whatever a node published while its connection (or another node's
 * subscription) was down never arrived anywhere else. So when either adapter connection of this node
 * is ready again after being lost, every connected client is told to fetch what it may have missed:
 * this node's own clients (they missed the other nodes' events) and, once the publisher is back,
 * the other nodes' clients too (they missed this node's).
 */
export function resyncClientsOnReconnect(io: AppSocketServer, clients: { pub: Redis; sub: Redis }, logger: Logger): void {
  for (const [role, client] of Object.entries(clients)) {
    let lost = false;
    client.on('close', () => {
      lost = true;
    });
    client.on('ready', () => {
      if (!lost) return;
      lost = false;
      logger.info({ connection: role }, 'Redis adapter connection is back: clients fetch what they missed');
      // ioredis writes the subscriber's SUBSCRIBE commands before it emits 'ready', so anything
      // published after the clients' fetch reaches them live.
      io.emit('sync:resync', { reason: 'realtime-restored' });
    });
  }
}
