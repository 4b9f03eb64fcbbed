import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { closeSockets, connectSocket, emitWithAck, joinConversation, nextEvent, recordEvents, sendMessage } from '../chat/chat-fixtures';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';
import { addToRoom, createRoom, roomsPath } from './room-helpers';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * A room across two API nodes on one Postgres and one Redis: Maya talks to node 1, Liam and Zoe to
 * node 2. Reactions, deletes and membership changes must cross the adapter. CI sets both URLs.
 */
describe.skipIf(!databaseUrl || !redisUrl)('a room across two API nodes', () => {
  let node1: TestServer;
  let node2: RunningServer;
  let maya: TestUser;
  let liam: TestUser;
  let zoe: TestUser;
  let handle: string;
  let roomId: string;

  beforeAll(async () => {
    node1 = await startTestServer({ REDIS_URL: redisUrl! });
    node2 = await startServer(node1.ctx.config, { logger: pino({ level: 'silent' }) });
    [maya, liam, zoe] = [await signUpVerified(node1, 'rnmaya'), await signUpVerified(node1, 'rnliam'), await signUpVerified(node1, 'rnzoe')];
    handle = (await createTeam(node1, maya)).handle;
    await addMember(node1, maya, handle, liam.username);
    await addMember(node1, maya, handle, zoe.username);
    roomId = (await createRoom(node1, maya, handle, { name: 'across', memberIds: [liam.agentId] })).room.id;
  });
  afterEach(() => closeSockets());
  afterAll(async () => {
    await node2?.close();
    await node1?.stop();
  });

  const api2 = () => request(node2.url);

  it('carries reactions and deletes of a room from node to node', async () => {
    const atMaya = await connectSocket(node1.url, maya.token);
    const atLiam = await connectSocket(node2.url, liam.token);
    expect(await joinConversation(atMaya, roomId)).toEqual({ ok: true });
    expect(await joinConversation(atLiam, roomId)).toEqual({ ok: true });
    const toLiam = nextEvent(atLiam, 'message:received', (m) => m.content === 'react, then I go');
    const message = await sendMessage(node1, maya, roomId, 'react, then I go');
    await toLiam;

    const reactionAtMaya = nextEvent(atMaya, 'message:reaction', (e) => e.messageId === message.id);
    await api2().put(`/api/v1/chat/messages/${message.id}/reactions/${encodeURIComponent('👍')}`).set(bearer(liam.token)).expect(200);
    expect(await reactionAtMaya).toMatchObject({ emoji: '👍', agent: { id: liam.agentId }, reacted: true });

    const deletedAtLiam = nextEvent(atLiam, 'message:updated', (m) => m.id === message.id);
    await node1.api().delete(`/api/v1/chat/messages/${message.id}`).set(bearer(maya.token)).expect(200);
    expect(await deletedAtLiam).toMatchObject({ id: message.id, content: '', deleted: true });
  });

  it('someone added on node 1 hears the room on node 2 at once and writes there; removed, they stop', async () => {
    const atMaya = await connectSocket(node1.url, maya.token);
    expect(await joinConversation(atMaya, roomId)).toEqual({ ok: true });
    const zoeLobby = await connectSocket(node2.url, zoe.token);
    // Node 2 remembers the room's members (without Zoe) for its send path.
    await api2().post(`/api/v1/chat/conversations/${roomId}/messages`).set(bearer(liam.token)).send({ content: 'warm the cache', clientMessageId: `warm-${roomId}` }).expect(201);

    const told = nextEvent(zoeLobby, 'rooms:changed', (e) => e.roomId === roomId);
    await addToRoom(node1, maya, handle, 'across', zoe.agentId);
    await told;
    const heard = nextEvent(zoeLobby, 'message:received', (m) => m.content === 'hello zoe');
    await sendMessage(node1, maya, roomId, 'hello zoe');
    await heard;
    const reply = nextEvent(atMaya, 'message:received', (m) => m.content === 'hi from node 2');
    await api2().post(`/api/v1/chat/conversations/${roomId}/messages`).set(bearer(zoe.token)).send({ content: 'hi from node 2', clientMessageId: `zoe-${roomId}` }).expect(201);
    await reply;

    const removed = nextEvent(zoeLobby, 'rooms:changed', (e) => e.roomId === roomId);
    await node1.api().delete(`${roomsPath(handle)}/across/members/${zoe.agentId}`).set(bearer(maya.token)).expect(200);
    await removed;
    const afterwards = recordEvents(zoeLobby, 'message:received');
    const arrived = nextEvent(atMaya, 'message:received', (m) => m.content === 'zoe is gone');
    await sendMessage(node1, maya, roomId, 'zoe is gone');
    await arrived;
    expect(await emitWithAck(zoeLobby, 'room:leave', { roomId: `conversation:${roomId}` })).toEqual({ ok: true });
    expect(afterwards).toEqual([]);
    // Node 2 forgot the members it remembered: Zoe's write is refused there too.
    await expect
      .poll(async () => (await api2().post(`/api/v1/chat/conversations/${roomId}/messages`).set(bearer(zoe.token)).send({ content: 'still here?', clientMessageId: `late-${Date.now()}` })).status, {
        timeout: 2000,
        interval: 20,
      })
      .toBe(404);
  });
});
