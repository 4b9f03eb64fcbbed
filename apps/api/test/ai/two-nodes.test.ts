import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { messages, replyJobs } from '../../src/db/schema';
import { closeSockets, connectSocket, joinConversation, nextEvent, sendMessage } from '../chat/chat-fixtures';
import { addMember, createAiAgent, createTeam } from '../teams/team-helpers';
import { signUpVerified } from '../support/test-server';
import { createRoomRow } from '../rooms/room-fixtures';
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

  it("a room's agents answer one after another whichever node claims them, and a person on the other node sees it all", async () => {
    const [one, two] = nodes as [TestServer, TestServer];
    const maya = await signUpVerified(one, 'maya');
    const leo = await signUpVerified(one, 'leo');
    const team = await createTeam(one, maya);
    await addMember(one, maya, team.handle, leo.username);
    const nova = await createAiAgent(one, maya, team.handle, { firstName: 'Nova' });
    const sage = await createAiAgent(one, maya, team.handle, { firstName: 'Sage' });
    const room = await createRoomRow(one, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, leo.agentId, nova.id, sage.id] });
    const socket = await connectSocket(two.url, leo.token);
    await joinConversation(socket, room.id);
    const novaTyping = nextEvent(socket, 'conversation:participant:typing', (e) => e.agentId === nova.id && e.isTyping);
    const novaStream = nextEvent(socket, 'message:stream', (e) => e.agentId === nova.id);
    const sageReply = nextEvent(socket, 'message:received', (m) => m.sender.id === sage.id);
    llm.script({ chunks: ['Nova ', 'first.'], delayMs: 20 }, { chunks: ['Sage ', 'second.'], delayMs: 20 });
    const before = llm.requests.length;

    await sendMessage(one, maya, room.id, `@${nova.username} then @${sage.username}: status?`);
    await novaTyping;
    await novaStream;
    expect((await sageReply).content).toBe('Sage second.');
    await expect
      .poll(async () => (await one.ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, room.id))).map((j) => j.status), { timeout: 20_000 })
      .toEqual(['done', 'done']);
    const stored = await one.ctx.db.select().from(messages).where(eq(messages.conversationId, room.id)).orderBy(asc(messages.seq));
    expect(stored.map((m) => m.content)).toEqual([`@${nova.username} then @${sage.username}: status?`, 'Nova first.', 'Sage second.']);
    // Sage was asked only once Nova's answer was stored, on whichever node.
    expect(llm.requests.length).toBe(before + 2);
    expect(llm.requests.at(-1)!.messages.at(-1)!.content).toBe('Nova (AI agent): Nova first.');
  });
});
