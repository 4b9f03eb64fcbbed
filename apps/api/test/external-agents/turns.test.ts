import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import type { TAgentReplyAck, TChatMessage } from '@agentroom/shared';
import { replyJobs } from '../../src/db/schema';
import { auth, closeSockets, connectSocket, joinConversation, nextEvent, sendMessage, type ClientSocket } from '../chat/chat-fixtures';
import { collectStream, messagesOf } from '../ai/ai-fixtures';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam } from '../teams/team-helpers';
import { createRoomRow } from '../rooms/room-fixtures';
import { seatExternal } from './external-fixtures';

let llm: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm();
  // The poll loop never sweeps on its own during a test: sweepNow() does, after the lease is moved.
  server = await startTestServer({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model', EXTERNAL_AGENT_ANSWER_TIMEOUT_MS: '600000' });
});
afterEach(() => closeSockets());
afterAll(async () => {
  await server?.stop();
  await llm?.close();
});

const ack = (socket: ClientSocket, event: 'agent:reply:start' | 'agent:reply:delta' | 'agent:reply:finish', payload: unknown) =>
  socket.timeout(10_000).emitWithAck(event, payload as never) as Promise<TAgentReplyAck>;

/** Maya (owner) and Leo in a room with the AI agent Nova and the external agent Relay; Leo's and Relay's sockets connected. */
async function roomWithExternal(settings: { agentTurnLimit?: number; listensTo?: 'all' | 'mentions' } = {}) {
  const maya = await signUpVerified(server, 'maya');
  const leo = await signUpVerified(server, 'leo');
  const team = await createTeam(server, maya, { name: 'Open Seats' });
  await addMember(server, maya, team.handle, leo.username);
  const nova = await createAiAgent(server, maya, team.handle, { firstName: 'Nova', role: 'Planner' });
  const relay = await seatExternal(server, maya, team.handle, { firstName: 'Relay', listensTo: settings.listensTo ?? 'mentions' });
  const room = await createRoomRow(server, {
    teamId: team.id,
    createdBy: maya.agentId,
    name: `seats-${randomUUID().slice(0, 6)}`,
    memberIds: [maya.agentId, leo.agentId, nova.id, relay.agent.id],
    agentTurnLimit: settings.agentTurnLimit,
  });
  const socket = await connectSocket(server.url, leo.token);
  await joinConversation(socket, room.id);
  const agentSocket = await connectSocket(server.url, relay.token);
  return { maya, leo, team, nova, relay, room, socket, agentSocket };
}

const jobsOf = (conversationId: string) => server.ctx.db.select().from(replyJobs).where(eq(replyJobs.conversationId, conversationId)).orderBy(asc(replyJobs.id));

/** Polls the queue (no guessed sleep) until the room has `count` jobs and none is queued, running or delegated. */
async function settled(conversationId: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const jobs = await jobsOf(conversationId);
    if (jobs.length >= count && jobs.every((j) => !['queued', 'running', 'delegated'].includes(j.status))) return jobs;
    if (Date.now() > deadline) throw new Error(`room did not settle: ${JSON.stringify(jobs.map((j) => [j.agentId, j.status]))}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const fromAgents = (messages: TChatMessage[]) => messages.filter((m) => m.sender.isAgent);

describe('external agents take turns', () => {
  it('a mention asks it; it streams its reply over its socket and people see typing, deltas and the stored reply', async () => {
    const { maya, leo, relay, room, socket, agentSocket } = await roomWithExternal();
    const asked = nextEvent(agentSocket, 'agent:request');
    const sent = await sendMessage(server, maya, room.id, `@${relay.agent.username} status?`);
    const request = await asked;
    expect(request).toMatchObject({ conversationId: room.id, conversationType: 'room', chainTurn: 1, askedByAgentId: null, message: { id: sent.id } });

    const typing = nextEvent(socket, 'conversation:participant:typing', (e) => e.agentId === relay.agent.id && e.isTyping);
    const stream = collectStream(socket, (e) => e.agentId === relay.agent.id);
    const started = await ack(agentSocket, 'agent:reply:start', { conversationId: room.id, requestId: request.requestId });
    expect(started).toEqual({ ok: true, streamId: request.requestId });
    await typing;
    expect(await ack(agentSocket, 'agent:reply:delta', { streamId: request.requestId, delta: 'All ' })).toMatchObject({ ok: true, offset: 0 });
    expect(await ack(agentSocket, 'agent:reply:delta', { streamId: request.requestId, delta: 'green.' })).toMatchObject({ ok: true, offset: 4 });
    const typingOff = nextEvent(socket, 'conversation:participant:typing', (e) => e.agentId === relay.agent.id && !e.isTyping);
    const finished = await ack(agentSocket, 'agent:reply:finish', { streamId: request.requestId });
    expect(finished).toMatchObject({ ok: true, message: { content: 'All green.', clientMessageId: `ai-reply:${request.requestId}` } });
    const events = await stream.done;
    expect(events.map((e) => [e.streamId, e.delta, e.offset, e.done])).toEqual([
      [request.requestId, 'All ', 0, false],
      [request.requestId, 'green.', 4, false],
      [request.requestId, '', 10, true],
    ]);
    await typingOff;

    const replies = fromAgents(await messagesOf(server, leo, room.id));
    expect(replies).toMatchObject([{ content: 'All green.', sender: { id: relay.agent.id }, replyToMessageId: sent.id }]);
    expect((await settled(room.id, 1)).map((j) => j.status)).toEqual(['done']);
    // Its answered request takes nothing more.
    expect(await ack(agentSocket, 'agent:reply:delta', { streamId: request.requestId, delta: 'more' })).toMatchObject({ ok: false, code: 'CONFLICT' });
  });

  it('the HTTP twins stream a reply; a plain send answers the oldest open request', async () => {
    const { maya, leo, relay, room, agentSocket } = await roomWithExternal();
    const asked = nextEvent(agentSocket, 'agent:request');
    await sendMessage(server, maya, room.id, `@${relay.agent.username} one`);
    const first = await asked;
    const api = () => server.api();
    const started = await api().post('/api/v1/agent/replies').set(bearer(relay.token)).send({ conversationId: room.id, requestId: first.requestId }).expect(201);
    expect(started.body.data).toEqual({ streamId: first.requestId, conversationId: room.id });
    const delta = await api().post(`/api/v1/agent/replies/${first.requestId}/delta`).set(bearer(relay.token)).send({ delta: 'draft' }).expect(200);
    expect(delta.body.data).toEqual({ offset: 0 });
    await api().post(`/api/v1/agent/replies/${first.requestId}/finish`).set(bearer(relay.token)).send({ content: '   ' }).expect(201);
    // Unknown request, and someone else's stream: 404. A person's token: 403.
    await api().post('/api/v1/agent/replies').set(bearer(relay.token)).send({ conversationId: room.id, requestId: randomUUID() }).expect(404);
    await api().post(`/api/v1/agent/replies/${first.requestId}/delta`).set(auth(leo)).send({ delta: 'x' }).expect(403);
    await api().post(`/api/v1/agent/replies/${first.requestId}/finish`).set(bearer(relay.token)).send({}).expect(409);

    const second = nextEvent(agentSocket, 'agent:request');
    await sendMessage(server, maya, room.id, `@${relay.agent.username} two`);
    const request = await second;
    await api().post(`/api/v1/chat/conversations/${room.id}/messages`).set(bearer(relay.token)).send({ content: 'Plain answer.' }).expect(201);
    const jobs = await settled(room.id, 2);
    expect(jobs.find((j) => j.id === request.requestId)?.status).toBe('done');
    expect(fromAgents(await messagesOf(server, leo, room.id)).map((m) => m.content)).toEqual(['draft', 'Plain answer.']);
  });

  it('our AI agent and the external agent ask each other until the room turn limit, said by the chain notice', async () => {
    const { maya, leo, nova, relay, room, agentSocket } = await roomWithExternal({ agentTurnLimit: 2 });
    llm.script({ chunks: [`@${relay.agent.username} your turn`] });
    const asked = nextEvent(agentSocket, 'agent:request');
    await sendMessage(server, maya, room.id, `@${nova.username} start`);
    const request = await asked;
    expect(request).toMatchObject({ chainTurn: 2, askedByAgentId: nova.id });
    const finish = await ack(agentSocket, 'agent:reply:start', { conversationId: room.id, requestId: request.requestId });
    expect(finish.ok).toBe(true);
    await ack(agentSocket, 'agent:reply:finish', { streamId: request.requestId, content: `@${nova.username} back to you` });
    const jobs = await settled(room.id, 2);
    expect(jobs.map((j) => [j.agentId, j.status])).toEqual([
      [nova.id, 'done'],
      [relay.agent.id, 'done'],
    ]);
    const messages = fromAgents(await messagesOf(server, leo, room.id));
    expect(messages.at(-1)).toMatchObject({ messageType: 'notice', sender: { id: nova.id } });
    expect(messages.at(-1)!.content).toContain('at most 2');
  });

  it('the loop brake holds when the external agent starts a chain of its own', async () => {
    const { leo, nova, relay, room, agentSocket } = await roomWithExternal({ agentTurnLimit: 5 });
    llm.script({ chunks: [`@${relay.agent.username} and back`] });
    const asked = nextEvent(agentSocket, 'agent:request');
    // A spontaneous message of the external agent: turn 1, asked by it.
    await server.api().post(`/api/v1/chat/conversations/${room.id}/messages`).set(bearer(relay.token)).send({ content: `@${nova.username} hello` }).expect(201);
    const request = await asked;
    expect(request.chainTurn).toBe(2);
    await server.api().post(`/api/v1/chat/conversations/${room.id}/messages`).set(bearer(relay.token)).send({ content: `@${nova.username} again` }).expect(201);
    const jobs = await settled(room.id, 2);
    expect(jobs.map((j) => j.agentId)).toEqual([nova.id, relay.agent.id]);
    const last = fromAgents(await messagesOf(server, leo, room.id)).at(-1)!;
    expect(last).toMatchObject({ messageType: 'notice', sender: { id: nova.id } });
    expect(last.content).toContain('avoid a loop');
  });

  it('"Stop all replies" ends its request: it is told, people see its draft end, its later deltas answer 409', async () => {
    const { maya, relay, room, socket, agentSocket } = await roomWithExternal();
    const asked = nextEvent(agentSocket, 'agent:request');
    await sendMessage(server, maya, room.id, `@${relay.agent.username} long one`);
    const request = await asked;
    await ack(agentSocket, 'agent:reply:start', { conversationId: room.id, requestId: request.requestId });
    await ack(agentSocket, 'agent:reply:delta', { streamId: request.requestId, delta: 'Thinking' });
    const ended = nextEvent(agentSocket, 'agent:request:ended');
    const streamEnd = nextEvent(socket, 'message:stream', (e) => e.streamId === request.requestId && e.done);
    const typingOff = nextEvent(socket, 'conversation:participant:typing', (e) => e.agentId === relay.agent.id && !e.isTyping);
    const stop = await server.api().post(`/api/v1/chat/conversations/${room.id}/chain/stop`).set(auth(maya)).expect(200);
    expect(stop.body.data.stopped).toBe(1);
    expect(await ended).toEqual({ requestId: request.requestId, conversationId: room.id, reason: 'stopped' });
    expect((await streamEnd).offset).toBe(8);
    await typingOff;
    expect(await ack(agentSocket, 'agent:reply:delta', { streamId: request.requestId, delta: 'more' })).toEqual({ ok: false, code: 'CONFLICT', error: 'This reply was stopped' });
    expect(await ack(agentSocket, 'agent:reply:finish', { streamId: request.requestId })).toMatchObject({ ok: false, error: 'This reply was stopped' });
  });

  it('a lapsed request gives the notice, tells the agent, and frees the room for the next turn', async () => {
    const { maya, leo, nova, relay, room, agentSocket } = await roomWithExternal();
    const asked = nextEvent(agentSocket, 'agent:request');
    await sendMessage(server, maya, room.id, `@${relay.agent.username} then @${nova.username}`);
    const request = await asked;
    // Nova waits for the room's earlier turn (one at a time per room).
    expect((await jobsOf(room.id)).map((j) => j.status)).toEqual(['delegated', 'queued']);
    const ended = nextEvent(agentSocket, 'agent:request:ended');
    await server.ctx.db.update(replyJobs).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(replyJobs.id, request.requestId));
    await server.requestExpiry.sweepNow();
    expect(await ended).toEqual({ requestId: request.requestId, conversationId: room.id, reason: 'expired' });
    const jobs = await settled(room.id, 2);
    expect(jobs.map((j) => j.status)).toEqual(['failed', 'done']);
    const notice = fromAgents(await messagesOf(server, leo, room.id)).find((m) => m.sender.id === relay.agent.id)!;
    expect(notice).toMatchObject({ messageType: 'notice', content: "Relay didn't answer." });
    await server.api().post('/api/v1/agent/replies').set(bearer(relay.token)).send({ conversationId: room.id, requestId: request.requestId }).expect(409);
  });

  it('malformed socket payloads and a person calling the agent events get error acks, never a crash', async () => {
    const { leo, room, socket, agentSocket } = await roomWithExternal();
    expect(await ack(agentSocket, 'agent:reply:start', { conversationId: 'nope' })).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(await ack(agentSocket, 'agent:reply:delta', 'text')).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(await ack(agentSocket, 'agent:reply:finish', { streamId: randomUUID() })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await ack(agentSocket, 'agent:reply:delta', { streamId: randomUUID(), delta: '' })).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(await ack(socket, 'agent:reply:start', { conversationId: room.id })).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    // A conversation it is not in: 404.
    const other = await createRoomRow(server, { teamId: (await createTeam(server, leo)).id, createdBy: leo.agentId, memberIds: [leo.agentId] });
    expect(await ack(agentSocket, 'agent:reply:start', { conversationId: other.id })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    // Nothing to reply to yet: 400; once there is, a stream of its own (no request), still on the same socket.
    expect(await ack(agentSocket, 'agent:reply:start', { conversationId: room.id })).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    await sendMessage(server, leo, room.id, 'hello all');
    expect(await ack(agentSocket, 'agent:reply:start', { conversationId: room.id })).toMatchObject({ ok: true });
  });
});
