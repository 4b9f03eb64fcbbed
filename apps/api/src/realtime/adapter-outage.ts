import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AppSocketServer } from './socket-types';

/**
 * The adapter publishes without awaiting; while Redis is away ioredis rejects those publishes
 * (after its retries), and an unhandled rejection would end the process. Such an event is lost,
 * which the resync below makes up for.
 */
export function ignoreFailedPublishes(pub: Redis): void {
  const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
  pub.publish = ((...args: unknown[]) => {
    const sent = publish(...args);
    sent.catch(() => undefined);
    return sent;
  }) as Redis['publish'];
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
