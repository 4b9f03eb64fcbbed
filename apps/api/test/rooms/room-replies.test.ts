import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import type { TChatMessage, TConversation, TTeamUsageResponse } from '@agentroom/shared';
import { replyJobs } from '../../src/db/schema';
import { auth, closeSockets, connectSocket, joinConversation, nextEvent, recordEvents, sendMessage } from '../chat/chat-fixtures';
import { messagesOf } from '../ai/ai-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, createAiAgent, createTeam } from '../teams/team-helpers';
import { createRoomRow } from './room-fixtures';

let llm: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm();
  server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

/** A team with two people (Maya the owner, Leo) and two AI agents (Nova, Sage), all in one room; Leo's socket is in it. */
async function roomWithAgents(settings: { answersAllAgentId?: 'nova'; agentTurnLimit?: number } = {}) {
  const maya = await signUpVerified(server, 'maya');
  const leo = await signUpVerified(server, 'leo');
  const team = await createTeam(server, maya, { name: 'Launch Crew' });
  await addMember(server, maya, team.handle, leo.username);
  const nova = await createAiAgent(server, maya, team.handle, { firstName: 'Nova', role: 'Planner' });
  const sage = await createAiAgent(server, maya, team.handle, { firstName: 'Sage', role: 'Researcher' });
  const room = await createRoomRow(server, {
    teamId: team.id,
    createdBy: maya.agentId,
    name: `launch-${randomUUID().slice(0, 6)}`,
    memberIds: [maya.agentId, leo.agentId, nova.id, sage.id],
    answersAllAgentId: settings.answersAllAgentId ? nova.id : null,
    agentTurnLimit: settings.agentTurnLimit,
  });
  const socket = await connectSocket(server.url, leo.token);
  await joinConversation(socket, room.id);
  return { maya, leo, team, nova, sage, room, socket };
}

/** Waits (polling the queue, no guessed sleep) until the room has `count` reply jobs and none is queued or running. */
async function settled(conversationId: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const jobs = await server.ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, conversationId)).orderBy(asc(replyJobs.id));
    if (jobs.length >= count && jobs.every((j) => !['queued', 'running'].includes(j.status))) return jobs;
    if (Date.now() > deadline) throw new Error(`room ${conversationId} did not settle: ${JSON.stringify(jobs.map((j) => [j.agentId, j.status]))}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const fromAgents = (messages: TChatMessage[]) => messages.filter((m) => m.sender.isAgent);

describe('AI agents answer in a room', () => {
  it('an @mention is answered by exactly that agent, seen by everyone: typing, stream, seen marker, reply with the room as context', async () => {
    const { maya, leo, nova, sage, room, socket, team } = await roomWithAgents();
    llm.script({ chunks: ['Plan: ', 'ship on Friday.'] });
    const typing = nextEvent(socket, 'conversation:participant:typing', (e) => e.agentId === nova.id && e.isTyping);
    const seen = nextEvent(socket, 'conversation:message:seen', (e) => e.agentId === nova.id);
    const stream = nextEvent(socket, 'message:stream', (e) => e.agentId === nova.id && !e.done);
    const before = llm.requests.length;

    const sent = await sendMessage(server, maya, room.id, `@${nova.username} what's the plan?`);
    expect(sent.mentions).toEqual([nova.id]);
    await typing;
    expect((await seen).messageId).toBe(sent.id);
    expect((await stream).delta).toBe('Plan: ');
    const jobs = await settled(room.id, 1);
    expect(jobs.map((j) => j.agentId)).toEqual([nova.id]);

    const replies = fromAgents(await messagesOf(server, leo, room.id));
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ content: 'Plan: ship on Friday.', sender: { id: nova.id }, replyToMessageId: sent.id });
    expect(replies[0]!.askedBy).toBeUndefined();
    expect(replies.some((m) => m.sender.id === sage.id)).toBe(false);

    // Its context: where it is, with whom, and each speaker named as a person or an AI agent.
    expect(llm.requests.length).toBe(before + 1);
    const request = llm.requests.at(-1)!;
    expect(request.messages[0]!.content).toContain(`room #${room.name} of the team ${team.name}`);
    expect(request.messages[0]!.content).toContain(`Sage (AI agent) @${sage.username}`);
    expect(request.messages[0]!.content).toContain(`${leo.firstName} ${leo.lastName} (person) @${leo.username}`);
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: `${maya.firstName} ${maya.lastName} (person): @${nova.username} what's the plan?` });
  });

  it('a message mentioning no agent gets no answer; an agent never answers its own mention', async () => {
    const { maya, nova, room } = await roomWithAgents();
    await sendMessage(server, maya, room.id, 'just people talking here');
    llm.script({ chunks: [`I am @${nova.username}, nothing more.`] });
    await sendMessage(server, maya, room.id, `@${nova.username} introduce yourself`);
    const jobs = await settled(room.id, 1);
    expect(jobs.map((j) => j.agentId)).toEqual([nova.id]);
  });

  it('two agents mentioned answer one after another, in mention order, the second seeing the first answer', async () => {
    const { maya, leo, nova, sage, room } = await roomWithAgents();
    llm.script({ chunks: ['Sage thinks: ', 'test first.'] }, { chunks: ['Nova agrees.'] });
    const before = llm.requests.length;
    const sent = await sendMessage(server, maya, room.id, `@${sage.username} and @${nova.username}, ideas?`);
    const jobs = await settled(room.id, 2);
    expect(jobs.map((j) => [j.agentId, j.status, j.chainTurn])).toEqual([
      [sage.id, 'done', 1],
      [nova.id, 'done', 1],
    ]);
    const replies = fromAgents(await messagesOf(server, leo, room.id));
    expect(replies.map((m) => [m.sender.id, m.content, m.replyToMessageId])).toEqual([
      [sage.id, 'Sage thinks: test first.', sent.id],
      [nova.id, 'Nova agrees.', sent.id],
    ]);
    // Nova was asked only after Sage's answer was stored: it is in Nova's context, named.
    expect(llm.requests.length).toBe(before + 2);
    expect(llm.requests.at(-1)!.messages.at(-1)).toEqual({ role: 'user', content: 'Sage (AI agent): Sage thinks: test first.' });
  });

  it("the room's answers-everything agent answers a message that mentions nobody", async () => {
    const { maya, leo, nova, room } = await roomWithAgents({ answersAllAgentId: 'nova' });
    const sent = await sendMessage(server, leo, room.id, 'morning everyone');
    const jobs = await settled(room.id, 1);
    expect(jobs.map((j) => j.agentId)).toEqual([nova.id]);
    const replies = fromAgents(await messagesOf(server, maya, room.id));
    expect(replies).toMatchObject([{ sender: { id: nova.id }, replyToMessageId: sent.id }]);
  });
});

describe('agents asking each other (chains)', () => {
  it('Nova asks Sage ("Nova asked Sage"); the turn limit stops the chain with a visible notice', async () => {
    const { maya, leo, nova, sage, room, socket } = await roomWithAgents({ agentTurnLimit: 2 });
    llm.script({ chunks: [`Let me ask @${sage.username}.`] }, { chunks: [`Done. Over to you @${nova.username}.`] });
    const notices = recordEvents(socket, 'message:received');
    const sent = await sendMessage(server, maya, room.id, `@${nova.username} please check with research`);
    const jobs = await settled(room.id, 2);
    expect(jobs.map((j) => [j.agentId, j.chainTurn, j.askedByAgentId, j.chainRootMessageId, j.requestedByAgentId])).toEqual([
      [nova.id, 1, null, sent.id, maya.agentId],
      [sage.id, 2, nova.id, sent.id, maya.agentId],
    ]);
    const replies = fromAgents(await messagesOf(server, leo, room.id));
    expect(replies.map((m) => [m.sender.id, m.messageType])).toEqual([
      [nova.id, 'text'],
      [sage.id, 'text'],
      [nova.id, 'notice'],
    ]);
    expect(replies[1]!.askedBy).toEqual({ id: nova.id, firstName: 'Nova', lastName: nova.lastName });
    expect(replies[1]!.replyToMessageId).toBe(replies[0]!.id);
    expect(replies[2]).toMatchObject({ notice: { code: 'chain_limit', retryable: false }, replyToMessageId: replies[1]!.id });
    expect(replies[2]!.content).toContain('at most 2 AI agent turns');
    // Everyone in the room saw it live, "asked by" included.
    expect(notices.find((m) => m.id === replies[1]!.id)?.askedBy?.id).toBe(nova.id);
    expect(notices.some((m) => m.id === replies[2]!.id)).toBe(true);
  });

  it('the loop brake: an agent asked a second time in one chain does not answer, and a notice says so', async () => {
    const { maya, leo, nova, sage, room } = await roomWithAgents({ agentTurnLimit: 10 });
    llm.script(
      { chunks: [`@${sage.username}, numbers please?`] },
      { chunks: [`@${nova.username} here they are.`] },
      { chunks: [`Thanks @${sage.username}, and more?`] },
    );
    await sendMessage(server, maya, room.id, `@${nova.username} get the numbers from Sage`);
    const jobs = await settled(room.id, 3);
    expect(jobs.map((j) => [j.agentId, j.askedByAgentId])).toEqual([
      [nova.id, null],
      [sage.id, nova.id],
      [nova.id, sage.id],
    ]);
    const replies = fromAgents(await messagesOf(server, leo, room.id));
    expect(replies.map((m) => m.messageType)).toEqual(['text', 'text', 'text', 'notice']);
    expect(replies[3]).toMatchObject({ sender: { id: sage.id }, notice: { code: 'chain_loop' } });
  });

  it('a person stops the chain: the running reply stops, no further turn starts; outsiders get 404', async () => {
    const { maya, leo, nova, sage, room, team, socket } = await roomWithAgents();
    let resume!: () => void;
    llm.script({ chunks: [`Asking @${sage.username} `, 'right now.'], pauseAfter: 1, resume: new Promise<void>((r) => (resume = r)) });
    const streaming = nextEvent(socket, 'message:stream', (e) => e.agentId === nova.id && !e.done);
    await sendMessage(server, maya, room.id, `@${nova.username} go`);
    expect((await streaming).delta).toBe(`Asking @${sage.username} `);

    // Someone outside the room (a teammate not in it, a stranger) cannot stop it: 404, as for every room route.
    const teammate = await signUpVerified(server, 'teammate');
    await addMember(server, maya, team.handle, teammate.username);
    const stranger = await signUpVerified(server, 'stranger');
    for (const outsider of [teammate, stranger])
      await server.api().post(`/api/v1/chat/conversations/${room.id}/chain/stop`).set(auth(outsider)).expect(404);
    await server.api().post(`/api/v1/chat/conversations/not-a-uuid/chain/stop`).set(auth(leo)).expect(404);

    const stop = await server.api().post(`/api/v1/chat/conversations/${room.id}/chain/stop`).set(auth(leo)).expect(200);
    expect(stop.body.data).toEqual({ stopped: 1 });
    resume();
    const jobs = await settled(room.id, 1);
    expect(jobs.map((j) => [j.agentId, j.status])).toEqual([[nova.id, 'cancelled']]);
    const replies = fromAgents(await messagesOf(server, leo, room.id));
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ sender: { id: nova.id }, stopped: true });
    // Nothing left to stop.
    const again = await server.api().post(`/api/v1/chat/conversations/${room.id}/chain/stop`).set(auth(maya)).expect(200);
    expect(again.body.data).toEqual({ stopped: 0 });
  });
});

describe('@mentions of people', () => {
  it('count as unread mentions until read, follow edits, and reach the mentioned person everywhere', async () => {
    const { maya, leo, room } = await roomWithAgents();
    const leoElsewhere = await connectSocket(server.url, leo.token); // not in the room: gets conversation:message
    const arrived = nextEvent(leoElsewhere, 'conversation:message', (e) => e.conversationId === room.id);
    const first = await sendMessage(server, maya, room.id, `@${leo.username} can you review?`);
    expect(first.mentions).toEqual([leo.agentId]);
    expect((await arrived).message.mentions).toEqual([leo.agentId]);
    await sendMessage(server, maya, room.id, `also @${leo.username.toUpperCase()}, and @nobody-here`);
    await sendMessage(server, maya, room.id, 'no mention here');

    const conversation = async (): Promise<TConversation> =>
      (await server.api().get(`/api/v1/chat/conversations/${room.id}`).set(auth(leo)).expect(200)).body.data.conversation;
    expect(await conversation()).toMatchObject({ unreadCount: 3, unreadMentions: 2 });
    const inbox = await server.api().get('/api/v1/chat/conversations').set(auth(leo)).expect(200);
    expect(inbox.body.data.conversations.find((c: TConversation) => c.id === room.id)).toMatchObject({ unreadMentions: 2 });
    // The sender's own view counts no mention.
    expect((await server.api().get(`/api/v1/chat/conversations/${room.id}`).set(auth(maya)).expect(200)).body.data.conversation.unreadMentions).toBe(0);

    // An edit re-derives the mentions: taking the name out takes the badge away.
    const edited = await server.api().patch(`/api/v1/chat/messages/${first.id}`).set(auth(maya)).send({ content: 'can someone review?' }).expect(200);
    expect(edited.body.data.message.mentions).toBeUndefined();
    expect(await conversation()).toMatchObject({ unreadMentions: 1 });

    await server.api().put(`/api/v1/chat/conversations/${room.id}/read`).set(auth(leo)).send({ lastReadMessageId: first.id }).expect(200);
    expect(await conversation()).toMatchObject({ unreadMentions: 1 });
    const page = await messagesOf(server, leo, room.id);
    await server.api().put(`/api/v1/chat/conversations/${room.id}/read`).set(auth(leo)).send({ lastReadMessageId: page.at(-1)!.id }).expect(200);
    expect(await conversation()).toMatchObject({ unreadCount: 0, unreadMentions: 0 });
    expect(page[1]!.mentions).toEqual([leo.agentId]);
  });
});

describe('usage', () => {
  it("room replies count toward the team's usage, by AI agent and by the person who asked; owners only", async () => {
    const { maya, leo, nova, sage, room, team } = await roomWithAgents();
    llm.script({ chunks: ['abcd'] }, { chunks: ['efghijkl'] }, { chunks: ['mn'] });
    await sendMessage(server, maya, room.id, `@${nova.username} @${sage.username} one`);
    await settled(room.id, 2);
    await sendMessage(server, leo, room.id, `@${sage.username} two`);
    await settled(room.id, 3);

    // Settled means counted: a reply's usage is written before its job ends.
    const res = await server.api().get(`/api/v1/teams/${team.handle}/usage?days=3`).set(auth(maya)).expect(200);
    const usage = res.body.data as TTeamUsageResponse;
    const today = new Date().toISOString().slice(0, 10);
    expect(usage).toMatchObject({ days: 3, to: today });
    // The fake model counts 10 prompt tokens and one completion token per character. Nova and Sage answer the first
    // message at once, so which of them the model serves first (and gives 'abcd') is up to the race: read it off the replies.
    const tokensOf = (rows: TTeamUsageResponse['byAgent'], id: string) => rows.filter((r) => r.subject?.id === id).reduce((s, r) => s + r.totalTokens, 0);
    const replies = fromAgents(await messagesOf(server, maya, room.id));
    const firstOf = (id: string) => replies.find((m) => m.sender.id === id)!.content.length;
    expect([firstOf(nova.id), firstOf(sage.id)].sort((a, b) => a - b)).toEqual([4, 8]);
    expect(tokensOf(usage.byAgent, nova.id)).toBe(10 + firstOf(nova.id));
    expect(tokensOf(usage.byAgent, sage.id)).toBe(10 + firstOf(sage.id) + 10 + 2);
    expect(tokensOf(usage.byPerson, maya.agentId)).toBe(14 + 18);
    expect(tokensOf(usage.byPerson, leo.agentId)).toBe(12);
    expect(usage.byPerson.find((r) => r.subject?.id === maya.agentId)).toMatchObject({ day: today, replies: 2, subject: { isAgent: false, username: maya.username } });
    expect(usage.totalTokens).toBe(44);

    await server.api().get(`/api/v1/teams/${team.handle}/usage`).set(auth(leo)).expect(403);
    await server.api().get(`/api/v1/teams/${team.handle}/usage?days=0`).set(auth(maya)).expect(400);
    await server.api().get(`/api/v1/teams/${team.handle}/usage?days=abc`).set(auth(maya)).expect(400);
    // Every ai_usage row of this team names its requester.
    const jobs = await server.ctx.db.select().from(replyJobs).where(and(eq(replyJobs.conversationId, room.id), inArray(replyJobs.agentId, [nova.id, sage.id])));
    expect(jobs.every((j) => j.requestedByAgentId)).toBe(true);
  });
});

describe("when an agent can't answer in a room", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ LLM_BASE_URL: llm.baseUrl, AI_TEAM_DAILY_TOKEN_BUDGET: '30' });
  });
  afterAll(async () => limited?.stop());

  it("room replies spend the team's daily budget; then the agent's notice reaches everyone in the room", async () => {
    const maya = await signUpVerified(limited, 'maya');
    const leo = await signUpVerified(limited, 'leo');
    const team = await createTeam(limited, maya);
    await addMember(limited, maya, team.handle, leo.username);
    const nova = await createAiAgent(limited, maya, team.handle, { firstName: 'Nova' });
    const room = await createRoomRow(limited, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, leo.agentId, nova.id] });
    const socket = await connectSocket(limited.url, leo.token);
    await joinConversation(socket, room.id);

    llm.script({ chunks: ['a long enough answer to spend the budget'] });
    let reply = nextEvent(socket, 'message:received', (m) => m.sender.id === nova.id);
    await sendMessage(limited, maya, room.id, `@${nova.username} first`);
    expect((await reply).messageType).toBe('text');
    const calls = llm.requests.length;
    reply = nextEvent(socket, 'message:received', (m) => m.sender.id === nova.id);
    await sendMessage(limited, maya, room.id, `@${nova.username} second`);
    expect(await reply).toMatchObject({ messageType: 'notice', notice: { code: 'budget_exhausted', retryable: false } });
    expect(llm.requests.length).toBe(calls);
  });
});

describe('"Try again" on a failure notice in a room', () => {
  it('retries that very notice, wherever it is: the answer takes its place, the other notice stays', async () => {
    const { maya, leo, nova, sage, room, socket } = await roomWithAgents();
    llm.script({ status: 500 });
    const first = await sendMessage(server, maya, room.id, `@${nova.username} first question`);
    await settled(room.id, 1);
    llm.script({ status: 500 });
    await sendMessage(server, maya, room.id, `@${sage.username} second question`);
    await settled(room.id, 2);
    const notices = fromAgents(await messagesOf(server, leo, room.id));
    expect(notices.map((m) => [m.sender.id, m.messageType, m.notice?.retryable])).toEqual([
      [nova.id, 'notice', true],
      [sage.id, 'notice', true],
    ]);

    // The older notice (not the latest message) is retried; the model sees the history up to its question.
    llm.script({ chunks: ['Answer to the first.'] });
    const updated = nextEvent(socket, 'message:updated', (m) => m.id === notices[0]!.id);
    await server.api().post(`/api/v1/chat/messages/${notices[0]!.id}/regenerate`).set(auth(leo)).expect(202);
    expect(await updated).toMatchObject({ messageType: 'text', content: 'Answer to the first.', sender: { id: nova.id }, replyToMessageId: first.id });
    expect(llm.requests.at(-1)!.messages.at(-1)!.content).toContain('first question');

    const after = fromAgents(await messagesOf(server, leo, room.id));
    expect(after.map((m) => [m.id, m.messageType])).toEqual([
      [notices[0]!.id, 'text'],
      [notices[1]!.id, 'notice'],
    ]);
  });
});
