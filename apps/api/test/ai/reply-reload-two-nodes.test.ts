import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TMessageStreamEvent } from '@agentroom/shared';
import { conversationParticipants, conversations, replyJobs } from '../../src/db/schema';
import { auth, closeSockets, connectSocket, joinConversation, sendMessage, type User } from '../chat/chat-fixtures';
import { addMember, createAiAgent, createTeam } from '../teams/team-helpers';
import { createRoomRow } from '../rooms/room-fixtures';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { createTestDatabase } from '../support/test-database';
import { chatWithAiAgent, collectStream, nextMessageFrom } from './ai-fixtures';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const CHUNKS = ['The tide ', 'turns at ', 'six; ', 'cast off ', 'at five.'];
const SO_FAR = CHUNKS.slice(0, 2).join('');

/**
 * A reader who reloads (or opens a second tab) while an AI reply streams on the other API node: the
 * text so far from GET /replies on their node, then the deltas live on their node, add up to the
 * stored reply with nothing lost or doubled.
 */
describe.skipIf(!databaseUrl || !redisUrl)('a reply streaming on one node, read from the other after a reload', () => {
  let llm: FakeLlm;
  let nodes: [TestServer, TestServer];
  let drop: () => Promise<void>;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    llm = await startFakeLlm();
    const database = await createTestDatabase();
    drop = database.drop;
    const env = { DATABASE_URL: database.databaseUrl!, REDIS_URL: redisUrl!, LLM_BASE_URL: llm.baseUrl };
    nodes = [await startTestServer(env), await startTestServer(env)];
  });
  afterEach(() => {
    release();
    closeSockets();
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await drop?.();
    await llm?.close();
  });

  /** The model writes the first two chunks, then waits for `release`. */
  function holdReplyMidway() {
    const gate = new Promise<void>((resolve) => (release = resolve));
    llm.script({ chunks: CHUNKS, pauseAfter: 2, resume: gate });
  }

  /** The node whose runner writes the reply (once it holds the text so far), and the other one. */
  async function runnerAndOther(conversationId: string) {
    await expect.poll(async () => (await nodes[0].ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, conversationId))).length).toBe(1);
    const [job] = await nodes[0].ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, conversationId));
    await expect.poll(() => nodes.map((node) => node.replyWorker.liveText(job!.id)?.text), { timeout: 10_000 }).toContain(SO_FAR);
    const runner = nodes.find((node) => node.replyWorker.liveText(job!.id)) as TestServer;
    return { jobId: job!.id, other: runner === nodes[0] ? nodes[1] : nodes[0] };
  }

  /**
   * What a page does when it opens: join the conversation, ask for the replies in progress, then
   * assemble the deltas by offset. Answers the assembled text and the stored reply.
   */
  async function reload(node: TestServer, reader: User, conversationId: string, jobId: string, agentId: string) {
    const socket = await connectSocket(node.url, reader.token);
    await joinConversation(socket, conversationId);
    const stream = collectStream(socket, (e) => e.streamId === jobId);
    // The text so far, read on the reader's node although another node writes the reply.
    await expect
      .poll(async () => (await node.api().get(`/api/v1/chat/conversations/${conversationId}/replies`).set(auth(reader)).expect(200)).body.data.replies)
      .toEqual([expect.objectContaining({ streamId: jobId, agentId, status: 'running', content: SO_FAR })]);
    const stored = nextMessageFrom(socket, agentId);
    release();
    const events = await stream.done;
    return { text: assemble(SO_FAR, events), events, stored: await stored };
  }

  it('in a 1:1, the text so far then the live deltas make the stored reply', async () => {
    const [one] = nodes;
    const { user, agent, conversation } = await chatWithAiAgent(one);
    holdReplyMidway();
    await sendMessage(one, user, conversation.id, 'When do we sail?');
    const { jobId, other } = await runnerAndOther(conversation.id);

    const { text, events, stored } = await reload(other, user, conversation.id, jobId, agent.id);
    expect(events.filter((e) => !e.done).map((e) => e.offset)).toEqual([18, 23, 32]);
    expect(text).toBe(CHUNKS.join(''));
    expect(stored.content).toBe(text);
  });

  it('in a room, a member on the other node reads the same way', async () => {
    const [one] = nodes;
    const maya = await signUpVerified(one, 'maya');
    const leo = await signUpVerified(one, 'leo');
    const team = await createTeam(one, maya);
    await addMember(one, maya, team.handle, leo.username);
    const nova = await createAiAgent(one, maya, team.handle, { firstName: 'Nova' });
    const room = await createRoomRow(one, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, leo.agentId, nova.id] });
    holdReplyMidway();
    await sendMessage(one, maya, room.id, `@${nova.username} when do we sail?`);
    const { jobId, other } = await runnerAndOther(room.id);

    const { text, stored } = await reload(other, leo, room.id, jobId, nova.id);
    expect(text).toBe(CHUNKS.join(''));
    expect(stored.content).toBe(text);
  });

  it("in a room's thread, a member on the other node reads the same way", async () => {
    const [one] = nodes;
    const maya = await signUpVerified(one, 'maya');
    const leo = await signUpVerified(one, 'leo');
    const team = await createTeam(one, maya);
    await addMember(one, maya, team.handle, leo.username);
    const nova = await createAiAgent(one, maya, team.handle, { firstName: 'Nova' });
    const members = [maya.agentId, leo.agentId, nova.id];
    const room = await createRoomRow(one, { teamId: team.id, createdBy: maya.agentId, memberIds: members });
    const root = await sendMessage(one, maya, room.id, 'Sailing plans');
    // The thread as its route creates it: a conversation under the room, with the room's members.
    const threadId = randomUUID();
    await one.ctx.db.insert(conversations).values({
      id: threadId,
      type: 'thread',
      teamId: team.id,
      pairKey: `thread:${root.id}`,
      parentConversationId: room.id,
      threadRootMessageId: root.id,
      createdBy: maya.agentId,
    });
    await one.ctx.db.insert(conversationParticipants).values(members.map((agentId) => ({ conversationId: threadId, agentId })));
    holdReplyMidway();
    await sendMessage(one, maya, threadId, `@${nova.username} when do we sail?`);
    const { jobId, other } = await runnerAndOther(threadId);

    const { text, stored } = await reload(other, leo, threadId, jobId, nova.id);
    expect(text).toBe(CHUNKS.join(''));
    expect(stored.content).toBe(text);
  });
});

/** The text a client holds: `start`, then each delta applied at its offset (a gap fails the test). */
function assemble(start: string, events: TMessageStreamEvent[]): string {
  let text = start;
  for (const event of events) {
    expect(event.offset, `a delta at ${event.offset} past the ${text.length} characters held`).toBeLessThanOrEqual(text.length);
    text += event.delta.slice(text.length - event.offset);
  }
  return text;
}
