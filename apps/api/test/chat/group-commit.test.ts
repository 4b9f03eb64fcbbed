import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REACH_ERRORS, type TChatMessage } from '@agentroom/shared';
import { insertMessageRow, type MessageValues } from '../../src/chat/insert-message';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { auth, closeSockets, connectSocket, joinConversation, recordEvents, startConversation, type User } from './chat-fixtures';

/**
 * Group commit (decision 0010): plain sends of the same moment are stored by one statement. What a
 * user must not notice: seq stays gap-free in commit order, a retried clientMessageId is stored
 * once, a 2xx means stored, and one bad message cannot take others down or be half written.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
});

const list = (from: User, conversationId: string) =>
  server.api().get(`/api/v1/chat/conversations/${conversationId}/messages?limit=100`).set(auth(from)).expect(200);
const conversationOf = (from: User, conversationId: string) =>
  server.api().get(`/api/v1/chat/conversations/${conversationId}`).set(auth(from)).expect(200);
const values = (conversationId: string, from: User, content: string, clientMessageId = randomUUID()): Omit<MessageValues, 'id'> => ({
  conversationId,
  senderAgentId: from.agentId,
  content,
  clientMessageId,
  messageType: 'text',
  meta: {},
});

/** This server's group commit: what its plain sends go through. */
const groupCommit = () => server.messageWriter.groupCommit;
const storeGrouped = (values: Omit<MessageValues, 'id'>) => groupCommit().insert(values);
const stats = () => ({ ...groupCommit().stats });

async function people(n: number) {
  return Promise.all(Array.from({ length: n }, (_, i) => signUpVerified(server, `gc${i}`)));
}

describe('group commit', () => {
  it('stores sends of one moment to one and to many conversations in one batch, seq gap-free in the order sent', async () => {
    const [x, y, z, w] = await people(4);
    const conversations = [await startConversation(server, x!, y!), await startConversation(server, x!, z!), await startConversation(server, w!, x!)];
    const before = stats();
    // Interleaved: conversation k gets messages k, k+3, k+6, … from both of its sides.
    const sends = Array.from({ length: 30 }, (_, i) => {
      const conversation = conversations[i % 3]!;
      const from = i % 2 === 0 ? x! : [y!, z!, w!][i % 3]!;
      return storeGrouped(values(conversation.id, from, `m${i}`));
    });
    const rows = await Promise.all(sends);
    const after = stats();
    expect(after.batches - before.batches).toBe(1);
    expect(after.fallbacks).toBe(before.fallbacks);

    for (const [k, conversation] of conversations.entries()) {
      const mine = rows.filter((_, i) => i % 3 === k);
      expect(mine.map((r) => r!.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      const page = (await list(x!, conversation.id)).body.data.messages as TChatMessage[];
      expect(page.map((m) => m.content)).toEqual(mine.map((r) => r!.content));
      expect(page.map((m) => m.seq)).toEqual(mine.map((r) => r!.seq));
      const times = page.map((m) => Date.parse(m.timestamp));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    }
    // The conversation moved on with its batch: the next send takes the next seq, and each sender
    // read up to their own newest message.
    const next = await server
      .api()
      .post(`/api/v1/chat/conversations/${conversations[0]!.id}/messages/async`)
      .set(auth(y!))
      .send({ content: 'after the batch', clientMessageId: randomUUID() })
      .expect(201);
    expect(next.body.data.participantMessage.seq).toBe(11);
    expect((await conversationOf(x!, conversations[2]!.id)).body.data.conversation.unreadCount).toBe(1);
    expect((await conversationOf(w!, conversations[2]!.id)).body.data.conversation.unreadCount).toBe(0);
  });

  it('stores a clientMessageId once, twice in one batch or again in a later batch', async () => {
    const [x, y] = await people(2);
    const { id } = await startConversation(server, x!, y!);
    const twice = randomUUID();
    const [a, dup, b] = await Promise.all([
      storeGrouped(values(id, x!, 'first', twice)),
      storeGrouped(values(id, x!, 'first again', twice)),
      storeGrouped(values(id, y!, 'second')),
    ]);
    expect([a?.seq, dup, b?.seq]).toEqual([1, undefined, 2]);
    const [later, c] = await Promise.all([
      storeGrouped(values(id, x!, 'first once more', twice)),
      storeGrouped(values(id, x!, 'third')),
    ]);
    expect([later, c?.seq]).toEqual([undefined, 3]);

    // Through the API: a double click and a retry in the same moment as other sends.
    const double = { content: 'double click', clientMessageId: randomUUID() };
    const post = (from: User, body: object) =>
      server.api().post(`/api/v1/chat/conversations/${id}/messages/async`).set(auth(from)).send(body);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => post(x!, double)),
      ...Array.from({ length: 6 }, (_, i) => post(i % 2 ? x! : y!, { content: `other ${i}`, clientMessageId: randomUUID() })),
    ]);
    const doubles = results.slice(0, 4);
    expect(doubles.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(doubles.map((r) => r.body.data.participantMessage.id)).size).toBe(1);
    expect(results.slice(4).every((r) => r.status === 201)).toBe(true);
    const page = (await list(x!, id)).body.data.messages as TChatMessage[];
    expect(page.map((m) => m.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(page.filter((m) => m.content === 'double click')).toHaveLength(1);
  });

  it('leaves out a send the reach rule refuses, in a batch with others; the API answers 403 for it and for its retry', async () => {
    const [x, y, z] = await people(3);
    const blocked = await startConversation(server, x!, y!);
    const open = await startConversation(server, x!, z!);
    const to = (other: User) => ({ writeTo: { agentId: other.agentId, isHuman: true } });
    const earlier = randomUUID();
    expect((await storeGrouped({ ...values(blocked.id, x!, 'before the block', earlier), ...to(y!) }))?.seq).toBe(1);
    await server.api().put(`/api/v1/users/me/blocks/${x!.agentId}`).set(auth(y!)).expect(200);

    const before = stats();
    const rows = await Promise.all([
      storeGrouped({ ...values(blocked.id, x!, 'refused'), ...to(y!) }),
      storeGrouped({ ...values(open.id, x!, 'stored'), ...to(z!) }),
      storeGrouped({ ...values(blocked.id, y!, 'refused too'), ...to(x!) }),
      storeGrouped({ ...values(open.id, z!, 'stored too'), ...to(x!) }),
    ]);
    expect(stats().batches - before.batches).toBe(1);
    expect(stats().fallbacks).toBe(before.fallbacks);
    expect(rows.map((r) => r?.seq)).toEqual([undefined, 1, undefined, 2]);

    // Through the API (a send alone takes the single-row statement): refused, and so is a retry of
    // the message stored before the block.
    const post = (from: User, conversationId: string, body: object) =>
      server.api().post(`/api/v1/chat/conversations/${conversationId}/messages/async`).set(auth(from)).send(body);
    const refused = await post(x!, blocked.id, { content: 'hello?', clientMessageId: randomUUID() });
    expect([refused.status, refused.body.error]).toEqual([403, REACH_ERRORS.blockedYou]);
    expect((await post(x!, blocked.id, { content: 'before the block', clientMessageId: earlier })).status).toBe(403);
    expect((await post(y!, blocked.id, { content: 'and you?', clientMessageId: randomUUID() })).status).toBe(403);
    const page = (await list(x!, blocked.id)).body.data.messages as TChatMessage[];
    expect(page.map((m) => [m.seq, m.content])).toEqual([[1, 'before the block']]);
    expect((await post(z!, open.id, { content: 'open still', clientMessageId: randomUUID() })).body.data.participantMessage.seq).toBe(3);
  });

  it('keeps every character of the messages of a batch', async () => {
    const [x, y] = await people(2);
    const { id } = await startConversation(server, x!, y!);
    const texts = ['say "hi" \\ to {a,b}', 'NULL', 'ünïcödé ✓ 🚀 \\"', "it's\nmultiline\ttabbed", '{"json": [1, 2]}'];
    const rows = await Promise.all(texts.map((text) => storeGrouped(values(id, x!, text))));
    expect(rows.map((r) => r!.content)).toEqual(texts);
    const page = (await list(y!, id)).body.data.messages as TChatMessage[];
    expect(page.map((m) => m.content)).toEqual(texts);
    // Server-side messages carry meta (AI notices): it keeps its characters too.
    const { id: other } = await startConversation(server, y!, (await people(1))[0]!);
    const notices = await Promise.all(
      texts.map((text) => storeGrouped({ ...values(other, y!, 'notice'), meta: { notice: { code: text, retryable: true } } })),
    );
    expect(notices.map((r) => r!.meta)).toEqual(texts.map((text) => ({ notice: { code: text, retryable: true } })));
  });

  it('a failing message fails alone: the rest of its batch is stored gap-free, nothing half written', async () => {
    const [x, y] = await people(2);
    const { id } = await startConversation(server, x!, y!);
    const before = stats();
    // A sender that does not exist breaks the batch statement (foreign key), which is then undone
    // and stored message by message.
    const ghost = { ...values(id, x!, 'from nobody'), senderAgentId: randomUUID() };
    const outcomes = await Promise.allSettled([
      storeGrouped(values(id, x!, 'one')),
      storeGrouped(ghost),
      storeGrouped(values(id, y!, 'two')),
      storeGrouped(values(id, x!, 'three')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(stats().fallbacks - before.fallbacks).toBe(1);
    const page = (await list(x!, id)).body.data.messages as TChatMessage[];
    expect(page.map((m) => [m.seq, m.content])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
  });

  it('on close stores what it holds before answering, then refuses; another server goes on', async () => {
    const own = await startTestServer();
    try {
      const [x, y] = await Promise.all([signUpVerified(own, 'gcx'), signUpVerified(own, 'gcy')]);
      const { id } = await startConversation(own, x, y);
      const ownCommit = own.messageWriter.groupCommit;
      const settled: boolean[] = [];
      const held = Array.from({ length: 5 }, (_, i) => ownCommit.insert(values(id, x, `held ${i}`)).finally(() => (settled[i] = true)));
      await ownCommit.close();
      // Every held send was answered before close() was: the database may close now.
      expect(settled).toEqual([true, true, true, true, true]);
      expect((await Promise.all(held)).map((row) => row?.seq)).toEqual([1, 2, 3, 4, 5]);
      await expect(ownCommit.insert(values(id, x, 'too late'))).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
      // The test file's server has a group commit of its own, still open.
      const [a, b] = await people(2);
      const other = await startConversation(server, a!, b!);
      expect((await storeGrouped(values(other.id, a!, 'still open')))?.seq).toBe(1);
    } finally {
      await own.stop();
    }
  });

  it('delivers concurrent sends to one conversation and to many in seq order, gap-free, to every socket', async () => {
    const [x, y, z] = await people(3);
    const busy = await startConversation(server, x!, y!);
    const others = [await startConversation(server, x!, z!), await startConversation(server, z!, y!)];
    const watch = async (user: User, conversationId: string) => {
      const socket = await connectSocket(server.url, user.token);
      expect(await joinConversation(socket, conversationId)).toEqual({ ok: true });
      return recordEvents(socket, 'message:received');
    };
    const heard = [await watch(y!, busy.id), await watch(z!, others[0]!.id), await watch(y!, others[1]!.id)];
    const post = (from: User, conversationId: string, content: string) =>
      server.api().post(`/api/v1/chat/conversations/${conversationId}/messages/async`).set(auth(from)).send({ content, clientMessageId: randomUUID() });
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => post(i % 2 ? x! : y!, busy.id, `busy ${i}`)),
      ...Array.from({ length: 8 }, (_, i) => post(i % 2 ? x! : z!, others[0]!.id, `a ${i}`)),
      ...Array.from({ length: 8 }, (_, i) => post(i % 2 ? z! : y!, others[1]!.id, `b ${i}`)),
    ]);
    expect(results.every((r) => r.status === 201)).toBe(true);
    const expected = [20, 8, 8];
    for (const [k, events] of heard.entries()) {
      await expect.poll(() => events.length).toBe(expected[k]);
      expect(events.map((m) => m.seq)).toEqual(Array.from({ length: expected[k]! }, (_, i) => i + 1));
    }
  });
});

/**
 * On Postgres a duplicate can commit while a batch waits for the conversation's lock: the batch's
 * snapshot did not see it, ON CONFLICT skips it, and a hole in seq would follow. The statement
 * refuses (divides by zero) and the batch is stored message by message instead.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('group commit on Postgres, racing a duplicate', () => {
  it('keeps seq gap-free when a duplicate commits while the batch waits for the lock', async () => {
    const [x, y] = await people(2);
    const { id } = await startConversation(server, x!, y!);
    const raced = randomUUID();
    let release!: () => void;
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holder = server.ctx.db.transaction(async (tx) => {
      await insertMessageRow(tx, { ...values(id, x!, 'sent elsewhere first', raced), id: randomUUID() });
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    const before = stats();
    const batch = Promise.all([
      storeGrouped(values(id, y!, 'before')),
      storeGrouped(values(id, x!, 'the duplicate', raced)),
      storeGrouped(values(id, y!, 'after')),
    ]);
    // The batch statement is waiting for the conversation's row lock.
    await expect
      .poll(async () => {
        const result = await server.ctx.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      })
      .toBe(1);
    release();
    await holder;
    const [first, duplicate, last] = await batch;
    expect([first?.seq, duplicate, last?.seq]).toEqual([2, undefined, 3]);
    expect(stats().fallbacks - before.fallbacks).toBe(1);
    const page = (await list(x!, id)).body.data.messages as TChatMessage[];
    expect(page.map((m) => [m.seq, m.content])).toEqual([
      [1, 'sent elsewhere first'],
      [2, 'before'],
      [3, 'after'],
    ]);
  });
});
