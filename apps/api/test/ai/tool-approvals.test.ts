import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessage } from '@agentroom/shared';
import { startFakeLlm, type FakeLlm } from '@agentroom/testkit';
import { aiUsage, toolCalls } from '../../src/db/schema';
import { closeSockets, nextEvent, sendMessage, type ClientSocket } from '../chat/chat-fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import { bearer } from '../teams/team-helpers';
import { nextMessageFrom } from './ai-fixtures';
import { approve, deny, jobCalls, jobsWhere, roomWithAtlas, setToolPolicy, toolTurns } from './tool-fixtures';

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

const cardIn = (socket: ClientSocket) => nextEvent(socket, 'message:received', (m) => m.messageType === 'approval');
const cardUpdated = (socket: ClientSocket, status: string) => nextEvent(socket, 'message:updated', (m) => m.approval?.status === status);

/** A room whose Atlas needs approval for list_team_members; Leo asks, and Atlas asks to use the tool. */
async function askedForApproval() {
  const setup = await roomWithAtlas(server);
  const { maya, leo, atlas, room, sockets } = setup;
  await setToolPolicy(server, maya, atlas.id, 'builtin:list_team_members', 'approval');
  const before = llm.requests.length;
  llm.script({ chunks: ['I need the member list.'], toolCalls: [{ id: 'call_members', name: 'list_team_members', arguments: '{}' }] });
  const cards = [cardIn(sockets.maya), cardIn(sockets.leo), cardIn(sockets.ann)];
  await sendMessage(server, leo, room.id, `@${atlas.username} who is in the team?`);
  const [card, ...others] = (await Promise.all(cards)) as [TChatMessage, TChatMessage, TChatMessage];
  await jobsWhere(server, room.id, (s) => s.includes('waiting'));
  return { ...setup, card, others, before, toolCallId: card.approval!.toolCallId };
}

describe('a tool call that needs approval', () => {
  it('shows its card live to everyone in the room; a room manager approves; the tool runs once and Atlas answers', async () => {
    const { maya, leo, atlas, room, sockets, card, others, before, toolCallId } = await askedForApproval();
    expect(card).toMatchObject({ messageType: 'approval', content: 'Atlas asks to use list_team_members', sender: { id: atlas.id } });
    expect(card.approval).toMatchObject({ tool: 'list_team_members', reason: 'I need the member list.', status: 'pending', approvers: 'requester_and_managers', approversLabel: 'Test leo or a room manager' });
    expect(new Set(card.approval!.approverIds)).toEqual(new Set([maya.agentId, leo.agentId]));
    expect(others.map((m) => m.id)).toEqual([card.id, card.id]);

    // While it waits it is an active reply with its step.
    const active = await server.api().get(`/api/v1/chat/conversations/${room.id}/replies`).set(bearer(leo.token)).expect(200);
    expect(active.body.data.replies).toEqual([expect.objectContaining({ status: 'waiting', steps: [expect.objectContaining({ status: 'pending_approval' })] })]);

    llm.script({ chunks: ['Maya, Leo and Ann.'] });
    // The resumed reply streams as a new attempt, its text so far first.
    const resumedStream = nextEvent(sockets.ann, 'message:stream', (e) => e.agentId === atlas.id && e.attempt === 2);
    const updated = cardUpdated(sockets.ann, 'approved');
    const reply = nextMessageFrom(sockets.ann, atlas.id);
    const res = await approve(server, maya, toolCallId).expect(200);
    expect(res.body.data.approval).toMatchObject({ status: 'approved', decidedBy: { id: maya.agentId } });
    expect((await updated).content).toBe('Atlas asked to use list_team_members: approved by Test maya.');
    const stored = await reply;
    expect(await resumedStream).toMatchObject({ offset: 0, delta: 'I need the member list.' });
    expect(stored.content).toBe('I need the member list.\n\nMaya, Leo and Ann.');
    expect(stored.toolSteps).toEqual([expect.objectContaining({ status: 'done', label: "Listed the team's people and agents" })]);
    expect(llm.requests.length - before).toBe(2);
    expect(toolTurns(llm.requests[before + 1]!)[0]).toContain(leo.username);
    const [call] = await jobCalls(server, room.id);
    expect(call).toMatchObject({ status: 'done', decidedBy: maya.agentId });
    // Parked and resumed, it is still one reply in the usage.
    const usage = await server.ctx.db.select().from(aiUsage).where(eq(aiUsage.agentId, atlas.id));
    expect(usage.reduce((sum, row) => sum + row.replies, 0)).toBe(1);
  });

  it('denied: the model is told who denied it and answers without it', async () => {
    const { leo, atlas, sockets, before, toolCallId } = await askedForApproval();
    llm.script({ chunks: ['Understood, without the list then.'] });
    const updated = cardUpdated(sockets.maya, 'denied');
    const reply = nextMessageFrom(sockets.maya, atlas.id);
    await deny(server, leo, toolCallId).expect(200);
    expect((await updated).approval?.decidedBy?.id).toBe(leo.agentId);
    const stored = await reply;
    expect(stored.content).toBe('I need the member list.\n\nUnderstood, without the list then.');
    expect(toolTurns(llm.requests[before + 1]!)).toEqual(['Test leo denied this tool call. Answer without it.']);
    expect(stored.toolSteps?.[0]).toMatchObject({ status: 'denied', isError: true });
  });

  it('expired: nobody decided in time, the card says so and the agent is told', async () => {
    const { room, atlas, sockets, before, toolCallId, maya } = await askedForApproval();
    await server.ctx.db.update(toolCalls).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(toolCalls.id, toolCallId));
    llm.script({ chunks: ['Nobody answered, so I cannot say.'] });
    const updated = cardUpdated(sockets.leo, 'expired');
    const reply = nextMessageFrom(sockets.leo, atlas.id);
    await server.approvalExpiry.sweepNow();
    expect((await updated).content).toBe('Atlas asked to use list_team_members: nobody approved it in time.');
    await reply;
    expect(toolTurns(llm.requests[before + 1]!)).toEqual(['Nobody approved this tool call in time. Answer without it.']);
    await approve(server, maya, toolCallId).expect(409);
    await jobsWhere(server, room.id, (s) => s.every((x) => x === 'done'));
  });

  it('refuses someone who may not decide (403) and an outsider (404); the call stays pending', async () => {
    const { ann, olga, room, leo, toolCallId } = await askedForApproval();
    const refused = await approve(server, ann, toolCallId).expect(403);
    expect(refused.body.error).toBe('Only the people named on this request can approve or deny it.');
    await deny(server, olga, toolCallId).expect(404);
    await approve(server, olga, '00000000-0000-4000-8000-000000000000').expect(404);
    const [call] = await jobCalls(server, room.id);
    expect(call?.status).toBe('pending_approval');
    // Stopping the waiting reply ends it; its card says nobody will decide now.
    const stopped = await server.api().post(`/api/v1/chat/conversations/${room.id}/chain/stop`).set(bearer(leo.token)).expect(200);
    expect(stopped.body.data.stopped).toBe(1);
    const [after] = await jobCalls(server, room.id);
    expect(after?.status).toBe('expired');
    await jobsWhere(server, room.id, (s) => s.every((x) => x === 'cancelled'));
  });

  it('stopping the waiting reply cancels it; its card says nobody approved it, and deciding is then 409', async () => {
    const { ann, maya, room, sockets, toolCallId } = await askedForApproval();
    const [job] = await jobsWhere(server, room.id, (s) => s.includes('waiting'));
    const updated = cardUpdated(sockets.leo, 'expired');
    const res = await server.api().post(`/api/v1/chat/replies/${job!.id}/stop`).set(bearer(ann.token)).expect(200);
    expect(res.body.data.stopped).toBe(true);
    expect((await updated).approval?.decidedBy).toBeNull();
    await approve(server, maya, toolCallId).expect(409);
    await jobsWhere(server, room.id, (s) => s.every((x) => x === 'cancelled'));
  });

  it('two approvals at once: one 200, one 409, and the tool runs once', async () => {
    const { maya, leo, atlas, room, sockets, before, toolCallId } = await askedForApproval();
    llm.script({ chunks: ['Here they are.'] });
    const reply = nextMessageFrom(sockets.leo, atlas.id);
    const results = await Promise.all([approve(server, maya, toolCallId), approve(server, leo, toolCallId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe('This request was already decided.');
    await reply;
    await jobsWhere(server, room.id, (s) => s.every((x) => x === 'done'));
    expect(llm.requests.length - before).toBe(2);
    const calls = await jobCalls(server, room.id);
    expect(calls.map((c) => c.status)).toEqual(['done']);
  });
});
