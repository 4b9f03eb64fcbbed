import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, CHAT_ERRORS, type TChatMessage } from '@agentroom/shared';
import { tokenFromMail } from '@agentroom/testkit';
import { expectOnlineUntilLastTabCloses } from '../support/presence-tabs';
import { signUpVerified, uniqueUser, startTestServer, type TestServer } from '../support/test-server';
import {
  auth,
  closeSockets,
  connectSocket,
  disconnected,
  emitWithAck,
  joinConversation,
  nextEvent,
  recordEvents,
  sendMessage,
  startConversation,
} from '../chat/chat-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
});

async function pair() {
  const [a, b] = await Promise.all([signUpVerified(server, 'sa'), signUpVerified(server, 'sb')]);
  const conversation = await startConversation(server, a, b);
  return { a, b, conversation };
}

describe('handshake', () => {
  it('rejects a missing, forged or revoked token', async () => {
    await expect(connectSocket(server.url, undefined)).rejects.toThrow('Authentication required');
    await expect(connectSocket(server.url, 'not.a.jwt')).rejects.toThrow('Authentication required');
    const user = await signUpVerified(server, 'revoked');
    await server.api().post('/api/v1/auth/logout').set(auth(user)).expect(200);
    await expect(connectSocket(server.url, user.token)).rejects.toThrow(/session has expired/);
  });

  it('rejects a user whose email is not verified yet', async () => {
    const input = uniqueUser('unverified');
    await server.api().post('/api/v1/auth/register').send(input).expect(201);
    const login = await server.api().post('/api/v1/auth/login').send({ username: input.username, password: input.password }).expect(200);
    const error = await connectSocket(server.url, login.body.data.token).catch((e: Error & { data?: { code?: string } }) => e);
    expect(error).toMatchObject({ message: AUTH_ERRORS.emailNotVerified, data: { code: 'EMAIL_NOT_VERIFIED' } });
  });
});

describe('rooms', () => {
  it('lets participants join their conversation room and refuses everyone else with an error ack', async () => {
    const { a, conversation } = await pair();
    const stranger = await signUpVerified(server, 'stranger');
    const socketA = await connectSocket(server.url, a.token);
    const socketS = await connectSocket(server.url, stranger.token);
    expect(await joinConversation(socketA, conversation.id)).toEqual({ ok: true });
    expect(await joinConversation(socketS, conversation.id)).toEqual({ ok: false, error: CHAT_ERRORS.conversationNotFound, code: 'NOT_FOUND' });
    expect(await joinConversation(socketS, randomUUID())).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await emitWithAck(socketA, 'room:leave', { roomId: `conversation:${conversation.id}` })).toEqual({ ok: true });

    // A stranger in no room hears nothing of the conversation.
    const heard = recordEvents(socketS, 'message:received');
    const joined = await connectSocket(server.url, a.token);
    await joinConversation(joined, conversation.id);
    const arrived = nextEvent(joined, 'message:received');
    await sendMessage(server, a, conversation.id, 'private');
    await arrived;
    expect(heard).toEqual([]);
  });

  it('answers bad payloads with a validation ack and keeps serving', async () => {
    const { a, b, conversation } = await pair();
    const socket = await connectSocket(server.url, a.token);
    for (const payload of [undefined, null, 'conversation:x', 42, {}, { roomId: 'agent:someone' }, { roomId: 'conversation:../../x' }, { roomId: { $gt: '' } }])
      expect(await emitWithAck(socket, 'room:join', payload)).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    for (const payload of [{}, { conversationId: conversation.id }, { conversationId: 'x', isTyping: true }, { conversationId: conversation.id, isTyping: 'yes' }])
      expect(await emitWithAck(socket, 'conversation:participant:typing', payload)).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    // Without an ack callback, and with unknown events, nothing breaks either.
    socket.emit('room:join', { roomId: 42 } as never);
    (socket as unknown as { emit(event: string, ...args: unknown[]): void }).emit('no:such:event', { x: 1 });
    expect(await joinConversation(socket, conversation.id)).toEqual({ ok: true });
    const socketB = await connectSocket(server.url, b.token);
    expect(await joinConversation(socketB, conversation.id)).toEqual({ ok: true });
  });
});

describe('events', () => {
  it('delivers message:received to the room and conversation:message to both agents, built by the REST presenter', async () => {
    const { a, b, conversation } = await pair();
    const socketA = await connectSocket(server.url, a.token);
    const socketB = await connectSocket(server.url, b.token);
    const lobbyB = await connectSocket(server.url, b.token); // another tab of B, in no room
    await joinConversation(socketB, conversation.id);

    const received = nextEvent(socketB, 'message:received');
    const forA = nextEvent(socketA, 'conversation:message');
    const forLobby = nextEvent(lobbyB, 'conversation:message');
    const sent = await sendMessage(server, a, conversation.id, 'hello over the socket');
    expect(await received).toEqual(sent);
    expect(await forA).toEqual({ conversationId: conversation.id, message: sent });
    expect(await forLobby).toEqual({ conversationId: conversation.id, message: sent });
  });

  it('a socket in the conversation room gets each message once (no conversation:message copy)', async () => {
    const { a, b, conversation } = await pair();
    const socketB = await connectSocket(server.url, b.token);
    await joinConversation(socketB, conversation.id);
    const copies = recordEvents(socketB, 'conversation:message');
    const first = nextEvent(socketB, 'message:received');
    await sendMessage(server, a, conversation.id, 'one');
    await first;
    const marker = nextEvent(socketB, 'message:received', (m) => m.content === 'marker');
    await sendMessage(server, a, conversation.id, 'marker');
    await marker;
    expect(copies).toEqual([]);
  });

  it('does not repeat events for a retried send', async () => {
    const { a, b, conversation } = await pair();
    const socketB = await connectSocket(server.url, b.token);
    await joinConversation(socketB, conversation.id);
    const all = recordEvents(socketB, 'message:received');
    const body = { content: 'once', clientMessageId: randomUUID() };
    const url = `/api/v1/chat/conversations/${conversation.id}/messages/async`;
    await server.api().post(url).set(auth(a)).send(body).expect(201);
    await server.api().post(url).set(auth(a)).send(body).expect(200);
    const marker = nextEvent(socketB, 'message:received', (m) => m.content === 'marker');
    await sendMessage(server, a, conversation.id, 'marker');
    await marker;
    expect(all.map((m) => m.content)).toEqual(['once', 'marker']);
  });

  it('limits a runaway client: past 60 events in 10 s they are refused with RATE_LIMITED and not relayed', async () => {
    const { a, b, conversation } = await pair();
    const socketA = await connectSocket(server.url, a.token);
    const socketB = await connectSocket(server.url, b.token);
    await joinConversation(socketA, conversation.id);
    await joinConversation(socketB, conversation.id);
    const relayed = recordEvents(socketB, 'conversation:participant:typing');
    const acks = await Promise.all(
      Array.from({ length: 80 }, (_, i) => emitWithAck(socketA, 'conversation:participant:typing', { conversationId: conversation.id, isTyping: i % 2 === 0 })),
    );
    const refused = acks.filter((ack) => !ack.ok);
    expect(acks.filter((ack) => ack.ok)).toHaveLength(59); // the join took one of the 60
    expect(refused.every((ack) => !ack.ok && ack.code === 'RATE_LIMITED')).toBe(true);
    // B is not limited by A's flood, and everything A got through reached B.
    expect(await emitWithAck(socketB, 'conversation:participant:typing', { conversationId: conversation.id, isTyping: true })).toEqual({ ok: true });
    await expect.poll(() => relayed.length).toBe(59);
  });

  it('relays typing to the room except the sender, only for participants', async () => {
    const { a, b, conversation } = await pair();
    const socketA = await connectSocket(server.url, a.token);
    const socketB = await connectSocket(server.url, b.token);
    await joinConversation(socketA, conversation.id);
    await joinConversation(socketB, conversation.id);
    const ownEcho = recordEvents(socketA, 'conversation:participant:typing');

    const typing = nextEvent(socketB, 'conversation:participant:typing');
    expect(await emitWithAck(socketA, 'conversation:participant:typing', { conversationId: conversation.id, isTyping: true })).toEqual({ ok: true });
    expect(await typing).toEqual({
      conversationId: conversation.id,
      participantId: conversation.participants.find((p) => p.agentId === a.agentId)!.id,
      agentId: a.agentId,
      agent: { id: a.agentId, firstName: 'Test', lastName: 'sa', avatarUrl: expect.any(String) },
      isTyping: true,
    });
    const stopped = nextEvent(socketB, 'conversation:participant:typing', (e) => !e.isTyping);
    await emitWithAck(socketA, 'conversation:participant:typing', { conversationId: conversation.id, isTyping: false });
    await stopped;

    const stranger = await signUpVerified(server, 'typer');
    const socketS = await connectSocket(server.url, stranger.token);
    expect(await emitWithAck(socketS, 'conversation:participant:typing', { conversationId: conversation.id, isTyping: true })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    // B's own typing reaches A; A never heard its own.
    const fromB = nextEvent(socketA, 'conversation:participant:typing');
    await emitWithAck(socketB, 'conversation:participant:typing', { conversationId: conversation.id, isTyping: true });
    expect((await fromB).agentId).toBe(b.agentId);
    expect(ownEcho.map((e) => e.agentId)).toEqual([b.agentId]);
  });

  it('sends conversation:message:seen when a read cursor moves forward, and message:updated on edits', async () => {
    const { a, b, conversation } = await pair();
    const socketA = await connectSocket(server.url, a.token);
    await joinConversation(socketA, conversation.id);
    const m1 = await sendMessage(server, a, conversation.id, 'read me');
    const m2 = await sendMessage(server, a, conversation.id, 'and me');

    const seen = nextEvent(socketA, 'conversation:message:seen');
    await server.api().post(`/api/v1/chat/messages/${m2.id}/seen`).set(auth(b)).send({}).expect(200);
    expect(await seen).toEqual({
      conversationId: conversation.id,
      messageId: m2.id,
      agentId: b.agentId,
      agent: { id: b.agentId, firstName: 'Test', lastName: 'sb', avatarUrl: expect.any(String) },
    });

    // Backwards moves change nothing and say nothing.
    const seenEvents = recordEvents(socketA, 'conversation:message:seen');
    await server.api().put(`/api/v1/chat/conversations/${conversation.id}/read`).set(auth(b)).send({ lastReadMessageId: m1.id }).expect(200);
    const updated = nextEvent(socketA, 'message:updated');
    const edited = await server.api().patch(`/api/v1/chat/messages/${m1.id}`).set(auth(a)).send({ content: 'read me (edited)' }).expect(200);
    expect(await updated).toEqual(edited.body.data.message);
    expect(seenEvents).toEqual([]);
  });
});

describe('reconnect and presence', () => {
  it('fills the gap after a reconnect from GET …/messages?after=<seq>, losing nothing', async () => {
    const { a, b, conversation } = await pair();
    let socketB = await connectSocket(server.url, b.token);
    await joinConversation(socketB, conversation.id);
    const live: TChatMessage[] = [];
    socketB.on('message:received', (m) => live.push(m));
    const first = nextEvent(socketB, 'message:received');
    await sendMessage(server, a, conversation.id, 'before the drop');
    await first;

    const gone = disconnected(socketB);
    socketB.disconnect();
    await gone;
    for (const text of ['missed 1', 'missed 2', 'missed 3']) await sendMessage(server, a, conversation.id, text);

    socketB = await connectSocket(server.url, b.token);
    await joinConversation(socketB, conversation.id);
    const lastSeq = Math.max(...live.map((m) => m.seq));
    const gap = await server.api().get(`/api/v1/chat/conversations/${conversation.id}/messages?after=${lastSeq}`).set(auth(b)).expect(200);
    expect(gap.body.data.messages.map((m: TChatMessage) => m.content)).toEqual(['missed 1', 'missed 2', 'missed 3']);
    const next = nextEvent(socketB, 'message:received');
    await sendMessage(server, a, conversation.id, 'live again');
    expect((await next).seq).toBe(lastSeq + 4);
  });

  it('tells conversation partners a person is online, and offline only once their last tab closes', async () => {
    const { a, b, conversation } = await pair();
    await expectOnlineUntilLastTabCloses({ person: a, observer: b, conversationId: conversation.id, nodes: { observer: server, firstTab: server, secondTab: server } });
  });
});

describe('revoked sessions', () => {
  it('disconnects the sockets of a session when it logs out, and only those', async () => {
    const user = await signUpVerified(server, 'leaver');
    const other = await server.api().post('/api/v1/auth/login').send({ username: user.username, password: user.password }).expect(200);
    const socket = await connectSocket(server.url, user.token);
    const otherSession = await connectSocket(server.url, other.body.data.token);
    const gone = disconnected(socket);
    await server.api().post('/api/v1/auth/logout').set(auth(user)).expect(200);
    expect(await gone).toBe('io server disconnect');
    expect(otherSession.connected).toBe(true);
  });

  it('disconnects every socket of the account on password reset', async () => {
    const user = await signUpVerified(server, 'resetter');
    const socket = await connectSocket(server.url, user.token);
    const gone = disconnected(socket);
    await server.api().post('/api/v1/auth/email/send-reset').send({ email: user.email }).expect(200);
    const token = tokenFromMail(await server.mail.nextMail(user.email), '/auth/reset-password');
    await server.api().post('/api/v1/auth/email/reset-password').send({ token, newPassword: 'N3wPassword' }).expect(200);
    expect(await gone).toBe('io server disconnect');
  });
});
