import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server';
import { expectOnlineUntilLastTabCloses } from '../support/presence-tabs';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import {
  auth,
  closeSockets,
  connectSocket,
  disconnected,
  emitWithAck,
  joinConversation,
  nextEvent,
  sendMessage,
  startConversation,
  type User,
} from '../chat/chat-fixtures';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two API nodes on one Postgres and one Redis: user A talks to node 1, user B to node 2, and every
 * realtime path must cross the Redis adapter in both directions. CI sets both URLs.
 */
describe.skipIf(!databaseUrl || !redisUrl)('two API nodes behind one Redis', () => {
  let node1: TestServer;
  let node2: RunningServer;
  let a: User;
  let b: User;
  let conversationId: string;

  beforeAll(async () => {
    node1 = await startTestServer({ REDIS_URL: redisUrl! });
    node2 = await startServer(node1.ctx.config, { logger: pino({ level: 'silent' }) });
    [a, b] = await Promise.all([signUpVerified(node1, 'na'), signUpVerified(node1, 'nb')]);
    conversationId = (await startConversation(node1, a, b)).id;
  });
  afterEach(() => closeSockets());
  afterAll(async () => {
    await node2?.close();
    await node1?.stop();
  });

  const api2 = () => request(node2.url);

  it('delivers a message:send on node 1 to node 2, and a retry on node 2 finds it stored', async () => {
    const socketA = await connectSocket(node1.url, a.token);
    const socketB = await connectSocket(node2.url, b.token);
    expect(await joinConversation(socketB, conversationId)).toEqual({ ok: true });
    const toB = nextEvent(socketB, 'message:received', (m) => m.content === 'over the socket, across nodes');
    const payload = { conversationId, content: 'over the socket, across nodes', clientMessageId: `socket-${Date.now()}` };
    const ack = await socketA.timeout(10_000).emitWithAck('message:send', payload);
    expect(ack).toMatchObject({ ok: true, created: true });
    const sent = (ack as Extract<typeof ack, { ok: true }>).participantMessage;
    expect(await toB).toEqual(sent);
    const socketA2 = await connectSocket(node2.url, a.token);
    expect(await socketA2.timeout(10_000).emitWithAck('message:send', payload)).toEqual({ ok: true, created: false, participantMessage: sent });
  });

  it('carries messages, typing and seen events from node 1 to node 2 and back', async () => {
    const socketA = await connectSocket(node1.url, a.token);
    const socketB = await connectSocket(node2.url, b.token);
    expect(await joinConversation(socketA, conversationId)).toEqual({ ok: true });
    expect(await joinConversation(socketB, conversationId)).toEqual({ ok: true });

    // A (node 1) → B (node 2)
    const toB = nextEvent(socketB, 'message:received');
    // A second tab of B on node 2, in no room: the list update crosses nodes too.
    const lobbyB = await connectSocket(node2.url, b.token);
    const listB = nextEvent(lobbyB, 'conversation:message');
    const fromA = await sendMessage(node1, a, conversationId, 'from node 1');
    expect(await toB).toEqual(fromA);
    expect((await listB).message.id).toBe(fromA.id);

    // B reads it through node 2; A hears it on node 1.
    const seenAtA = nextEvent(socketA, 'conversation:message:seen');
    await api2().post(`/api/v1/chat/messages/${fromA.id}/seen`).set(auth(b)).send({}).expect(200);
    expect(await seenAtA).toMatchObject({ messageId: fromA.id, agentId: b.agentId });

    // B (node 2) → A (node 1), sent through node 2's REST API
    const toA = nextEvent(socketA, 'message:received');
    const sent = await api2()
      .post(`/api/v1/chat/conversations/${conversationId}/messages/async`)
      .set(auth(b))
      .send({ content: 'from node 2', clientMessageId: 'node2-1' })
      .expect(201);
    expect(await toA).toEqual(sent.body.data.participantMessage);

    const typingAtB = nextEvent(socketB, 'conversation:participant:typing');
    await emitWithAck(socketA, 'conversation:participant:typing', { conversationId, isTyping: true });
    expect(await typingAtB).toMatchObject({ agentId: a.agentId, isTyping: true });
    const typingAtA = nextEvent(socketA, 'conversation:participant:typing');
    await emitWithAck(socketB, 'conversation:participant:typing', { conversationId, isTyping: false });
    expect(await typingAtA).toMatchObject({ agentId: b.agentId, isTyping: false });

    // …and the other way round.
    const seenAtB = nextEvent(socketB, 'conversation:message:seen');
    await node1.api().post(`/api/v1/chat/messages/${sent.body.data.participantMessage.id}/seen`).set(auth(a)).send({}).expect(200);
    expect(await seenAtB).toMatchObject({ agentId: a.agentId });
  });

  it('carries reactions and deletes across nodes', async () => {
    const socketA = await connectSocket(node1.url, a.token);
    const socketB = await connectSocket(node2.url, b.token);
    expect(await joinConversation(socketA, conversationId)).toEqual({ ok: true });
    expect(await joinConversation(socketB, conversationId)).toEqual({ ok: true });
    const message = await sendMessage(node1, a, conversationId, 'react to me, then I go');

    // B reacts through node 2; A hears it on node 1.
    const reactionAtA = nextEvent(socketA, 'message:reaction', (e) => e.messageId === message.id);
    await api2().put(`/api/v1/chat/messages/${message.id}/reactions/${encodeURIComponent('👍')}`).set(auth(b)).expect(200);
    expect(await reactionAtA).toMatchObject({ emoji: '👍', agent: { id: b.agentId }, reacted: true });

    // A deletes through node 1; B hears it on node 2.
    const deletedAtB = nextEvent(socketB, 'message:updated', (m) => m.id === message.id);
    await node1.api().delete(`/api/v1/chat/messages/${message.id}`).set(auth(a)).expect(200);
    expect(await deletedAtB).toMatchObject({ id: message.id, content: '', deleted: true });
  });

  it('shares presence across nodes in both directions', async () => {
    // Fresh agents, so no presence change of the previous test can be mistaken for one of these.
    const [a, b] = await Promise.all([signUpVerified(node1, 'pa'), signUpVerified(node1, 'pb')]);
    await startConversation(node1, a, b);
    const socketA = await connectSocket(node1.url, a.token);
    const bOnline = nextEvent(socketA, 'presence:changed', (e) => e.agentId === b.agentId && e.isOnline);
    const socketB = await connectSocket(node2.url, b.token);
    await bOnline;
    expect((await node1.ctx.presence([{ id: b.agentId, isHuman: true }])).get(b.agentId)).toBe(true);
    expect((await node2.ctx.presence([{ id: a.agentId, isHuman: true }])).get(a.agentId)).toBe(true);

    const bOffline = nextEvent(socketA, 'presence:changed', (e) => e.agentId === b.agentId && !e.isOnline);
    socketB.disconnect();
    await bOffline;
    expect((await node1.ctx.presence([{ id: b.agentId, isHuman: true }])).get(b.agentId)).toBe(false);

    const socketB2 = await connectSocket(node2.url, b.token);
    const aOffline = nextEvent(socketB2, 'presence:changed', (e) => e.agentId === a.agentId && !e.isOnline);
    socketA.disconnect();
    await aOffline;
    const aOnline = nextEvent(socketB2, 'presence:changed', (e) => e.agentId === a.agentId && e.isOnline);
    await connectSocket(node1.url, a.token);
    await aOnline;
  });

  it('keeps a person with a tab on each node online until the last tab closes', async () => {
    const [person, observer] = await Promise.all([signUpVerified(node1, 'tp'), signUpVerified(node1, 'to')]);
    const { id: conversationId } = await startConversation(node1, person, observer);
    // The first tab's node then counts no socket of the person: only the other node's count keeps them online.
    await expectOnlineUntilLastTabCloses({ person, observer, conversationId, nodes: { observer: node1, firstTab: node2, secondTab: node1 } });
  });

  it('closes a socket on node 1 when its session logs out through node 2', async () => {
    const socketA = await connectSocket(node1.url, a.token);
    const gone = disconnected(socketA);
    await api2().post('/api/v1/auth/logout').set(auth(a)).expect(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('a session that node 1 remembers as live is refused there once it logs out through node 2', async () => {
    const c = await signUpVerified(node1, 'nc');
    // Node 1 checks the session once and keeps it in its short cache.
    await node1.api().get('/api/v1/auth/me').set(auth(c)).expect(200);
    await api2().post('/api/v1/auth/logout').set(auth(c)).expect(200);
    // The revocation crosses the adapter; no waiting for the cache to run out.
    await expect.poll(async () => (await node1.api().get('/api/v1/auth/me').set(auth(c))).status, { timeout: 2000, interval: 20 }).toBe(401);
  });
  it('a password change through node 2 signs out the other session on node 1 (socket closed, cached session refused); this one stays', async () => {
    const d = await signUpVerified(node1, 'nd');
    const other = await node1.api().post('/api/v1/auth/login').send({ username: d.username, password: d.password }).expect(200);
    const otherToken = other.body.data.token as string;
    const otherSocket = await connectSocket(node1.url, otherToken);
    // Node 1 remembers the other session as live.
    await node1.api().get('/api/v1/auth/me').set(auth({ token: otherToken })).expect(200);
    const gone = disconnected(otherSocket);
    await api2().put('/api/v1/users/me/password').set(auth(d)).send({ currentPassword: d.password, newPassword: 'N3wPassword' }).expect(200);
    expect(await gone).toBe('io server disconnect');
    await expect.poll(async () => (await node1.api().get('/api/v1/auth/me').set(auth({ token: otherToken }))).status, { timeout: 2000, interval: 20 }).toBe(401);
    await node1.api().get('/api/v1/auth/me').set(auth(d)).expect(200);
  });
});
