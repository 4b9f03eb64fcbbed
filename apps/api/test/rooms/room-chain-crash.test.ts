import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { messages, replyJobs } from '../../src/db/schema';
import { databaseForTwoLives, spawnApiProcess } from '../support/api-process';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { createAiAgent, createTeam } from '../teams/team-helpers';
import { createRoomRow } from './room-fixtures';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm?.close();
});

/** Polls the queue (no guessed sleep) until the room has `count` jobs and none is queued or running. */
async function settled(server: TestServer, conversationId: string, count: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const jobs = await server.ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, conversationId)).orderBy(asc(replyJobs.id));
    if (jobs.length >= count && jobs.every((j) => !['queued', 'running'].includes(j.status))) return jobs;
    if (Date.now() > deadline) throw new Error(`room did not settle: ${JSON.stringify(jobs.map((j) => [j.agentId, j.status]))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a node killed mid-chain', () => {
  // Spawning a second OS process through tsx is slow on a busy 2-core machine: a generous bound, not a speed check.
  it('the interrupted turn is written again once, and the turn it asks for follows once', { timeout: 180_000 }, async () => {
    const { env, drop } = await databaseForTwoLives(llm.baseUrl, 'agentroom-chain-crash-');
    // Set-up on the database, in process: a person, two AI agents, a room of the three.
    const setupServer = await startTestServer(env);
    const maya = await signUpVerified(setupServer, 'maya');
    const team = await createTeam(setupServer, maya);
    const nova = await createAiAgent(setupServer, maya, team.handle, { firstName: 'Nova' });
    const sage = await createAiAgent(setupServer, maya, team.handle, { firstName: 'Sage' });
    const room = await createRoomRow(setupServer, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, nova.id, sage.id] });
    await setupServer.stop();

    // Leases outlast this test, so no node takes back a job of its own that a loaded machine stalled (a
    // 1 s lease did, and Nova's turn then counted three attempts); the dead node's lease is run out below.
    const longLease = { ...env, AI_LEASE_MS: '600000' };
    // First life: a separate process, so it can really die while Nova is writing.
    const first = await spawnApiProcess(longLease);
    let server: TestServer | undefined;
    try {
      const before = llm.requests.length;
      llm.script({ chunks: ['Asking ', `@${sage.username} now.`], hangAfter: 1 });
      const sent = await fetch(`${first.url}/api/v1/chat/conversations/${room.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${maya.token}` },
        body: JSON.stringify({ content: `@${nova.username} ask Sage`, clientMessageId: 'crash-chain-1' }),
      });
      expect(sent.status).toBe(201);
      await llm.waitForRequests(before + 1);
      llm.script({ chunks: ['Asking ', `@${sage.username} now.`] }, { chunks: ['Sage here.'] });
      await first.kill();

      // Second life, on the same database: the dead node's lease runs out (here at once, instead of in ten
      // minutes), Nova's turn is retried, then Sage's follows.
      server = await startTestServer(longLease);
      await server.ctx.db.update(replyJobs).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(replyJobs.status, 'running'));
      await server.replyWorker.claimNow();
      const jobs = await settled(server, room.id, 2);
      expect(jobs.map((j) => [j.agentId, j.status, j.attempts, j.chainTurn, j.askedByAgentId])).toEqual([
        [nova.id, 'done', 2, 1, null],
        [sage.id, 'done', 1, 2, nova.id],
      ]);
      const stored = await server.ctx.db.select().from(messages).where(eq(messages.conversationId, room.id)).orderBy(asc(messages.seq));
      expect(stored.map((m) => [m.senderAgentId, m.content])).toEqual([
        [maya.agentId, `@${nova.username} ask Sage`],
        [nova.id, `Asking @${sage.username} now.`],
        [sage.id, 'Sage here.'],
      ]);
      expect(llm.requests.length).toBe(before + 3);
    } finally {
      await first.kill().catch(() => undefined);
      await server?.stop();
      await drop();
    }
  });
});
