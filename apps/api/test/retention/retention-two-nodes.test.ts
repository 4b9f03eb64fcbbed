import { and, eq, lte, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, messages } from '../../src/db/schema';
import { startServer, type RunningServer } from '../../src/server';
import { auth, sendMessage } from '../chat/chat-fixtures';
import { listRooms } from '../rooms/room-helpers';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { createTeam } from '../teams/team-helpers';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Two API nodes on one Postgres run retention at the same moment: each message goes once, nothing fails. */
describe.skipIf(!databaseUrl || !redisUrl)('retention on two nodes at once', () => {
  let node1: TestServer;
  let node2: RunningServer;

  beforeAll(async () => {
    node1 = await startTestServer({ REDIS_URL: redisUrl!, RETENTION_BATCH_SIZE: '4' });
    node2 = await startServer(node1.ctx.config, { logger: pino({ level: 'silent' }) });
  });
  afterAll(async () => {
    await node2?.close();
    await node1?.stop();
  });

  it('removes every old message exactly once, and the audit rows add up to what was removed', async () => {
    const owner = await signUpVerified(node1, 'twonodes');
    const team = await createTeam(node1, owner);
    await node1.api().put(`/api/v1/teams/${team.handle}/retention`).set(auth(owner)).send({ days: 7, keepPinned: true }).expect(200);
    const general = (await listRooms(node1, owner, team.handle)).find((room) => room.isGeneral)!;
    for (let i = 0; i < 30; i++) await sendMessage(node1, owner, general.id, `old ${i}`);
    await node1.ctx.db
      .update(messages)
      .set({ createdAt: sql`created_at - interval '10 days'` })
      .where(and(eq(messages.conversationId, general.id), lte(messages.seq, 30)));
    const fresh = await sendMessage(node1, owner, general.id, 'fresh');

    const runs = await Promise.all([node1.retention.runOnce(), node2.retention.runOnce(), node1.retention.runOnce()]);
    expect(runs.reduce((sum, run) => sum + run.messages, 0)).toBe(30);
    const left = await node1.ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, general.id));
    expect(left.map((row) => row.id)).toEqual([fresh.id]);
    const rows = await node1.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.teamId, team.id), eq(auditEvents.action, 'retention.removed')));
    expect(rows.reduce((sum, row) => sum + Number(row.details.messages), 0)).toBe(30);
  });
});
