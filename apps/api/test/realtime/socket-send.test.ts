import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, CHAT_ERRORS, GENERIC_ERRORS, type TChatMessage, type TSendMessageAck } from '@agentroom/shared';
import { sessions } from '../../src/db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import {
  auth,
  closeSockets,
  connectSocket,
  disconnected,
  joinConversation,
  nextEvent,
  recordEvents,
  sendMessage,
  startConversation,
  type ClientSocket,
  type User,
} from '../chat/chat-fixtures';

/**
 * `message:send`: the HTTP send over the open socket. What a person notices must be what the HTTP
 * route gives: the message stored once per clientMessageId before the ack, the same events, the
 * same refusals.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
});

function sendOverSocket(socket: ClientSocket, payload: unknown): Promise<TSendMessageAck> {
  return socket.timeout(10_000).emitWithAck('message:send', payload as never) as Promise<TSendMessageAck>;
}

async function pair() {
  const [a, b] = await Promise.all([signUpVerified(server, 'ma'), signUpVerified(server, 'mb')]);
  const conversation = await startConversation(server, a, b);
  return { a, b, conversation };
}

async function history(from: User, conversationId: string): Promise<TChatMessage[]> {
  const res = await server.api().get(`/api/v1/chat/conversations/${conversationId}/messages`).set(auth(from)).expect(200);
  return res.body.data.messages;
}

describe('message:send', () => {
  it('stores the message before the ack and delivers it as an HTTP send does', async () => {
    const { a, b, conversation } = await pair();
    const socketA = await connectSocket(server.url, a.token);
    const socketB = await connectSocket(server.url, b.token);
    await joinConversation(socketB, conversation.id);
    const received = nextEvent(socketB, 'message:received', (m) => m.content === 'over the socket');
    const clientMessageId = randomUUID();

    const ack = await sendOverSocket(socketA, { conversationId: conversation.id, content: 'over the socket', clientMessageId, targetAgentId: b.agentId });

    expect(ack).toMatchObject({ ok: true, created: true, participantMessage: { content: 'over the socket', clientMessageId, sender: { id: a.agentId } } });
    const sent = (ack as Extract<TSendMessageAck, { ok: true }>).participantMessage;
    // Durable at the ack: the history already has it.
    expect((await history(b, conversation.id)).map((m) => m.id)).toEqual([sent.id]);
    expect(await received).toEqual(sent);
    // The next one, over HTTP, follows it gap-free.
    const next = await sendMessage(server, a, conversation.id, 'then over HTTP');
    expect(next.seq).toBe(sent.seq + 1);
  });

  it('stores a retried clientMessageId once, over the socket or HTTP, and sends its events once', async () => {
    const { a, b, conversation } = await pair();
    const socketA = await connectSocket(server.url, a.token);
    const socketB = await connectSocket(server.url, b.token);
    await joinConversation(socketB, conversation.id);
    const heard = recordEvents(socketB, 'message:received');
    const payload = { conversationId: conversation.id, content: 'once', clientMessageId: randomUUID() };

    const [first, second] = await Promise.all([sendOverSocket(socketA, payload), sendOverSocket(socketA, payload)]);
    const third = await sendOverSocket(socketA, payload);
    const overHttp = await server
      .api()
      .post(`/api/v1/chat/conversations/${conversation.id}/messages/async`)
      .set(auth(a))
      .send({ content: 'once', clientMessageId: payload.clientMessageId })
      .expect(200);

    const acks = [first, second, third] as Extract<TSendMessageAck, { ok: true }>[];
    expect(acks.every((ack) => ack.ok)).toBe(true);
    expect(acks.filter((ack) => ack.created)).toHaveLength(1);
    expect(new Set([...acks.map((ack) => ack.participantMessage.id), overHttp.body.data.participantMessage.id]).size).toBe(1);
    const marker = nextEvent(socketB, 'message:received', (m) => m.content === 'marker');
    await sendOverSocket(socketA, { conversationId: conversation.id, content: 'marker' });
    await marker;
    expect(heard.map((m) => m.content)).toEqual(['once', 'marker']);
    expect((await history(a, conversation.id)).map((m) => m.content)).toEqual(['once', 'marker']);

    // The same clientMessageId in another conversation is refused, as over HTTP.
    const other = await startConversation(server, a, await signUpVerified(server, 'mc'));
    expect(await sendOverSocket(socketA, { ...payload, conversationId: other.id })).toEqual({
      ok: false,
      error: CHAT_ERRORS.clientMessageIdReused,
      code: 'CONFLICT',
    });
  });

  it('answers bad payloads with a validation ack, stores nothing and keeps serving', async () => {
    const { a, conversation } = await pair();
    const socket = await connectSocket(server.url, a.token);
    const conversationId = conversation.id;
    const bad: unknown[] = [
      undefined,
      null,
      'hello',
      42,
      [conversationId, 'hello'],
      {},
      { content: 'no conversation' },
      { conversationId: 'not-a-uuid', content: 'hi' },
      { conversationId: `${conversationId}\u0000`, content: 'hi' },
      { conversationId, content: 'nul \u0000 inside' },
      { conversationId, content: '' },
      { conversationId, content: '   ' },
      { conversationId, content: 42 },
      { conversationId, content: { $gt: '' } },
      { conversationId, content: 'x'.repeat(200_000) },
      { conversationId, content: 'hi', clientMessageId: { $ne: null } },
      { conversationId, content: 'hi', clientMessageId: 'a\u0000b' },
      { conversationId, content: 'hi', clientMessageId: 'x'.repeat(101) },
      { conversationId, content: 'hi', targetAgentId: 'someone' },
      { conversationId, content: 'hi', attachmentIds: 'all' },
      { conversationId, content: 'hi', attachmentIds: Array.from({ length: 50 }, () => randomUUID()) },
    ];
    for (const payload of bad) expect(await sendOverSocket(socket, payload)).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    // A participant who is not in the conversation cannot be the target; an upload that is not yours cannot be attached.
    expect(await sendOverSocket(socket, { conversationId, content: 'hi', targetAgentId: randomUUID() })).toEqual({
      ok: false,
      error: CHAT_ERRORS.targetNotParticipant,
      code: 'VALIDATION_ERROR',
    });
    expect(await sendOverSocket(socket, { conversationId, content: 'hi', attachmentIds: [randomUUID()] })).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    // Without an ack callback nothing breaks either.
    socket.emit('message:send', { conversationId, content: 42 } as never);
    expect(await history(a, conversationId)).toEqual([]);
    expect(await sendOverSocket(socket, { conversationId, content: 'still here' })).toMatchObject({ ok: true, created: true });
  });

  it('closes a socket that sends a frame over 1 MB, and the server goes on', async () => {
    const { a, conversation } = await pair();
    const socket = await connectSocket(server.url, a.token);
    const closed = disconnected(socket);
    socket.emit('message:send', { conversationId: conversation.id, content: 'x'.repeat(2_000_000) });
    expect(await closed).toBe('transport close');
    const again = await connectSocket(server.url, a.token);
    expect(await sendOverSocket(again, { conversationId: conversation.id, content: 'after' })).toMatchObject({ ok: true });
    expect((await history(a, conversation.id)).map((m) => m.content)).toEqual(['after']);
  });

  it('refuses a sender who is not a participant, as the HTTP route does, and stores nothing', async () => {
    const { a, b, conversation } = await pair();
    const stranger = await signUpVerified(server, 'ms');
    const socketS = await connectSocket(server.url, stranger.token);
    const socketB = await connectSocket(server.url, b.token);
    await joinConversation(socketB, conversation.id);
    const heard = recordEvents(socketB, 'message:received');

    const notFound = { ok: false, error: CHAT_ERRORS.conversationNotFound, code: 'NOT_FOUND' };
    expect(await sendOverSocket(socketS, { conversationId: conversation.id, content: 'let me in' })).toEqual(notFound);
    expect(await sendOverSocket(socketS, { conversationId: randomUUID(), content: 'anyone?' })).toEqual(notFound);

    const marker = nextEvent(socketB, 'message:received', (m) => m.content === 'marker');
    await sendMessage(server, a, conversation.id, 'marker');
    await marker;
    expect(heard.map((m) => m.content)).toEqual(['marker']);
    expect((await history(a, conversation.id)).map((m) => m.content)).toEqual(['marker']);
  });

  it('checks the session on every send, as every HTTP request does', async () => {
    const { a, b, conversation } = await pair();
    const socket = await connectSocket(server.url, a.token);
    // The session ends behind the socket's back (logout would also close the socket): the next send is refused.
    await server.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.accountId, a.user.id));
    server.ctx.caches.sessions.clear();
    expect(await sendOverSocket(socket, { conversationId: conversation.id, content: 'too late' })).toEqual({
      ok: false,
      error: AUTH_ERRORS.sessionExpired,
      code: 'UNAUTHENTICATED',
    });
    expect(await history(b, conversation.id)).toEqual([]);
  });
});

describe('message:send and the message limit', () => {
  const LIMIT = 6;
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_MESSAGES_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('spends the same budget as HTTP sends: past the limit both refuse, and nothing more is stored', async () => {
    const [a, b] = await Promise.all([signUpVerified(limited, 'ra'), signUpVerified(limited, 'rb')]);
    const { id } = await startConversation(limited, a, b);
    const socket = await connectSocket(limited.url, a.token);
    const overHttp = () =>
      limited.api().post(`/api/v1/chat/conversations/${id}/messages/async`).set(auth(a)).send({ content: 'http', clientMessageId: randomUUID() });

    for (let i = 0; i < LIMIT / 2; i++) expect((await overHttp()).status).toBe(201);
    const acks = await Promise.all(Array.from({ length: LIMIT / 2 + 3 }, () => sendOverSocket(socket, { conversationId: id, content: 'socket' })));
    expect(acks.filter((ack) => ack.ok)).toHaveLength(LIMIT / 2);
    expect(acks.filter((ack) => !ack.ok)).toEqual(Array.from({ length: 3 }, () => ({ ok: false, error: GENERIC_ERRORS.rateLimited, code: 'RATE_LIMITED' })));
    expect((await overHttp()).status).toBe(429);
    // Someone else's budget is their own.
    const socketB = await connectSocket(limited.url, b.token);
    expect(await sendOverSocket(socketB, { conversationId: id, content: 'mine' })).toMatchObject({ ok: true });
    const page = await limited.api().get(`/api/v1/chat/conversations/${id}/messages`).set(auth(b)).expect(200);
    expect(page.body.data.messages).toHaveLength(LIMIT + 1);
  });
});
