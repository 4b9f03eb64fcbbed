import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm, type RecordedRequest } from '@agentroom/testkit';
import type { TAgentReplyAck, TChatMessage } from '@agentroom/shared';
import { replyJobs } from '../../src/db/schema';
import { auth, closeSockets, connectSocket, joinConversation, nextEvent, recordEvents, sendMessage, type ClientSocket } from '../chat/chat-fixtures';
import { createRoomRow } from '../rooms/room-fixtures';
import { seatExternal } from '../external-agents/external-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam } from '../teams/team-helpers';
import { chatWithAiAgent, collectStream, messagesOf, nextMessageFrom } from './ai-fixtures';
import { openThreadAs } from './thread-fixtures';
import { approve, roomWithAtlas, setToolPolicy, toolTurns } from './tool-fixtures';

let llm: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm();
  // The lapse sweep never runs by itself here: an external agent's request waits for its answer.
  server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', EXTERNAL_AGENT_ANSWER_TIMEOUT_MS: '600000' });
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

/** Maya (owner) and Leo with the AI agents Nova and Sage in a room with a topic (Sage may answer everything); Leo's socket is in the room. */
async function roomWithAgents(settings: { answersAll?: boolean; agentTurnLimit?: number } = {}) {
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
    topic: 'Shipping the spring release',
    memberIds: [maya.agentId, leo.agentId, nova.id, sage.id],
    answersAllAgentId: settings.answersAll ? sage.id : null,
    agentTurnLimit: settings.agentTurnLimit,
  });
  const socket = await connectSocket(server.url, leo.token);
  await joinConversation(socket, room.id);
  return { maya, leo, team, nova, sage, room, socket };
}

/** A thread on `root` opened by `opener`, with `socket` viewing it (joined as a client viewing a thread joins). */
async function openThread(opener: { token: string }, root: TChatMessage, socket?: ClientSocket) {
  const thread = await openThreadAs(server, opener, root.id);
  if (socket) await joinConversation(socket, thread.id);
  return thread;
}

const jobsOf = (conversationId: string) => server.ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, conversationId)).orderBy(asc(replyJobs.id));

/** Polls the queue (no guessed sleep) until the conversation has `count` jobs and none is queued, running or delegated. */
async function settled(conversationId: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const jobs = await jobsOf(conversationId);
    if (jobs.length >= count && jobs.every((j) => !['queued', 'running', 'delegated'].includes(j.status))) return jobs;
    if (Date.now() > deadline) throw new Error(`${conversationId} did not settle: ${JSON.stringify(jobs.map((j) => [j.agentId, j.status]))}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const fromAgents = (messages: TChatMessage[]) => messages.filter((m) => m.sender.isAgent);
/** The texts of a recorded model request, system prompt first. */
const textsOf = (request: RecordedRequest) => request.messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)));
const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

describe('an AI agent @mentioned in a room thread', () => {
  it("reads the thread (root, then replies) and the room's name and topic, not the room's other messages; answers in the thread", async () => {
    const { maya, leo, nova, room, team, socket } = await roomWithAgents();
    await sendMessage(server, leo, room.id, 'Room chatter: the budget is 42k.');
    const root = await sendMessage(server, maya, room.id, 'Which launch date do we pick?');
    await sendMessage(server, leo, room.id, 'Unrelated: lunch at noon.');
    const thread = await openThread(maya, root, socket);
    const inThread = await sendMessage(server, leo, thread.id, 'I think Friday.');
    llm.script({ chunks: ['Friday ', 'works.'] });
    const stream = collectStream(socket, (e) => e.agentId === nova.id);
    const before = llm.requests.length;
    const ask = await sendMessage(server, maya, thread.id, `@${nova.username} what do you think?`);
    const jobs = await settled(thread.id, 1);
    expect(jobs.map((j) => [j.agentId, j.status, j.chainTurn, j.chainRootMessageId])).toEqual([[nova.id, 'done', 1, ask.id]]);
    // Streamed to the thread's viewers.
    expect((await stream.done).every((e) => e.conversationId === thread.id)).toBe(true);

    expect(llm.requests.length).toBe(before + 1);
    const [system, ...turns] = textsOf(llm.requests.at(-1)!);
    expect(system).toContain(`room #${room.name} of the team ${team.name} (topic: Shipping the spring release)`);
    expect(system).toContain(`You are answering in a thread of #${room.name}`);
    expect(turns).toEqual([
      `${fullName(maya)} (person): Which launch date do we pick?`,
      `${fullName(leo)} (person): I think Friday.`,
      `${fullName(maya)} (person): @${nova.username} what do you think?`,
    ]);
    expect(JSON.stringify(llm.requests.at(-1))).not.toMatch(/budget is 42k|lunch at noon/);

    // Stored in the thread, not in the room.
    const replies = fromAgents(await messagesOf(server, leo, thread.id));
    expect(replies).toMatchObject([{ content: 'Friday works.', sender: { id: nova.id }, replyToMessageId: ask.id, conversationId: thread.id }]);
    expect(fromAgents(await messagesOf(server, leo, room.id))).toEqual([]);

    // What it read: the root first, then the thread's replies.
    const read = await server.api().get(`/api/v1/chat/messages/${replies[0]!.id}/context`).set(auth(leo)).expect(200);
    expect(read.body.data.messages.map((m: TChatMessage) => m.id)).toEqual([root.id, inThread.id, ask.id]);
  });

  it("its read_history tool reads the thread back to its root, never the room's messages", async () => {
    const { maya, leo, nova, room } = await roomWithAgents();
    const root = await sendMessage(server, maya, room.id, 'Which vendor?');
    await sendMessage(server, leo, room.id, 'Room chatter: the budget is 42k.');
    const thread = await openThread(maya, root);
    await sendMessage(server, leo, thread.id, 'Acme looked good.');
    await sendMessage(server, leo, thread.id, 'Globex too.');
    llm.script({ chunks: ['Checking.'], toolCalls: [{ id: 'call_history', name: 'read_history', arguments: '{"before_seq": 2}' }] }, { chunks: ['Acme.'] });
    const before = llm.requests.length;
    await sendMessage(server, maya, thread.id, `@${nova.username} which one?`);
    await settled(thread.id, 1);
    expect(llm.requests.length).toBe(before + 2);
    const [result] = toolTurns(llm.requests[before + 1]!);
    const lines = (JSON.parse(result!) as { messages: { seq: number; text: string }[] }).messages;
    expect(lines.map((l) => [l.seq, l.text])).toEqual([
      [0, 'Which vendor?'],
      [1, 'Acme looked good.'],
    ]);
  });

  it('a chain in the thread stops at the room turn limit with the usual notice', async () => {
    const { maya, leo, nova, sage, room } = await roomWithAgents({ agentTurnLimit: 2 });
    const root = await sendMessage(server, maya, room.id, 'Release checklist');
    const thread = await openThread(maya, root);
    llm.script({ chunks: [`Let me ask @${sage.username}.`] }, { chunks: [`Done. Over to you @${nova.username}.`] });
    const ask = await sendMessage(server, maya, thread.id, `@${nova.username} please check with research`);
    const jobs = await settled(thread.id, 2);
    expect(jobs.map((j) => [j.agentId, j.chainTurn, j.askedByAgentId, j.chainRootMessageId])).toEqual([
      [nova.id, 1, null, ask.id],
      [sage.id, 2, nova.id, ask.id],
    ]);
    const replies = fromAgents(await messagesOf(server, leo, thread.id));
    expect(replies.map((m) => [m.sender.id, m.messageType])).toEqual([
      [nova.id, 'text'],
      [sage.id, 'text'],
      [nova.id, 'notice'],
    ]);
    expect(replies[2]).toMatchObject({ notice: { code: 'chain_limit' } });
    expect(replies[2]!.content).toContain('2');
    expect(fromAgents(await messagesOf(server, leo, room.id))).toEqual([]);
  });

  it("the room's answers-all agent answers in the room's thread", async () => {
    const { maya, leo, sage, room } = await roomWithAgents({ answersAll: true });
    const root = await sendMessage(server, leo, room.id, 'morning everyone');
    await settled(room.id, 1);
    const thread = await openThread(leo, root);
    const sent = await sendMessage(server, leo, thread.id, 'anyone around?');
    const jobs = await settled(thread.id, 1);
    // As in the room: the answers-all agent only, turn 1 of the message's chain.
    expect(jobs.map((j) => [j.agentId, j.chainTurn, j.chainRootMessageId])).toEqual([[sage.id, 1, sent.id]]);
    expect(fromAgents(await messagesOf(server, maya, thread.id))).toMatchObject([{ sender: { id: sage.id }, replyToMessageId: sent.id }]);
  });

  it('a reply in progress is listed for the thread with its text so far; "Stop all replies" in the thread stops it', async () => {
    const { maya, leo, nova, sage, room, team, socket } = await roomWithAgents();
    const root = await sendMessage(server, maya, room.id, 'Numbers?');
    const thread = await openThread(maya, root, socket);
    let resume!: () => void;
    llm.script({ chunks: [`Asking @${sage.username} `, 'right now.'], pauseAfter: 1, resume: new Promise<void>((r) => (resume = r)) });
    const streaming = nextEvent(socket, 'message:stream', (e) => e.agentId === nova.id && !e.done);
    await sendMessage(server, maya, thread.id, `@${nova.username} go`);
    expect(await streaming).toMatchObject({ conversationId: thread.id, delta: `Asking @${sage.username} ` });

    const active = await server.api().get(`/api/v1/chat/conversations/${thread.id}/replies`).set(auth(leo)).expect(200);
    expect(active.body.data.replies).toEqual([expect.objectContaining({ agentId: nova.id, status: 'running', content: `Asking @${sage.username} ` })]);
    // The room itself has nothing in progress; someone outside the room sees nothing of the thread.
    const inRoom = await server.api().get(`/api/v1/chat/conversations/${room.id}/replies`).set(auth(leo)).expect(200);
    expect(inRoom.body.data.replies).toEqual([]);
    const outsider = await signUpVerified(server, 'outsider');
    await addMember(server, maya, team.handle, outsider.username);
    await server.api().get(`/api/v1/chat/conversations/${thread.id}/replies`).set(auth(outsider)).expect(404);
    await server.api().post(`/api/v1/chat/conversations/${thread.id}/chain/stop`).set(auth(outsider)).expect(404);

    const stop = await server.api().post(`/api/v1/chat/conversations/${thread.id}/chain/stop`).set(auth(leo)).expect(200);
    expect(stop.body.data).toEqual({ stopped: 1 });
    resume();
    const jobs = await settled(thread.id, 1);
    expect(jobs.map((j) => [j.agentId, j.status])).toEqual([[nova.id, 'cancelled']]);
    const replies = fromAgents(await messagesOf(server, leo, thread.id));
    expect(replies).toMatchObject([{ sender: { id: nova.id }, stopped: true }]);
  });
});

describe('a thread of a 1:1 with an AI agent', () => {
  it('is answered by the agent, which reads the root and the thread only', async () => {
    const { user, agent, conversation, socket } = await chatWithAiAgent(server);
    llm.script({ chunks: ['Knots are fun.'] });
    const firstReply = nextMessageFrom(socket, agent.id);
    const root = await sendMessage(server, user, conversation.id, 'Tell me about knots.');
    await firstReply;
    llm.script({ chunks: ['Sunny.'] });
    const secondReply = nextMessageFrom(socket, agent.id);
    await sendMessage(server, user, conversation.id, 'Unrelated: how is the weather?');
    await secondReply;
    const thread = await openThread(user, root);

    llm.script({ chunks: ['A bowline.'] });
    const before = llm.requests.length;
    const ask = await sendMessage(server, user, thread.id, 'Which knot for sailing?');
    const jobs = await settled(thread.id, 1);
    expect(jobs.map((j) => [j.agentId, j.status])).toEqual([[agent.id, 'done']]);
    expect(llm.requests.length).toBe(before + 1);
    const [system, ...turns] = textsOf(llm.requests.at(-1)!);
    expect(system).toContain('You are answering in a thread of this conversation');
    expect(turns).toEqual(['Tell me about knots.', 'Which knot for sailing?']);
    const [answer] = fromAgents(await messagesOf(server, user, thread.id));
    expect(answer).toMatchObject({ content: 'A bowline.', sender: { id: agent.id }, replyToMessageId: ask.id });

    // Regenerate in the thread: the same context, written into the reply's place in the thread.
    llm.script({ chunks: ['A cleat hitch.'] });
    await server.api().post(`/api/v1/chat/messages/${answer!.id}/regenerate`).set(auth(user)).expect(202);
    await settled(thread.id, 2);
    expect(textsOf(llm.requests.at(-1)!).slice(1)).toEqual(['Tell me about knots.', 'Which knot for sailing?']);
    expect(fromAgents(await messagesOf(server, user, thread.id))).toMatchObject([{ id: answer!.id, content: 'A cleat hitch.', earlierVersions: ['A bowline.'] }]);
  });
});

describe('approvals in a thread', () => {
  it("the card lands in the thread, a room manager decides it, and the agent answers in the thread", async () => {
    const { maya, leo, ann, atlas, room, sockets } = await roomWithAtlas(server);
    await setToolPolicy(server, maya, atlas.id, 'builtin:list_team_members', 'approval');
    const root = await sendMessage(server, leo, room.id, 'Who is on the team?');
    const thread = await openThread(leo, root);
    for (const socket of Object.values(sockets)) await joinConversation(socket, thread.id);
    llm.script({ chunks: ['I need the member list.'], toolCalls: [{ id: 'call_members', name: 'list_team_members', arguments: '{}' }] });
    const cardIn = nextEvent(sockets.ann, 'message:received', (m) => m.messageType === 'approval');
    await sendMessage(server, leo, thread.id, `@${atlas.username} who is in the team?`);
    const card = await cardIn;
    expect(card).toMatchObject({ conversationId: thread.id, sender: { id: atlas.id }, approval: { status: 'pending', approversLabel: 'Test leo or a room manager' } });
    expect(new Set(card.approval!.approverIds)).toEqual(new Set([maya.agentId, leo.agentId]));

    // Ann is in the room but no manager: 403. Maya created the room: she decides.
    await approve(server, ann, card.approval!.toolCallId).expect(403);
    llm.script({ chunks: ['Maya, Leo and Ann.'] });
    const reply = nextMessageFrom(sockets.ann, atlas.id);
    await approve(server, maya, card.approval!.toolCallId).expect(200);
    const stored = await reply;
    expect(stored).toMatchObject({ conversationId: thread.id, content: 'I need the member list.\n\nMaya, Leo and Ann.' });
    expect((await settled(thread.id, 1)).map((j) => j.status)).toEqual(['done']);
    expect(fromAgents(await messagesOf(server, leo, room.id))).toEqual([]);
  });
});

describe('external agents in a thread', () => {
  const ack = (socket: ClientSocket, event: 'agent:reply:start' | 'agent:reply:delta' | 'agent:reply:finish', payload: unknown) =>
    socket.timeout(10_000).emitWithAck(event, payload as never) as Promise<TAgentReplyAck>;

  it('hears thread messages as its room setting says, is asked in the thread and streams its answer there', async () => {
    const maya = await signUpVerified(server, 'maya');
    const leo = await signUpVerified(server, 'leo');
    const team = await createTeam(server, maya, { name: 'Open Seats' });
    await addMember(server, maya, team.handle, leo.username);
    const relay = await seatExternal(server, maya, team.handle, { firstName: 'Relay', listensTo: 'mentions' });
    const room = await createRoomRow(server, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, leo.agentId, relay.agent.id] });
    const socket = await connectSocket(server.url, leo.token);
    const agentSocket = await connectSocket(server.url, relay.token);
    const root = await sendMessage(server, maya, room.id, 'Deploy status thread');
    const thread = await openThread(maya, root, socket);

    const heard = recordEvents(agentSocket, 'agent:message');
    await sendMessage(server, leo, thread.id, 'Just people here.');
    const asked = nextEvent(agentSocket, 'agent:request');
    const ask = await sendMessage(server, maya, thread.id, `@${relay.agent.username} status?`);
    const request = await asked;
    expect(request).toMatchObject({ conversationId: thread.id, conversationType: 'thread', chainTurn: 1, askedByAgentId: null, message: { id: ask.id } });
    // Listening to mentions in a room: of the thread it heard the message that mentions it only.
    expect(heard.map((e) => [e.conversationId, e.message.id, e.mentioned])).toEqual([[thread.id, ask.id, true]]);

    const stream = collectStream(socket, (e) => e.agentId === relay.agent.id);
    expect(await ack(agentSocket, 'agent:reply:start', { conversationId: thread.id, requestId: request.requestId })).toEqual({ ok: true, streamId: request.requestId });
    expect(await ack(agentSocket, 'agent:reply:delta', { streamId: request.requestId, delta: 'All green.' })).toMatchObject({ ok: true, offset: 0 });
    const active = await server.api().get(`/api/v1/chat/conversations/${thread.id}/replies`).set(auth(leo)).expect(200);
    expect(active.body.data.replies).toEqual([expect.objectContaining({ streamId: request.requestId, content: 'All green.' })]);
    expect(await ack(agentSocket, 'agent:reply:finish', { streamId: request.requestId })).toMatchObject({ ok: true, message: { content: 'All green.', conversationId: thread.id } });
    expect((await stream.done).every((e) => e.conversationId === thread.id)).toBe(true);
    expect((await settled(thread.id, 1)).map((j) => j.status)).toEqual(['done']);
    expect(fromAgents(await messagesOf(server, leo, thread.id))).toMatchObject([{ content: 'All green.', sender: { id: relay.agent.id }, replyToMessageId: ask.id }]);

    // A plain send into the thread answers its next request there.
    const askedAgain = nextEvent(agentSocket, 'agent:request');
    await sendMessage(server, maya, thread.id, `@${relay.agent.username} and now?`);
    const second = await askedAgain;
    await server.api().post(`/api/v1/chat/conversations/${thread.id}/messages`).set(bearer(relay.token)).send({ content: 'Still green.' }).expect(201);
    const jobs = await settled(thread.id, 2);
    expect(jobs.find((j) => j.id === second.requestId)?.status).toBe('done');
    expect(fromAgents(await messagesOf(server, leo, room.id))).toEqual([]);
  });
});
