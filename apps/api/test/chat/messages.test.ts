import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ERRORS, MESSAGE_MAX_LENGTH, type TChatMessage } from '@agentroom/shared';
import type { DomainEvents } from '../../src/core/domain-events';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { auth, sendMessage, startConversation, type User } from './chat-fixtures';

let server: TestServer;
let ada: User;
let bob: User;
let cy: User;
beforeAll(async () => {
  server = await startTestServer();
  [ada, bob, cy] = await Promise.all([signUpVerified(server, 'ada'), signUpVerified(server, 'bob'), signUpVerified(server, 'cy')]);
});
afterAll(async () => {
  await server?.stop();
});

const post = (from: User, conversationId: string, body: object, path = 'messages/async') =>
  server.api().post(`/api/v1/chat/conversations/${conversationId}/${path}`).set(auth(from)).send(body);
const list = (from: User, conversationId: string, query = '') =>
  server.api().get(`/api/v1/chat/conversations/${conversationId}/messages${query}`).set(auth(from));

async function freshConversation() {
  const [x, y] = await Promise.all([signUpVerified(server, 'mx'), signUpVerified(server, 'my')]);
  return { x, y, conversation: await startConversation(server, x, y) };
}

describe('sending', () => {
  it('stores a trimmed message and answers participantMessage in the presenter shape', async () => {
    const conversation = await startConversation(server, ada, bob);
    const clientMessageId = randomUUID();
    const res = await post(ada, conversation.id, { content: '  hello bob  ', targetAgentId: bob.agentId, clientMessageId }).expect(201);
    const message = res.body.data.participantMessage as TChatMessage;
    expect(message).toMatchObject({
      conversationId: conversation.id,
      content: 'hello bob',
      messageType: 'text',
      isEdited: false,
      editedAt: null,
      clientMessageId,
      attachments: [],
      sender: { id: ada.agentId, firstName: 'Test', lastName: 'ada', role: 'user', isAgent: false },
    });
    expect(message.seq).toBeGreaterThan(0);
    expect(new Date(message.timestamp).toISOString()).toBe(message.timestamp);
    expect(message.sender.avatarUrl).toMatch(/^\/api\/v1\/avatars\//);
    // The non-async path behaves the same.
    await post(ada, conversation.id, { content: 'again', clientMessageId: randomUUID() }, 'messages').expect(201);
  });

  it('stores one message for a repeated clientMessageId, sequentially or concurrently', async () => {
    const { x, conversation } = await freshConversation();
    const body = { content: 'only once', clientMessageId: randomUUID() };
    const first = await post(x, conversation.id, body).expect(201);
    const retry = await post(x, conversation.id, body).expect(200);
    expect(retry.body.data.participantMessage.id).toBe(first.body.data.participantMessage.id);

    const raced = { content: 'double click', clientMessageId: randomUUID() };
    const results = await Promise.all(Array.from({ length: 6 }, () => post(x, conversation.id, raced)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.participantMessage.id)).size).toBe(1);

    const page = await list(x, conversation.id).expect(200);
    expect(page.body.data.messages.map((m: TChatMessage) => m.content)).toEqual(['only once', 'double click']);
    expect(page.body.data.messages.map((m: TChatMessage) => m.seq)).toEqual([1, 2]);
  });

  it('gives gap-free seq in commit order under concurrent sends from both sides', async () => {
    const { x, y, conversation } = await freshConversation();
    await Promise.all(Array.from({ length: 20 }, (_, i) => sendMessage(server, i % 2 ? x : y, conversation.id, `m${i}`)));
    const page = await list(x, conversation.id).expect(200);
    const messages = page.body.data.messages as TChatMessage[];
    expect(messages.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const times = messages.map((m) => Date.parse(m.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('refuses blank, too long, malformed and misaddressed messages with 400', async () => {
    const conversation = await startConversation(server, ada, bob);
    expect((await post(ada, conversation.id, { content: '   \n ' }).expect(400)).body.error).toBe(CHAT_ERRORS.messageEmpty);
    expect((await post(ada, conversation.id, {}).expect(400)).body.error).toBe(CHAT_ERRORS.messageEmpty);
    await post(ada, conversation.id, { content: 'x'.repeat(MESSAGE_MAX_LENGTH) }).expect(201);
    const long = await post(ada, conversation.id, { content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }).expect(400);
    expect(long.body).toMatchObject({ code: 'VALIDATION_ERROR', error: CHAT_ERRORS.messageTooLong });
    await post(ada, conversation.id, { content: 42 }).expect(400);
    await post(ada, conversation.id, { content: 'hi', clientMessageId: '' }).expect(400);
    await post(ada, conversation.id, { content: 'hi', attachmentIds: ['nope'] }).expect(400);
    expect((await post(ada, conversation.id, { content: 'hi', targetAgentId: cy.agentId }).expect(400)).body.error).toBe(
      CHAT_ERRORS.targetNotParticipant,
    );
    await post(ada, conversation.id, { content: 'hi', targetAgentId: 'x' }).expect(400);
    await post(ada, conversation.id, { content: 'hi', attachmentIds: [randomUUID()] }).expect(400);
  });

  it('answers 404 to a non-participant and for unknown or malformed conversation ids', async () => {
    const conversation = await startConversation(server, ada, bob);
    await post(cy, conversation.id, { content: 'intruder' }).expect(404);
    await post(ada, randomUUID(), { content: 'nowhere' }).expect(404);
    await post(ada, 'abc', { content: 'nowhere' }).expect(404);
  });

  it('refuses a clientMessageId reused in another conversation with 409', async () => {
    const one = await startConversation(server, ada, bob);
    const two = await startConversation(server, ada, cy);
    const clientMessageId = randomUUID();
    await post(ada, one.id, { content: 'a', clientMessageId }).expect(201);
    expect((await post(ada, two.id, { content: 'a', clientMessageId }).expect(409)).body.error).toBe(CHAT_ERRORS.clientMessageIdReused);
  });

  it('publishes message.created once per new message, after commit, with the participants', async () => {
    const { x, y, conversation } = await freshConversation();
    const calls: DomainEvents['message.created'][] = [];
    const stop = server.ctx.events.subscribe('message.created', (event) => {
      if (event.conversationId === conversation.id) calls.push(event);
    });
    // A failing subscriber is logged by the bus; the send still succeeds.
    const failing = server.ctx.events.subscribe('message.created', () => {
      throw new Error('subscriber failure must not fail the send');
    });
    const body = { content: 'hook me', clientMessageId: randomUUID() };
    await post(x, conversation.id, body).expect(201);
    await post(x, conversation.id, body).expect(200);
    stop();
    failing();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.message.content).toBe('hook me');
    expect(calls[0]!.participantIds).toEqual([x.agentId, y.agentId]);
  });
});

describe('listing', () => {
  it('pages from the newest (oldest first within a page), pins pages with before, fills gaps with after', async () => {
    const { x, y, conversation } = await freshConversation();
    for (let i = 1; i <= 7; i++) await sendMessage(server, i % 2 ? x : y, conversation.id, `n${i}`);
    const contents = (res: { body: { data: { messages: TChatMessage[] } } }) => res.body.data.messages.map((m) => m.content);

    const page1 = await list(x, conversation.id, '?limit=3').expect(200);
    expect(contents(page1)).toEqual(['n5', 'n6', 'n7']);
    expect(page1.body.data.pagination).toEqual({ page: 1, limit: 3, hasMore: true });
    const page3 = await list(x, conversation.id, '?limit=3&page=3').expect(200);
    expect(contents(page3)).toEqual(['n1']);
    expect(page3.body.data.pagination.hasMore).toBe(false);

    const oldestShown = page1.body.data.messages[0].id;
    await sendMessage(server, y, conversation.id, 'n8 arrives meanwhile');
    const before = await list(x, conversation.id, `?limit=3&before=${oldestShown}`).expect(200);
    expect(contents(before)).toEqual(['n2', 'n3', 'n4']);
    expect(before.body.data.pagination.hasMore).toBe(true);

    const after = await list(x, conversation.id, '?after=6').expect(200);
    expect(contents(after)).toEqual(['n7', 'n8 arrives meanwhile']);
    expect(after.body.data.pagination.hasMore).toBe(false);
    const afterLimited = await list(x, conversation.id, '?after=0&limit=5').expect(200);
    expect(afterLimited.body.data.messages.map((m: TChatMessage) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(afterLimited.body.data.pagination.hasMore).toBe(true);

    await list(x, conversation.id, '?before=not-an-id').expect(400);
    await list(x, conversation.id, `?before=${randomUUID()}`).expect(404);
    await list(x, conversation.id, '?after=-1').expect(400);
    await list(x, conversation.id, '?limit=0').expect(400);
    await list(x, conversation.id, '?limit=1000').expect(400);
    await list(x, conversation.id, `?after=1&before=${oldestShown}`).expect(400);
  });

  it('defaults to page 1 and 50 per page', async () => {
    const { x, conversation } = await freshConversation();
    const res = await list(x, conversation.id).expect(200);
    expect(res.body.data).toEqual({ messages: [], pagination: { page: 1, limit: 50, hasMore: false }, seenStatus: {} });
  });
});

describe('editing', () => {
  it('lets the sender edit (edited tag) and refuses others with 403, strangers with 404', async () => {
    const conversation = await startConversation(server, ada, bob);
    const message = await sendMessage(server, ada, conversation.id, 'tpyo');
    const edit = (from: User, body: object, id = message.id) => server.api().patch(`/api/v1/chat/messages/${id}`).set(auth(from)).send(body);

    const res = await edit(ada, { content: ' typo fixed ' }).expect(200);
    expect(res.body.data.message).toMatchObject({ id: message.id, seq: message.seq, content: 'typo fixed', isEdited: true });
    expect(res.body.data.message.editedAt).toEqual(expect.any(String));

    expect((await edit(bob, { content: 'not yours' }).expect(403)).body.error).toBe(CHAT_ERRORS.notYourMessage);
    expect((await edit(cy, { content: 'stranger' }).expect(404)).body.error).toBe(CHAT_ERRORS.messageNotFound);
    await edit(ada, { content: '  ' }).expect(400);
    await edit(ada, { content: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }).expect(400);
    await edit(ada, { content: 'ok' }, 'bad-id').expect(404);
    await edit(ada, { content: 'ok' }, randomUUID()).expect(404);

    const page = await list(bob, conversation.id).expect(200);
    expect(page.body.data.messages.find((m: TChatMessage) => m.id === message.id)).toMatchObject({ content: 'typo fixed', isEdited: true });
  });
});

describe('read cursor and seen', () => {
  it('moves forward only, reports seenStatus with each agent on one message, and counts unread', async () => {
    const { x, y, conversation } = await freshConversation();
    const m1 = await sendMessage(server, x, conversation.id, 'first');
    const m2 = await sendMessage(server, x, conversation.id, 'second');
    const m3 = await sendMessage(server, x, conversation.id, 'third');
    const read = (id: string) => server.api().put(`/api/v1/chat/conversations/${conversation.id}/read`).set(auth(y)).send({ lastReadMessageId: id });

    const toSecond = await read(m2.id).expect(200);
    expect(toSecond.body.data.cursor).toMatchObject({ lastReadMessageId: m2.id, lastReadSeq: m2.seq, unreadCount: 1 });
    const backwards = await read(m1.id).expect(200);
    expect(backwards.body.data.cursor).toMatchObject({ lastReadMessageId: m2.id, unreadCount: 1 });

    const seenByX = await list(x, conversation.id).expect(200);
    expect(seenByX.body.data.seenStatus).toEqual({
      [m2.id]: [{ id: y.agentId, firstName: 'Test', lastName: 'my', avatarUrl: expect.any(String) }],
    });
    // The viewer's own cursor is not listed to themselves.
    const seenByY = await list(y, conversation.id).expect(200);
    expect(Object.values(seenByY.body.data.seenStatus).flat().map((a) => (a as { id: string }).id)).toEqual([x.agentId]);

    const seen = await server.api().post(`/api/v1/chat/messages/${m3.id}/seen`).set(auth(y)).send({}).expect(200);
    expect(seen.body.data.cursor).toMatchObject({ lastReadMessageId: m3.id, unreadCount: 0 });
    await server.api().post(`/api/v1/chat/messages/${m1.id}/seen`).set(auth(y)).send({}).expect(200);
    const after = await list(x, conversation.id).expect(200);
    expect(Object.keys(after.body.data.seenStatus)).toEqual([m3.id]);

    const conversations = await server.api().get('/api/v1/chat/conversations').set(auth(y)).expect(200);
    expect(conversations.body.data.conversations[0]).toMatchObject({ id: conversation.id, unreadCount: 0 });
  });

  it('refuses bad ids and other conversations’ messages without a 500', async () => {
    const { x, conversation } = await freshConversation();
    const other = await startConversation(server, ada, bob);
    const foreign = await sendMessage(server, ada, other.id, 'elsewhere');
    const read = (body: object, as: User = x) => server.api().put(`/api/v1/chat/conversations/${conversation.id}/read`).set(auth(as)).send(body);
    await read({}).expect(400);
    await read({ lastReadMessageId: 'nope' }).expect(400);
    await read({ lastReadMessageId: randomUUID() }).expect(404);
    await read({ lastReadMessageId: foreign.id }).expect(404);
    await read({ lastReadMessageId: foreign.id }, cy).expect(404);
    await server.api().post(`/api/v1/chat/messages/${foreign.id}/seen`).set(auth(x)).send({}).expect(404);
    await server.api().post('/api/v1/chat/messages/xyz/seen').set(auth(x)).send({}).expect(404);
  });
});
