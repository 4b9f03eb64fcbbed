import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { THREAD_ERRORS, type TChatMessage, type TFollowedThreadsResponse, type TOpenThreadResponse } from '@agentroom/shared';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { closeSockets, connectSocket, emitWithAck, joinConversation, nextEvent, recordEvents, sendMessage } from './chat-fixtures';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';
import { createRoom, roomsPath } from '../rooms/room-helpers';

/** Threads (decision 0026) in a room of three and a 1:1, on one node (two nodes: threads-two-node). */
let server: TestServer;
let maya: TestUser;
let liam: TestUser;
let zoe: TestUser;
let outsider: TestUser;
let handle: string;
let roomId: string;
let roomName: string;

const api = () => server.api();
const threadPath = (messageId: string) => `/api/v1/chat/messages/${messageId}/thread`;

async function openThread(user: TestUser, messageId: string, status = 201) {
  const res = await api().post(threadPath(messageId)).set(bearer(user.token));
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.data as TOpenThreadResponse;
}

async function messagesOf(user: TestUser, conversationId: string, query = '') {
  const res = await api().get(`/api/v1/chat/conversations/${conversationId}/messages${query}`).set(bearer(user.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.messages as TChatMessage[];
}

async function followed(user: TestUser, query = '') {
  const res = await api().get(`/api/v1/chat/threads${query}`).set(bearer(user.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as TFollowedThreadsResponse;
}

async function lastSeqOf(user: TestUser, conversationId: string) {
  const res = await api().get(`/api/v1/chat/conversations/${conversationId}`).set(bearer(user.token)).expect(200);
  return res.body.data.conversation.lastSeq as number;
}

beforeAll(async () => {
  server = await startTestServer();
  [maya, liam, zoe, outsider] = [
    await signUpVerified(server, 'thmaya'),
    await signUpVerified(server, 'thliam'),
    await signUpVerified(server, 'thzoe'),
    await signUpVerified(server, 'thout'),
  ];
  handle = (await createTeam(server, maya)).handle;
  await addMember(server, maya, handle, liam.username);
  await addMember(server, maya, handle, zoe.username);
  const { room } = await createRoom(server, maya, handle, { name: 'threads', memberIds: [liam.agentId, zoe.agentId] });
  roomId = room.id;
  roomName = room.name;
});
afterEach(() => closeSockets());
afterAll(async () => {
  closeSockets();
  await server?.stop();
});

describe('opening a thread', () => {
  it('makes the thread once (201, then 200), with the parent members, the root author following', async () => {
    const root = await sendMessage(server, maya, roomId, 'Shall we ship Friday?');
    const first = await openThread(liam, root.id, 201);
    expect(first.root.id).toBe(root.id);
    expect(first.thread.conversationType).toBe('thread');
    expect(first.thread.thread).toEqual({ threadConversationId: first.thread.id, rootMessageId: root.id, parentConversationId: roomId, following: false });
    expect(first.thread.participants.map((p) => p.agentId).sort()).toEqual([maya.agentId, liam.agentId, zoe.agentId].sort());
    const again = await openThread(maya, root.id, 200);
    expect(again.thread.id).toBe(first.thread.id);
    expect(again.thread.thread?.following).toBe(true);
  });

  it('makes one thread for concurrent opens', async () => {
    const root = await sendMessage(server, maya, roomId, 'Race me');
    const answers = await Promise.all([maya, liam, zoe, maya, liam].map((u) => api().post(threadPath(root.id)).set(bearer(u.token))));
    expect(answers.map((a) => a.status).filter((s) => s === 201)).toHaveLength(1);
    expect(new Set(answers.map((a) => (a.body.data as TOpenThreadResponse).thread.id)).size).toBe(1);
  });

  it('refuses a thread reply, a deleted message (400) and an outsider (404)', async () => {
    const root = await sendMessage(server, maya, roomId, 'Root');
    const { thread } = await openThread(maya, root.id);
    const reply = await sendMessage(server, liam, thread.id, 'A reply');
    const refused = await api().post(threadPath(reply.id)).set(bearer(maya.token)).expect(400);
    expect(refused.body.error).toBe(THREAD_ERRORS.cannotStartThread);
    const gone = await sendMessage(server, maya, roomId, 'Soon gone');
    await api().delete(`/api/v1/chat/messages/${gone.id}`).set(bearer(maya.token)).expect(200);
    expect((await api().post(threadPath(gone.id)).set(bearer(maya.token)).expect(400)).body.error).toBe(THREAD_ERRORS.cannotStartThread);
    await api().post(threadPath(root.id)).set(bearer(outsider.token)).expect(404);
    await api().post(threadPath(randomUUID())).set(bearer(maya.token)).expect(404);
    await api().get(`/api/v1/chat/conversations/${thread.id}`).set(bearer(outsider.token)).expect(404);
    await api().get(`/api/v1/chat/conversations/${thread.id}/messages`).set(bearer(outsider.token)).expect(404);
    expect(
      (await api().post(`/api/v1/chat/conversations/${thread.id}/messages`).set(bearer(outsider.token)).send({ content: 'hi' })).status,
    ).toBe(404);
  });
});

describe('replies', () => {
  it('have their own seq; the parent seq is untouched; gap-fill and the root summary work', async () => {
    const root = await sendMessage(server, maya, roomId, 'Lunch?');
    const parentSeq = await lastSeqOf(maya, roomId);
    const { thread } = await openThread(liam, root.id);
    const one = await sendMessage(server, liam, thread.id, 'Pizza');
    const two = await sendMessage(server, zoe, thread.id, 'Sushi');
    expect([one.seq, two.seq]).toEqual([1, 2]);
    const place = { threadConversationId: thread.id, rootMessageId: root.id, parentConversationId: roomId };
    expect(one.inThread).toEqual(place);
    expect(await lastSeqOf(maya, roomId)).toBe(parentSeq);
    const after = await messagesOf(maya, thread.id, '?after=1');
    expect(after.map((m) => m.id)).toEqual([two.id]);
    expect(after[0]!.inThread).toEqual(place);

    const page = await messagesOf(maya, roomId);
    const shown = page.find((m) => m.id === root.id)!;
    expect(shown.thread).toMatchObject({ conversationId: thread.id, replyCount: 2, lastReplyAt: two.timestamp });
    expect(shown.thread!.repliers.map((r) => r.id)).toEqual([zoe.agentId, liam.agentId]);
    const around = await messagesOf(maya, roomId, `?around=${root.seq}`);
    expect(around.find((m) => m.id === root.id)!.thread?.replyCount).toBe(2);

    // A deleted reply leaves the count; the room hears it.
    const socket = await connectSocket(server.url, maya.token);
    await joinConversation(socket, roomId);
    const updated = nextEvent(socket, 'thread:updated', (e) => e.rootMessageId === root.id);
    await api().delete(`/api/v1/chat/messages/${two.id}`).set(bearer(zoe.token)).expect(200);
    expect(await updated).toMatchObject({ conversationId: roomId, thread: { replyCount: 1, repliers: [{ id: liam.agentId }] } });
  });

  it('work for reactions, edits, read and seen on the thread id', async () => {
    const root = await sendMessage(server, maya, roomId, 'Plans');
    const { thread } = await openThread(maya, root.id);
    const reply = await sendMessage(server, liam, thread.id, 'Hike');
    await api().put(`/api/v1/chat/messages/${reply.id}/reactions/${encodeURIComponent('👍')}`).set(bearer(zoe.token)).expect(200);
    const edited = await api().patch(`/api/v1/chat/messages/${reply.id}`).set(bearer(liam.token)).send({ content: 'Hike!' }).expect(200);
    expect(edited.body.data.message).toMatchObject({ content: 'Hike!', inThread: { threadConversationId: thread.id } });
    await api().put(`/api/v1/chat/conversations/${thread.id}/read`).set(bearer(zoe.token)).send({ lastReadMessageId: reply.id }).expect(200);
    await api().post(`/api/v1/chat/messages/${reply.id}/seen`).set(bearer(maya.token)).expect(200);
    const [shown] = await messagesOf(zoe, thread.id);
    expect(shown!.reactions?.[0]?.emoji).toBe('👍');

    // Typing in the thread reaches those viewing it; an edit of the root carries its summary.
    const [atMaya, atZoe] = [await connectSocket(server.url, maya.token), await connectSocket(server.url, zoe.token)];
    await joinConversation(atMaya, thread.id);
    await joinConversation(atZoe, roomId);
    const typing = nextEvent(atMaya, 'conversation:participant:typing', (e) => e.conversationId === thread.id);
    const socketOfLiam = await connectSocket(server.url, liam.token);
    expect(await emitWithAck(socketOfLiam, 'conversation:participant:typing', { conversationId: thread.id, isTyping: true })).toEqual({ ok: true });
    expect(await typing).toMatchObject({ agentId: liam.agentId, isTyping: true });
    const rootUpdated = nextEvent(atZoe, 'message:updated', (m) => m.id === root.id);
    await api().patch(`/api/v1/chat/messages/${root.id}`).set(bearer(maya.token)).send({ content: 'Plans (edited)' }).expect(200);
    expect((await rootUpdated).thread).toMatchObject({ conversationId: thread.id, replyCount: 1 });
  });

  it('are idempotent by clientMessageId, and also sent to the parent once', async () => {
    const root = await sendMessage(server, maya, roomId, 'Vote');
    const { thread } = await openThread(maya, root.id);
    const clientMessageId = randomUUID();
    const body = { content: 'Yes from me', clientMessageId, alsoSendToParent: true };
    const first = await api().post(`/api/v1/chat/conversations/${thread.id}/messages`).set(bearer(zoe.token)).send(body).expect(201);
    const retry = await api().post(`/api/v1/chat/conversations/${thread.id}/messages`).set(bearer(zoe.token)).send(body).expect(200);
    expect(retry.body.data.participantMessage.id).toBe(first.body.data.participantMessage.id);
    expect((await messagesOf(maya, thread.id)).filter((m) => m.content === 'Yes from me')).toHaveLength(1);
    const copies = (await messagesOf(maya, roomId)).filter((m) => m.content === 'Yes from me');
    expect(copies).toHaveLength(1);
    expect(copies[0]!.fromThread).toEqual({ threadConversationId: thread.id, rootMessageId: root.id, parentConversationId: roomId });
    expect(copies[0]!.inThread).toBeUndefined();
  });

  it('refuses alsoSendToParent outside a thread (400)', async () => {
    const res = await api()
      .post(`/api/v1/chat/conversations/${roomId}/messages`)
      .set(bearer(maya.token))
      .send({ content: 'x', alsoSendToParent: true })
      .expect(400);
    expect(res.body.error).toBe(THREAD_ERRORS.notAThread);
  });

  it('go over the socket send too, with inThread on the ack', async () => {
    const root = await sendMessage(server, maya, roomId, 'Socket root');
    const { thread } = await openThread(maya, root.id);
    const socket = await connectSocket(server.url, liam.token);
    const ack = await emitWithAck(socket, 'message:send', { conversationId: thread.id, content: 'via socket', clientMessageId: randomUUID() });
    expect(ack).toMatchObject({ ok: true, created: true, participantMessage: { inThread: { threadConversationId: thread.id } } });
  });
});

describe('following', () => {
  it('notifies followers only; the Threads view counts unread and reading clears it', async () => {
    const root = await sendMessage(server, maya, roomId, 'Who follows?');
    const { thread } = await openThread(zoe, root.id);
    const [atMaya, atZoe] = [await connectSocket(server.url, maya.token), await connectSocket(server.url, zoe.token)];
    const zoeHeard = recordEvents(atZoe, 'conversation:message');
    const toMaya = nextEvent(atMaya, 'conversation:message', (e) => e.conversationId === thread.id);
    const reply = await sendMessage(server, liam, thread.id, `@${maya.username} have a look`);
    expect((await toMaya).message.id).toBe(reply.id);
    // A marker after the reply: Zoe (member, not following) heard nothing of the thread.
    const marker = nextEvent(atZoe, 'conversation:message', (e) => e.conversationId === roomId);
    await sendMessage(server, liam, roomId, 'marker');
    await marker;
    expect(zoeHeard.filter((e) => e.conversationId === thread.id)).toEqual([]);

    const mine = await followed(maya);
    const entry = mine.threads.find((t) => t.place.threadConversationId === thread.id)!;
    expect(entry).toMatchObject({ replyCount: 1, unreadCount: 1, unreadMentions: 1, conversation: { id: roomId, roomName }, root: { id: root.id } });
    expect(entry.lastReply?.id).toBe(reply.id);
    expect(mine.unreadThreads).toBeGreaterThanOrEqual(1);
    expect((await followed(zoe)).threads.some((t) => t.place.threadConversationId === thread.id)).toBe(false);
    await api().put(`/api/v1/chat/conversations/${thread.id}/read`).set(bearer(maya.token)).send({ lastReadMessageId: reply.id }).expect(200);
    expect((await followed(maya)).threads.find((t) => t.place.threadConversationId === thread.id)).toMatchObject({ unreadCount: 0, unreadMentions: 0 });

    // Zoe follows by choice; unfollowing takes it out again.
    expect((await api().put(`/api/v1/chat/conversations/${thread.id}/follow`).set(bearer(zoe.token)).send({ following: true }).expect(200)).body.data).toEqual({ following: true });
    expect((await followed(zoe)).threads.some((t) => t.place.threadConversationId === thread.id)).toBe(true);
    await api().put(`/api/v1/chat/conversations/${thread.id}/follow`).set(bearer(zoe.token)).send({ following: false }).expect(200);
    expect((await followed(zoe)).threads.some((t) => t.place.threadConversationId === thread.id)).toBe(false);
  });

  it('follow is 400 on a conversation that is not a thread, 404 without access', async () => {
    const res = await api().put(`/api/v1/chat/conversations/${roomId}/follow`).set(bearer(maya.token)).send({ following: true }).expect(400);
    expect(res.body.error).toBe(THREAD_ERRORS.onlyThreadsFollowed);
    await api().put(`/api/v1/chat/conversations/${roomId}/follow`).set(bearer(outsider.token)).send({ following: true }).expect(404);
  });

  it('pages the Threads view newest latest reply first', async () => {
    const pager = await signUpVerified(server, 'thpager');
    await addMember(server, maya, handle, pager.username);
    await api().post(`${roomsPath(handle)}/${roomName}/members`).set(bearer(maya.token)).send({ agentId: pager.agentId }).expect(200);
    for (const n of [1, 2, 3]) {
      const root = await sendMessage(server, pager, roomId, `pager root ${n}`);
      const { thread } = await openThread(pager, root.id);
      await sendMessage(server, maya, thread.id, `reply ${n}`);
    }
    const page1 = await followed(pager, '?limit=2');
    expect(page1.threads.map((t) => t.root.content)).toEqual(['pager root 3', 'pager root 2']);
    expect(page1.unreadThreads).toBe(3);
    const page2 = await followed(pager, `?limit=2&before=${encodeURIComponent(page1.nextBefore!)}`);
    expect(page2.threads.map((t) => t.root.content)).toEqual(['pager root 1']);
    expect(page2.nextBefore).toBeNull();
  });

  it('never lists threads in the conversation list', async () => {
    const res = await api().get('/api/v1/chat/conversations').set(bearer(maya.token)).expect(200);
    expect((res.body.data.conversations as { conversationType: string }[]).some((c) => c.conversationType === 'thread')).toBe(false);
  });
});

describe('leaving the room', () => {
  it('takes the thread away at once, including a socket that had joined it', async () => {
    const newcomer = await signUpVerified(server, 'thleaver');
    await addMember(server, maya, handle, newcomer.username);
    await api().post(`${roomsPath(handle)}/${roomName}/members`).set(bearer(maya.token)).send({ agentId: newcomer.agentId }).expect(200);
    const root = await sendMessage(server, maya, roomId, 'Secret plans soon');
    const { thread } = await openThread(newcomer, root.id);
    const socket = await connectSocket(server.url, newcomer.token);
    expect(await joinConversation(socket, thread.id)).toEqual({ ok: true });
    const heard = recordEvents(socket, 'message:received');
    const first = nextEvent(socket, 'message:received', (m) => m.conversationId === thread.id);
    await sendMessage(server, maya, thread.id, 'before leaving');
    await first;

    await api().delete(`${roomsPath(handle)}/${roomName}/members/${newcomer.agentId}`).set(bearer(maya.token)).expect(200);
    await api().get(`/api/v1/chat/conversations/${thread.id}/messages`).set(bearer(newcomer.token)).expect(404);
    await api().post(threadPath(root.id)).set(bearer(newcomer.token)).expect(404);
    expect((await followed(newcomer)).threads).toEqual([]);
    expect(await joinConversation(socket, thread.id)).toMatchObject({ ok: false });
    const count = heard.length;
    // Liam's socket in the thread is the marker: once it has the reply, the newcomer's would have too.
    const atLiam = await connectSocket(server.url, liam.token);
    await joinConversation(atLiam, thread.id);
    const marker = nextEvent(atLiam, 'message:received', (m) => m.content === 'after leaving');
    await sendMessage(server, maya, thread.id, 'after leaving');
    await marker;
    expect(heard.length).toBe(count);
  });
});

describe('search', () => {
  it('finds a thread reply for the room members, with inThread and the room as its conversation', async () => {
    const root = await sendMessage(server, maya, roomId, 'Searchable root');
    const { thread } = await openThread(maya, root.id);
    const word = `zebra${randomUUID().slice(0, 6)}`;
    const reply = await sendMessage(server, liam, thread.id, `the ${word} is here`);
    const res = await api().get(`/api/v1/chat/search?q=${word}`).set(bearer(zoe.token)).expect(200);
    expect(res.body.data.results).toHaveLength(1);
    expect(res.body.data.results[0]).toMatchObject({
      messageId: reply.id,
      seq: reply.seq,
      conversation: { id: roomId, conversationType: 'room', roomName },
      inThread: { threadConversationId: thread.id, rootMessageId: root.id, parentConversationId: roomId },
    });
    const none = await api().get(`/api/v1/chat/search?q=${word}`).set(bearer(outsider.token)).expect(200);
    expect(none.body.data.results).toEqual([]);
  });
});
