import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { ignoreFailedPubSub } from '../../src/realtime/adapter-outage';
import { freePort } from '../support/free-port';

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', record);
});

describe('the Socket.IO Redis adapter while Redis is away', () => {
  it('ends no process: the subscribes of a new namespace, its publishes and its unsubscribes fail quietly', async () => {
    process.on('unhandledRejection', record);
    const url = `redis://127.0.0.1:${await freePort()}`; // nothing listens there: Redis is away throughout
    // One retry, as the server's three but sooner: ioredis then rejects everything it queued.
    const client = () => new Redis(url, { maxRetriesPerRequest: 1 }).on('error', () => undefined);
    const pub = client();
    const sub = client();
    ignoreFailedPubSub(pub, sub);
    const io = new Server();
    try {
      io.adapter(createAdapter(pub, sub, { key: 'agentroom:test-outage' })); // SUBSCRIBE + PSUBSCRIBE, not awaited
      io.of('/another'); // a namespace made during the outage subscribes too
      io.serverSideEmit('ping'); // PUBLISH, not awaited
      // Queued behind those: once it is rejected, so are they.
      await expect(sub.ping()).rejects.toThrow(/max retries/i);
      await expect(pub.ping()).rejects.toThrow(/max retries/i);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      // As io.close() does (this Server has no engine to close): PUNSUBSCRIBE + UNSUBSCRIBE, not awaited.
      for (const name of ['/', '/another']) await io.of(name).adapter.close();
      await expect(sub.ping()).rejects.toThrow();
      pub.disconnect();
      sub.disconnect();
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });
});
