import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { replyJobs } from '../../src/db/schema';
import { auth, closeSockets, connectSocket, joinConversation, nextEvent, sendMessage } from '../chat/chat-fixtures';
import { createRoomRow } from '../rooms/room-fixtures';
import { createTestDatabase } from '../support/test-database';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, createAiAgent, createTeam } from '../teams/team-helpers';
import { collectStream, messagesOf } from './ai-fixtures';
import { openThreadAs } from './thread-fixtures';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** An AI agent asked in a room's thread through one node, watched from the other (Postgres + Redis). */
describe.skipIf(!databaseUrl || !redisUrl)('AI agents in threads on two nodes', () => {
  let llm: FakeLlm;
  let nodes: TestServer[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    llm = await startFakeLlm();
    const database = await createTestDatabase();
    drop = database.drop;
    const env = { DATABASE_URL: database.databaseUrl!, REDIS_URL: redisUrl!, LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' };
    nodes = [await startTestServer(env), await startTestServer(env)];
  });
  afterAll(async () => {
    closeSockets();
    await Promise.all(nodes.map((node) => node.stop()));
    await drop?.();
    await llm?.close();
  });

  it("asked through one node, the reply streams to the thread's viewer on the other, is listed there in progress, and is stored in the thread", async () => {
    const [one, two] = nodes as [TestServer, TestServer];
    const maya = await signUpVerified(one, 'maya');
    const leo = await signUpVerified(one, 'leo');
    const team = await createTeam(one, maya, { name: 'Two Nodes' });
    await addMember(one, maya, team.handle, leo.username);
    const nova = await createAiAgent(one, maya, team.handle, { firstName: 'Nova' });
    const room = await createRoomRow(one, { teamId: team.id, createdBy: maya.agentId, name: `nodes-${randomUUID().slice(0, 6)}`, memberIds: [maya.agentId, leo.agentId, nova.id] });
    const root = await sendMessage(one, maya, room.id, 'Which region first?');
    await sendMessage(one, leo, room.id, 'Room chatter on another subject.');
    const thread = await openThreadAs(one, maya, root.id);
    const socket = await connectSocket(two.url, leo.token);
    await joinConversation(socket, thread.id);

    let resume!: () => void;
    llm.script({ chunks: ['EU ', 'first.'], pauseAfter: 1, resume: new Promise<void>((r) => (resume = r)) });
    const stream = collectStream(socket, (e) => e.agentId === nova.id);
    const firstDelta = nextEvent(socket, 'message:stream', (e) => e.agentId === nova.id && !e.done);
    const before = llm.requests.length;
    const ask = await sendMessage(one, maya, thread.id, `@${nova.username} your call?`);
    expect(await firstDelta).toMatchObject({ conversationId: thread.id, delta: 'EU ' });

    // Either node lists it for the thread (the text so far is the running node's, or its last checkpoint).
    const active = await two.api().get(`/api/v1/chat/conversations/${thread.id}/replies`).set(auth(leo)).expect(200);
    expect(active.body.data.replies).toEqual([expect.objectContaining({ agentId: nova.id, status: 'running' })]);
    expect('EU '.startsWith(active.body.data.replies[0].content)).toBe(true);

    resume();
    const events = await stream.done;
    expect(events.map((e) => e.delta).join('')).toBe('EU first.');
    await expect.poll(async () => (await one.ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, thread.id)).orderBy(asc(replyJobs.id))).map((j) => j.status), { timeout: 20_000 }).toEqual(['done']);
    const replies = (await messagesOf(two, leo, thread.id)).filter((m) => m.sender.isAgent);
    expect(replies).toMatchObject([{ content: 'EU first.', replyToMessageId: ask.id }]);
    expect(JSON.stringify(llm.requests[before]!.messages)).toContain('Which region first?');
    expect(JSON.stringify(llm.requests[before]!.messages)).not.toContain('Room chatter');
  });
});
