import type { Redis } from 'ioredis';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessage } from '@agentroom/shared';
import { startServer, type RunningServer } from '../../src/server';
import type { PeerRun } from '../../src/realtime/peer-tracker';
import { startOwnRedis } from '../support/redis-process';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import {
  auth,
  closeSockets,
  connectSocket,
  joinConversation,
  nextEvent,
  recordEvents,
  sendMessage,
  startConversation,
  type ClientSocket,
  type User,
} from '../chat/chat-fixtures';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const runOf = (node: RunningServer): PeerRun => ({ nodeId: node.nodeHeartbeat!.nodeId, startedAt: node.nodeHeartbeat!.startedAt });
const hears = (listener: RunningServer, node: PeerRun) =>
  listener.nodeHeartbeat!.peers().some((peer) => peer.nodeId === node.nodeId && peer.startedAt === node.startedAt);

/**
 * As if the process died at once: its adapter publisher goes, so nothing it does from here on (a
 * message's broadcast, a heartbeat, the goodbye of its close) reaches another node. It still writes
 * to the database.
 */
function dieSilently(node: RunningServer): void {
  (node.io.of('/').adapter as unknown as { pubClient: Redis }).pubClient.disconnect();
}

/**
 * Two API nodes on one Postgres and a Redis of this file's own (other files' nodes, coming and
 * going, are not heard here): when a node stops, crashed or shut down, the other node's clients are
 * told to fetch what they missed, and fetching finds what the lost node stored but never broadcast.
 */
describe.skipIf(!databaseUrl || !redisUrl)('a client on one API node when another node goes away', () => {
  let redis: Awaited<ReturnType<typeof startOwnRedis>>;
  let node1: TestServer;
  let node2: RunningServer | undefined;
  let a: User;
  let b: User;

  const startNode2 = async (port = 0) => {
    const node = await startServer({ ...node1.ctx.config, port }, { logger: pino({ level: 'silent' }) });
    node2 = node;
    const run = runOf(node);
    // Both know each other: node 1 answers a newcomer's first heartbeat at once.
    await expect.poll(() => hears(node1, run) && hears(node, runOf(node1)), { timeout: 10_000, interval: 20 }).toBe(true);
    return node;
  };

  beforeAll(async () => {
    redis = await startOwnRedis();
    // Short beats keep the test quick; nothing here depends on how short.
    node1 = await startTestServer({ REDIS_URL: redis.url, NODE_HEARTBEAT_MS: '150' });
    [a, b] = await Promise.all([signUpVerified(node1, 'pla'), signUpVerified(node1, 'plb')]);
  });
  afterEach(async () => {
    closeSockets();
    await node2?.close();
    node2 = undefined;
  });
  afterAll(async () => {
    await node1?.stop();
    await redis?.stop();
  });

  /** A's chat on node 1: live messages, plus a fetch after its newest seq on every resync. */
  const chatOnNode1 = async (conversationId: string) => {
    const socket = await connectSocket(node1.url, a.token);
    expect(await joinConversation(socket, conversationId)).toEqual({ ok: true });
    const held = new Map<number, string>();
    socket.on('message:received', (m) => held.set(m.seq, m.content));
    socket.on('sync:resync', () => {
      const after = Math.max(0, ...held.keys());
      void node1
        .api()
        .get(`/api/v1/chat/conversations/${conversationId}/messages?after=${after}`)
        .set(auth(a))
        .then((res) => {
          for (const m of res.body.data.messages as TChatMessage[]) held.set(m.seq, m.content);
        });
    });
    const contents = () => [...held.entries()].sort(([x], [y]) => x - y).map(([, content]) => content);
    return { socket, contents };
  };
  /** The first resync that comes once node 1 no longer hears `run` (another node's loss cannot pass for it). */
  const resyncAfterLosing = (socket: ClientSocket, run: PeerRun) =>
    nextEvent(socket, 'sync:resync', () => !hears(node1, run), 20_000);

  it('tells the client to catch up when a node dies, and the fetch finds what that node stored but never broadcast', async () => {
    const { id: conversationId } = await startConversation(node1, a, b);
    const node = await startNode2();
    const chat = await chatOnNode1(conversationId);
    const live = nextEvent(chat.socket, 'message:received');
    await sendMessage(node1, a, conversationId, 'before the crash');
    await live;

    const lost = runOf(node);
    dieSilently(node);
    const resync = resyncAfterLosing(chat.socket, lost);
    // Stored on node 2; its broadcast goes nowhere.
    await request(node.url)
      .post(`/api/v1/chat/conversations/${conversationId}/messages/async`)
      .set(auth(b))
      .send({ content: 'stored as node 2 died', clientMessageId: crypto.randomUUID() })
      .expect(201);

    expect(await resync).toEqual({ reason: 'peer-lost' });
    await expect.poll(chat.contents, { timeout: 10_000, interval: 20 }).toEqual(['before the crash', 'stored as node 2 died']);
  });

  it('tells the client to catch up when a node shuts down gracefully', async () => {
    const { id: conversationId } = await startConversation(node1, a, b);
    const node = await startNode2();
    const chat = await chatOnNode1(conversationId);
    const resync = resyncAfterLosing(chat.socket, runOf(node));
    await node.close();
    node2 = undefined;
    expect(await resync).toEqual({ reason: 'peer-lost' });
  });

  it('tracks a node that comes back on the same host and port as a new run, and the clients catch up', async () => {
    const { id: conversationId } = await startConversation(node1, a, b);
    const first = await startNode2();
    const firstRun = runOf(first);
    const chat = await chatOnNode1(conversationId);
    const resync = resyncAfterLosing(chat.socket, firstRun);
    dieSilently(first);
    await first.close();

    const second = await startNode2(first.port);
    const secondRun = runOf(second);
    expect(secondRun.nodeId).toBe(firstRun.nodeId);
    expect(secondRun.startedAt).toBeGreaterThan(firstRun.startedAt);
    expect(await resync).toEqual({ reason: 'peer-lost' });
    expect(node1.nodeHeartbeat!.peers()).toEqual([secondRun]);

    // The new run is a peer like any other: its own death is noticed too.
    const again = resyncAfterLosing(chat.socket, secondRun);
    dieSilently(second);
    expect(await again).toEqual({ reason: 'peer-lost' });
  });
});

describe('a single API node (no Redis)', () => {
  let node: TestServer;
  beforeAll(async () => {
    // Beats this short would fire many times during the test, if a node without peers sent any.
    node = await startTestServer({ NODE_HEARTBEAT_MS: '1' });
  });
  afterEach(() => closeSockets());
  afterAll(async () => node?.stop());

  it('has no heartbeat and never tells its clients to resync', async () => {
    expect(node.nodeHeartbeat).toBeUndefined();
    const [a, b] = await Promise.all([signUpVerified(node, 'sna'), signUpVerified(node, 'snb')]);
    const { id: conversationId } = await startConversation(node, a, b);
    const socket = await connectSocket(node.url, b.token);
    const resyncs = recordEvents(socket, 'sync:resync');
    expect(await joinConversation(socket, conversationId)).toEqual({ ok: true });
    for (const content of ['one', 'two', 'three']) {
      const live = nextEvent(socket, 'message:received', (m) => m.content === content);
      await sendMessage(node, a, conversationId, content);
      await live;
    }
    expect(resyncs).toEqual([]);
  });
});
