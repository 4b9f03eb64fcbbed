import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TFollowedThreadsResponse, TOpenThreadResponse } from '@agentroom/shared';
import { startServer, type RunningServer } from '../../src/server';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { closeSockets, connectSocket, joinConversation, nextEvent, recordEvents, sendMessage } from './chat-fixtures';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';
import { createRoom, roomsPath } from '../rooms/room-helpers';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Threads (decision 0026) across two API nodes on one Postgres and one Redis: Maya talks to node 1,
 * Liam and Zoe to node 2. Summaries, followers' notices and leaving must cross the adapter.
 */
describe.skipIf(!databaseUrl || !redisUrl)('threads across two API nodes', () => {
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
    [maya, liam, zoe] = [await signUpVerified(node1, 'tnmaya'), await signUpVerified(node1, 'tnliam'), await signUpVerified(node1, 'tnzoe')];
    handle = (await createTeam(node1, maya)).handle;
    await addMember(node1, maya, handle, liam.username);
    await addMember(node1, maya, handle, zoe.username);
    roomId = (await createRoom(node1, maya, handle, { name: 'threads-across', memberIds: [liam.agentId, zoe.agentId] })).room.id;
  });
  afterEach(() => closeSockets());
  afterAll(async () => {
    await node2?.close();
    await node1?.stop();
  });

  const api2 = () => request(node2.url);
  const open = async (user: TestUser, messageId: string) =>
    (await node1.api().post(`/api/v1/chat/messages/${messageId}/thread`).set(bearer(user.token)).expect(201)).body.data as TOpenThreadResponse;

  it('a reply on node 2 updates the root summary for a room member on node 1 (thread:updated)', async () => {
    const root = await sendMessage(node1, maya, roomId, 'Summary across nodes');
    const { thread } = await open(maya, root.id);
    const atMaya = await connectSocket(node1.url, maya.token);
    expect(await joinConversation(atMaya, roomId)).toEqual({ ok: true });
    const updated = nextEvent(atMaya, 'thread:updated', (e) => e.rootMessageId === root.id);
    await api2().post(`/api/v1/chat/conversations/${thread.id}/messages`).set(bearer(liam.token)).send({ content: 'from node 2', clientMessageId: `r-${root.id}` }).expect(201);
    expect(await updated).toMatchObject({ conversationId: roomId, thread: { conversationId: thread.id, replyCount: 1, repliers: [{ id: liam.agentId }] } });
  });

  it('tells a follower on the other node (conversation:message), not a member who does not follow; reading clears it', async () => {
    const root = await sendMessage(node1, maya, roomId, 'Followers across nodes');
    const { thread } = await open(maya, root.id);
    const mayaLobby = await connectSocket(node1.url, maya.token);
    const zoeLobby = await connectSocket(node2.url, zoe.token);
    const zoeHeard = recordEvents(zoeLobby, 'conversation:message');
    const toMaya = nextEvent(mayaLobby, 'conversation:message', (e) => e.conversationId === thread.id);
    const reply = (
      await api2().post(`/api/v1/chat/conversations/${thread.id}/messages`).set(bearer(liam.token)).send({ content: 'for followers', clientMessageId: `f-${root.id}` }).expect(201)
    ).body.data.participantMessage as { id: string };
    expect((await toMaya).message.id).toBe(reply.id);
    const marker = nextEvent(zoeLobby, 'conversation:message', (e) => e.conversationId === roomId);
    await sendMessage(node1, maya, roomId, 'marker for zoe');
    await marker;
    expect(zoeHeard.filter((e) => e.conversationId === thread.id)).toEqual([]);

    const threadsOf = async () => (await node1.api().get('/api/v1/chat/threads').set(bearer(maya.token)).expect(200)).body.data as TFollowedThreadsResponse;
    expect((await threadsOf()).threads.find((t) => t.place.threadConversationId === thread.id)?.unreadCount).toBe(1);
    await api2().put(`/api/v1/chat/conversations/${thread.id}/read`).set(bearer(maya.token)).send({ lastReadMessageId: reply.id }).expect(200);
    expect((await threadsOf()).threads.find((t) => t.place.threadConversationId === thread.id)?.unreadCount).toBe(0);
  });

  it('a member removed on node 1 loses the thread on node 2 at once, their socket in it too', async () => {
    const root = await sendMessage(node1, maya, roomId, 'Zoe will go');
    const { thread } = await open(maya, root.id);
    const atZoe = await connectSocket(node2.url, zoe.token);
    expect(await joinConversation(atZoe, thread.id)).toEqual({ ok: true });
    // Node 2 remembers the thread's members (with Zoe) for its send path.
    await api2().post(`/api/v1/chat/conversations/${thread.id}/messages`).set(bearer(zoe.token)).send({ content: 'zoe was here', clientMessageId: `z-${root.id}` }).expect(201);
    const heard = recordEvents(atZoe, 'message:received');
    const zoeLobby = await connectSocket(node2.url, zoe.token);
    const removed = nextEvent(zoeLobby, 'rooms:changed', (e) => e.roomId === roomId);

    await node1.api().delete(`${roomsPath(handle)}/threads-across/members/${zoe.agentId}`).set(bearer(maya.token)).expect(200);
    await removed;
    await api2().post(`/api/v1/chat/conversations/${thread.id}/messages`).set(bearer(zoe.token)).send({ content: 'still here?', clientMessageId: `z2-${root.id}` }).expect(404);
    await api2().get(`/api/v1/chat/conversations/${thread.id}/messages`).set(bearer(zoe.token)).expect(404);
    const atLiam = await connectSocket(node2.url, liam.token);
    expect(await joinConversation(atLiam, thread.id)).toEqual({ ok: true });
    const marker = nextEvent(atLiam, 'message:received', (m) => m.content === 'zoe left');
    await sendMessage(node1, maya, thread.id, 'zoe left');
    await marker;
    expect(heard.filter((m) => m.conversationId === thread.id && m.content === 'zoe left')).toEqual([]);
  });
});
