import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { messages, replyJobs } from '../../src/db/schema';
import { closeSockets, sendMessage } from '../chat/chat-fixtures';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { startTestServer, type TestServer } from '../support/test-server';
import { createTestDatabase } from '../support/test-database';
import { chatWithAiAgent } from './ai-fixtures';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Two API nodes on one Postgres and one Redis share the reply queue: every message answered exactly once. */
describe.skipIf(!databaseUrl || !redisUrl)('two API nodes share the AI reply queue', () => {
  let llm: FakeLlm;
  let nodes: TestServer[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    llm = await startFakeLlm();
    llm.setDefault({ chunks: ['shared ', 'answer'], delayMs: 20 });
    const database = await createTestDatabase();
    drop = database.drop;
    const env = { DATABASE_URL: database.databaseUrl!, REDIS_URL: redisUrl!, LLM_BASE_URL: llm.baseUrl, AI_MAX_CONCURRENT_PER_AGENT: '8' };
    nodes = [await startTestServer(env), await startTestServer(env)];
  });
  afterAll(async () => {
    closeSockets();
    await Promise.all(nodes.map((node) => node.stop()));
    await drop?.();
    await llm?.close();
  });

  it('sends through both nodes; each message gets one reply, written by whichever node claimed it', async () => {
    const [one, two] = nodes as [TestServer, TestServer];
    const chats = [await chatWithAiAgent(one), await chatWithAiAgent(two), await chatWithAiAgent(one)];
    const before = llm.requests.length;
    const sent = await Promise.all(
      chats.flatMap((chat, i) =>
        [0, 1, 2].map(async (n) => {
          // Alternate the node each message goes through.
          const node = (i + n) % 2 === 0 ? one : two;
          return sendMessage(node, chat.user, chat.conversation.id, `question ${i}.${n}`);
        }),
      ),
    );
    const triggerIds = sent.map((m) => m.id);
    await expect
      .poll(async () => (await one.ctx.db.select().from(replyJobs).where(inArray(replyJobs.triggerMessageId, triggerIds))).filter((j) => j.status === 'done').length, {
        timeout: 20_000,
      })
      .toBe(triggerIds.length);
    const jobs = await one.ctx.db.select().from(replyJobs).where(inArray(replyJobs.triggerMessageId, triggerIds));
    expect(jobs).toHaveLength(triggerIds.length);
    const replies = await one.ctx.db
      .select()
      .from(messages)
      .where(inArray(messages.id, jobs.map((j) => j.replyMessageId!)));
    expect(replies).toHaveLength(triggerIds.length);
    expect(new Set(replies.map((r) => r.meta.replyToMessageId))).toEqual(new Set(triggerIds));
    expect(replies.every((r) => r.content === 'shared answer')).toBe(true);
    expect(llm.requests.length - before).toBe(triggerIds.length);
  });
});
