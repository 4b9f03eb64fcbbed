import { Redis } from 'ioredis';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversationRoom, type TChatMessage } from '@agentroom/shared';
import { createRedisPresence } from '../../src/realtime/presence';
import { startServer, type RunningServer } from '../../src/server';
import { startOwnRedis } from '../support/redis-process';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { auth, closeSockets, connectSocket, joinConversation, nextEvent, sendMessage, startConversation, type User } from '../chat/chat-fixtures';

const databaseUrl = process.env.TEST_DATABASE_URL;
const MESSAGES_PER_MINUTE = 8;

/**
 * Two API nodes on one Postgres and a Redis of this file's own, which the tests kill and start
 * again (empty, as after a crash): sending must not depend on Redis, and what the nodes could not
 * tell each other meanwhile must reach the clients once Redis is back.
 */
describe.skipIf(!databaseUrl)('two API nodes while their Redis goes away', () => {
  let redis: Awaited<ReturnType<typeof startOwnRedis>>;
  let node1: TestServer;
  let node2: RunningServer;
  const node2Log: { msg: string }[] = [];

  beforeAll(async () => {
    redis = await startOwnRedis();
    node1 = await startTestServer({ REDIS_URL: redis.url, RATE_LIMIT_MESSAGES_PER_MINUTE: String(MESSAGES_PER_MINUTE) });
    const logger = pino({ level: 'info' }, { write: (line: string) => void node2Log.push(JSON.parse(line) as { msg: string }) });
    node2 = await startServer(node1.ctx.config, { logger });
  });
  afterEach(async () => {
    closeSockets();
    await redis.start();
  });
  afterAll(async () => {
    await node2?.close();
    await node1?.stop();
    await redis?.stop();
  });

  const api2 = () => request(node2.url);
  const send2 = async (from: User, conversationId: string, content: string) =>
    api2().post(`/api/v1/chat/conversations/${conversationId}/messages/async`).set(auth(from)).send({ content, clientMessageId: crypto.randomUUID() });
  const logged = (text: string) => node2Log.filter((line) => line.msg.includes(text)).length;

  it('accepts and stores messages on both nodes while Redis is down, and still limits them per node', async () => {
    const [a, b] = await Promise.all([signUpVerified(node1, 'oa'), signUpVerified(node1, 'ob')]);
    const { id: conversationId } = await startConversation(node1, a, b);
    await redis.stop();

    for (let round = 0; round < 2; round += 1) {
      await sendMessage(node1, a, conversationId, `a${round} via node 1`);
      expect((await send2(b, conversationId, `b${round} via node 2`)).status).toBe(201);
    }
    const stored = await node1.api().get(`/api/v1/chat/conversations/${conversationId}/messages?after=0`).set(auth(a)).expect(200);
    expect(stored.body.data.messages.map((m: TChatMessage) => [m.seq, m.content])).toEqual([
      [1, 'a0 via node 1'],
      [2, 'b0 via node 2'],
      [3, 'a1 via node 1'],
      [4, 'b1 via node 2'],
    ]);

    // A has used 2 of node 1's budget: the rest goes through, one more is refused.
    for (let i = 2; i < MESSAGES_PER_MINUTE; i += 1) await sendMessage(node1, a, conversationId, `a${i}`);
    const refused = await node1.api().post(`/api/v1/chat/conversations/${conversationId}/messages/async`).set(auth(a)).send({ content: 'one too many', clientMessageId: crypto.randomUUID() });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    // Node 2 counts on its own while the nodes cannot share counters.
    expect((await send2(a, conversationId, 'a via node 2')).status).toBe(201);
    expect(logged('rate limits count per node in memory')).toBe(1);

    await redis.start();
    // Any limited request tells node 2 whether Redis counts again (login's limiter comes before validation).
    await expect.poll(async () => {
      await api2().post('/api/v1/auth/login').send({});
      return logged('rate limits are shared by all nodes again');
    }, { timeout: 10_000, interval: 50 }).toBe(1);
    expect(logged('rate limits count per node in memory')).toBe(1);
  });

  /** Node 1 sees node 2's socket in the conversation room through Redis: both adapter links work. */
  const linkIsUp = (conversationId: string) =>
    expect
      .poll(async () => (await node1.io.in(conversationRoom(conversationId)).fetchSockets().catch(() => [])).length, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(1);

  it('tells a client on node 2 to catch up once Redis is back, and it gets what node 1 stored meanwhile without reconnecting', async () => {
    const [a, b] = await Promise.all([signUpVerified(node1, 'ra'), signUpVerified(node1, 'rb')]);
    const { id: conversationId } = await startConversation(node1, a, b);
    const socketB = await connectSocket(node2.url, b.token);
    expect(await joinConversation(socketB, conversationId)).toEqual({ ok: true });
    // The previous test stopped and restarted Redis: wait until both nodes' adapter links are back
    // (node 1 sees node 2's socket in the room through Redis) before expecting live delivery.
    await linkIsUp(conversationId);
    let reconnects = 0;
    socketB.on('disconnect', () => (reconnects += 1));
    const live = nextEvent(socketB, 'message:received');
    const before = await sendMessage(node1, a, conversationId, 'before the outage');
    expect(await live).toEqual(before);

    // What B's chat holds: live messages, plus a gap-fill after every resync.
    const held = new Map<number, string>([[before.seq, before.content]]);
    socketB.on('message:received', (m) => held.set(m.seq, m.content));
    const resynced = nextEvent(socketB, 'sync:resync', () => true, 20_000);
    const fills: string[][] = [];
    socketB.on('sync:resync', () => {
      const after = Math.max(...held.keys());
      void api2()
        .get(`/api/v1/chat/conversations/${conversationId}/messages?after=${after}`)
        .set(auth(b))
        .then((res) => {
          const messages = res.body.data.messages as TChatMessage[];
          fills.push(messages.map((m) => m.content));
          for (const m of messages) held.set(m.seq, m.content);
        });
    });

    await redis.stop();
    await sendMessage(node1, a, conversationId, 'during the outage');
    await redis.start();
    await sendMessage(node1, a, conversationId, 'just after the outage');

    expect(await resynced).toEqual({ reason: 'realtime-restored' });
    await expect.poll(() => fills.length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    // 'during the outage' may still come live: ioredis queues node 1's publish while it reconnects and
    // sends it if Redis is back within its retries. Either way B's chat ends up whole, in order:
    await expect
      .poll(() => [...held.entries()].sort(([x], [y]) => x - y).map(([, content]) => content), { timeout: 10_000, interval: 20 })
      .toEqual(['before the outage', 'during the outage', 'just after the outage']);
    expect(reconnects).toBe(0);
    expect(socketB.connected).toBe(true);

    // The link carries live messages again once both nodes' adapter connections are back (each
    // reconnects on its own backoff): node 1 can see node 2's socket in the room through Redis.
    // (A publish queued during the outage may still arrive late and out of order: a copy of what
    // the chat already holds.)
    await linkIsUp(conversationId);
    const next = nextEvent(socketB, 'message:received', (m) => m.content === 'live again');
    const afterwards = await sendMessage(node1, a, conversationId, 'live again');
    expect(await next).toEqual(afterwards);
  });

  it('keeps a person online when one socket closes as another opens (count updated in one step)', async () => {
    const client = new Redis(redis.url);
    const presence = createRedisPresence(client, pino({ level: 'silent' }));
    try {
      const agentId = crypto.randomUUID();
      for (let round = 0; round < 20; round += 1) {
        await presence.connect(agentId);
        // The old socket leaves and a new one arrives, sent together as a reconnecting tab would.
        await Promise.all([presence.disconnect(agentId), presence.connect(agentId)]);
        expect((await presence.onlineOf([agentId])).get(agentId)).toBe(true);
        await presence.disconnect(agentId);
        expect((await presence.onlineOf([agentId])).get(agentId)).toBe(false);
      }
    } finally {
      await presence.close();
      client.disconnect();
    }
  });

  it('ends online after a burst of connects and disconnects of one user on both nodes', async () => {
    const u = await signUpVerified(node1, 'pu');
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => connectSocket(i % 2 ? node2.url : node1.url, u.token)));
    const stays = await connectSocket(node2.url, u.token);
    for (const socket of burst) socket.disconnect();
    const socketsOf = async (node: RunningServer) => (await node.io.local.fetchSockets()).filter((s) => s.data.auth.agentId === u.agentId).length;
    await expect.poll(async () => [await socketsOf(node1), await socketsOf(node2)], { timeout: 5000, interval: 20 }).toEqual([0, 1]);
    await expect.poll(async () => (await node1.ctx.presence([{ id: u.agentId, isHuman: true }])).get(u.agentId), { timeout: 5000, interval: 20 }).toBe(true);

    stays.disconnect();
    await expect.poll(async () => (await node1.ctx.presence([{ id: u.agentId, isHuman: true }])).get(u.agentId), { timeout: 5000, interval: 20 }).toBe(false);
  });
});
