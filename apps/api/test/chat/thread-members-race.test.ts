import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertThread } from '../../src/chat/thread-repo';
import { conversations, messages } from '../../src/db/schema';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { sendMessage } from './chat-fixtures';
import { addMember, bearer, createTeam, type TestUser } from '../teams/team-helpers';
import { createRoom, roomsPath } from '../rooms/room-helpers';

const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * A thread copies its room's members when it is made; the triggers of migration 0013 mirror later
 * joins and leaves. A join or leave in flight while the thread is made must land in the thread too:
 * both sides lock the room's row, so one waits for the other. Each case holds one side open on a
 * second connection, sees the other wait on the lock, then lets go (Postgres only: PGlite has one connection).
 */
describe.skipIf(!databaseUrl)("a thread made while its room's members change", () => {
  let server: TestServer;
  let held: pg.Client;
  let watcher: pg.Client;
  let joiner: pg.Client;
  let maya: TestUser;
  let team: Awaited<ReturnType<typeof createTeam>>;
  let people: TestUser[];

  beforeAll(async () => {
    server = await startTestServer();
    held = new pg.Client({ connectionString: server.ctx.config.databaseUrl });
    watcher = new pg.Client({ connectionString: server.ctx.config.databaseUrl });
    joiner = new pg.Client({ connectionString: server.ctx.config.databaseUrl });
    await held.connect();
    await watcher.connect();
    await joiner.connect();
    maya = await signUpVerified(server, 'racemaya');
    team = await createTeam(server, maya);
    people = [];
    for (const name of ['raceliam', 'racezoe', 'raceava']) {
      const person = await signUpVerified(server, name);
      await addMember(server, maya, team.handle, person.username);
      people.push(person);
    }
  });
  afterAll(async () => {
    await held?.end();
    await watcher?.end();
    await joiner?.end();
    await server?.stop();
  });

  async function roomWith(members: TestUser[]) {
    const name = `race-${randomUUID().slice(0, 6)}`;
    const { room } = await createRoom(server, maya, team.handle, { name, memberIds: members.map((m) => m.agentId) });
    const root = await sendMessage(server, maya, room.id, 'Thread me');
    return { room, name, root };
  }

  const memberIds = async (conversationId: string) =>
    (await watcher.query('select agent_id from conversation_participants where conversation_id = $1 order by agent_id', [conversationId])).rows.map((r) => r.agent_id as string);

  /** Resolves once a statement of this database waits on a lock, or once `other` settles (then it did not wait). */
  async function blockedOrDone(other: Promise<unknown>) {
    let settled = false;
    void other.then(
      () => (settled = true),
      () => (settled = true),
    );
    const deadline = Date.now() + 20_000;
    for (;;) {
      const waiting = await watcher.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      if (waiting.rows[0].n > 0) return 'blocked';
      if (settled) return 'done';
      if (Date.now() > deadline) throw new Error('neither blocked nor done');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const openThread = (user: TestUser, rootId: string) => server.api().post(`/api/v1/chat/messages/${rootId}/thread`).set(bearer(user.token));

  it('a join in flight when the thread is opened: the thread has the new member', async () => {
    const [liam, zoe] = people as [TestUser, TestUser];
    const { room, root } = await roomWith([liam]);
    await held.query('begin');
    await held.query(`insert into conversation_participants (id, conversation_id, agent_id, last_read_seq, joined_at) values (gen_random_uuid(), $1, $2, 0, now())`, [room.id, zoe.agentId]);
    const opening = openThread(maya, root.id).then((res) => res);
    const seen = await blockedOrDone(opening);
    await held.query('commit');
    const res = await opening;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const threadId = res.body.data.thread.id as string;
    expect(await memberIds(threadId)).toEqual(await memberIds(room.id));
    expect(await memberIds(threadId)).toContain(zoe.agentId);
    expect(seen).toBe('blocked');
  });

  it('a leave in flight when the thread is opened: the thread does not keep the one who left', async () => {
    const [liam, zoe] = people as [TestUser, TestUser];
    const { room, root } = await roomWith([liam, zoe]);
    await held.query('begin');
    await held.query('delete from conversation_participants where conversation_id = $1 and agent_id = $2', [room.id, zoe.agentId]);
    const opening = openThread(maya, root.id).then((res) => res);
    const seen = await blockedOrDone(opening);
    await held.query('commit');
    const res = await opening;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const threadId = res.body.data.thread.id as string;
    expect(await memberIds(threadId)).toEqual(await memberIds(room.id));
    expect(await memberIds(threadId)).not.toContain(zoe.agentId);
    expect(seen).toBe('blocked');
  });

  /** insertThread itself, its transaction held open after the copy (as the open route runs it) until `release`. */
  async function holdThreadBeingMade(roomId: string, rootId: string) {
    const [parent] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, roomId));
    const [rootRow] = await server.ctx.db.select().from(messages).where(eq(messages.id, rootId));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let made!: () => void;
    const threadMade = new Promise<void>((resolve) => (made = resolve));
    const making = server.ctx.db.transaction(async (tx) => {
      const thread = await insertThread(tx, parent!, rootRow!);
      made();
      await gate;
      return thread!;
    });
    await threadMade;
    return { making, release };
  }

  it('a thread being made when a member row is added to the room: the insert waits, and the thread has them', async () => {
    const [liam, zoe] = people as [TestUser, TestUser];
    const { room, root } = await roomWith([liam]);
    const { making, release } = await holdThreadBeingMade(room.id, root.id);
    const joining = joiner.query(`insert into conversation_participants (id, conversation_id, agent_id, last_read_seq, joined_at) values (gen_random_uuid(), $1, $2, 0, now())`, [
      room.id,
      zoe.agentId,
    ]);
    const seen = await blockedOrDone(joining);
    release();
    const thread = await making;
    await joining;
    expect(await memberIds(thread.id)).toEqual(await memberIds(room.id));
    expect(await memberIds(thread.id)).toContain(zoe.agentId);
    expect(seen).toBe('blocked');
  });

  // The room route also locks the room's row itself, so this order holds even without insertThread's lock.
  it('a thread being made when someone is added through the room route: the join waits, and the thread has them', async () => {
    const [liam, , ava] = people as [TestUser, TestUser, TestUser];
    const { room, name, root } = await roomWith([liam]);
    const { making, release } = await holdThreadBeingMade(room.id, root.id);
    const joining = server.api().post(`${roomsPath(team.handle)}/${name}/members`).set(bearer(maya.token)).send({ agentId: ava.agentId }).then((res) => res);
    const seen = await blockedOrDone(joining);
    release();
    const thread = await making;
    const joined = await joining;
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(await memberIds(thread.id)).toEqual(await memberIds(room.id));
    expect(await memberIds(thread.id)).toContain(ava.agentId);
    expect(seen).toBe('blocked');
  });
});
