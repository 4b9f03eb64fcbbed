import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { messages, replyJobs } from '../../src/db/schema';
import { closeSockets } from '../chat/chat-fixtures';
import { spawnApiProcess } from '../support/api-process';
import { createTestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { aiChatOnProcess, exitCodeOf, listenerClosed, requestInFlight } from './process-fixtures';

// Spawning API processes through tsx is slow on a busy machine: generous bounds, not speed checks.
const SPAWN_TIMEOUT = 300_000;
const SECRET = 'test-secret-that-is-at-least-32-characters-long';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  closeSockets();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** An API process of its own database (a Postgres database, or a PGlite folder). */
async function spawnNode(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agentroom-shutdown-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }), database.drop);
  const databaseEnv: Record<string, string> = database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: dataDir };
  const node = await spawnApiProcess({ JWT_SECRET: SECRET, ...databaseEnv, ...env });
  cleanups.push(node.kill);
  return { node, databaseEnv, shared: Boolean(database.databaseUrl) };
}

describe('SIGTERM', () => {
  it('lets a request in flight finish, then exits 0', { timeout: SPAWN_TIMEOUT }, async () => {
    const { node } = await spawnNode({ SHUTDOWN_TIMEOUT_MS: '60000' });
    const agent = new http.Agent({ keepAlive: true });
    cleanups.push(async () => agent.destroy());
    const login = await requestInFlight(node.url, '/api/v1/auth/login', JSON.stringify({ username: 'nobody', password: 'Passw0rdOk' }), agent);

    const exited = exitCodeOf(node.child);
    node.child.kill('SIGTERM');
    await listenerClosed(node.url);
    expect(node.child.exitCode).toBeNull(); // still serving the request it has

    const res = await login.finish();
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS' });
    expect(await exited).toBe(0);
  });

  it('past SHUTDOWN_TIMEOUT_MS it exits anyway, with a failure code', { timeout: SPAWN_TIMEOUT }, async () => {
    const { node } = await spawnNode({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const agent = new http.Agent({ keepAlive: true });
    cleanups.push(async () => agent.destroy());
    const stuck = await requestInFlight(node.url, '/api/v1/auth/login', JSON.stringify({ username: 'nobody', password: 'Passw0rdOk' }), agent);
    cleanups.push(async () => stuck.abandon());

    node.child.kill('SIGTERM');
    expect(await exitCodeOf(node.child)).toBe(1);
  });
});

describe('SIGTERM during an AI reply', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(async () => llm?.close());

  // The lease is far longer than the wait below: the reply can only be finished in time if node A hands it over.
  it('hands the reply to another node, which finishes it at once', { timeout: SPAWN_TIMEOUT }, async () => {
    const env = { LLM_BASE_URL: llm.baseUrl, AI_LEASE_MS: '120000', SHUTDOWN_TIMEOUT_MS: '60000' };
    const { node: nodeA, databaseEnv, shared } = await spawnNode(env);
    llm.script({ chunks: ['never ', 'finished by A'], hangAfter: 1 }, { chunks: ['Finished ', 'by B.'] });
    const chat = await aiChatOnProcess(nodeA.url);
    await chat.streamStarted; // node A holds the job, mid-stream

    const startNodeB = async () => {
      const nodeB = await startTestServer({ ...env, ...databaseEnv, JWT_SECRET: SECRET });
      cleanups.push(() => nodeB.stop());
      return nodeB;
    };
    // On Postgres node B runs beside A; an embedded database has one owner at a time, so B follows A.
    const running: TestServer | undefined = shared ? await startNodeB() : undefined;
    const exited = exitCodeOf(nodeA.child);
    nodeA.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const nodeB = running ?? (await startNodeB());

    const job = async () => (await nodeB.ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, chat.conversationId)))[0];
    await expect.poll(async () => (await job())?.status, { timeout: 30_000 }).toBe('done');
    const finished = (await job())!;
    expect(finished.attempts).toBe(2);
    const replies = await nodeB.ctx.db.select().from(messages).where(eq(messages.senderAgentId, chat.agentId));
    expect(replies.map((r) => r.content)).toEqual(['Finished by B.']);
    expect(finished.replyMessageId).toBe(replies[0]!.id);
  });
});
