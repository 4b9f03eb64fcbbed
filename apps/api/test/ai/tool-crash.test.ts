import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TMcpServer } from '@agentroom/shared';
import { startFakeLlm, startFakeMcp, type FakeLlm, type FakeMcp } from '@agentroom/testkit';
import { messages, replyJobs } from '../../src/db/schema';
import { closeSockets, connectSocket, joinConversation, nextEvent } from '../chat/chat-fixtures';
import { createRoomRow } from '../rooms/room-fixtures';
import { databaseForTwoLives, spawnApiProcess } from '../support/api-process';
import { signUpVerified, startTestServer, type TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam } from '../teams/team-helpers';
import { approve, jobCalls, jobsWhere, setToolPolicy, toolTurns } from './tool-fixtures';

let llm: FakeLlm;
let mcp: FakeMcp;
beforeAll(async () => {
  llm = await startFakeLlm();
  mcp = await startFakeMcp();
});
afterEach(() => closeSockets());
afterAll(async () => {
  await llm?.close();
  await mcp?.close();
});

/** On a database for two lives: Maya (owner, room creator), Leo, Atlas in a room; `tools` sets Atlas's tools. */
async function roomOnDisk(env: Record<string, string>, tools: (server: TestServer, maya: Awaited<ReturnType<typeof signUpVerified>>, atlasId: string, handle: string) => Promise<void>) {
  const setup = await startTestServer(env);
  const maya = await signUpVerified(setup, 'maya');
  const leo = await signUpVerified(setup, 'leo');
  const team = await createTeam(setup, maya);
  await addMember(setup, maya, team.handle, leo.username);
  const atlas = await createAiAgent(setup, maya, team.handle, { firstName: 'Atlas' });
  const room = await createRoomRow(setup, { teamId: team.id, createdBy: maya.agentId, memberIds: [maya.agentId, leo.agentId, atlas.id] });
  await tools(setup, maya, atlas.id, team.handle);
  await setup.stop();
  return { maya, leo, atlas, room };
}

async function send(url: string, token: string, conversationId: string, content: string) {
  const res = await fetch(`${url}/api/v1/chat/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ content, clientMessageId: `crash-${Math.random()}` }),
  });
  expect(res.status).toBe(201);
}

// Spawning a second OS process through tsx is slow on a busy machine: generous bounds, not speed checks.
describe('a node killed around a tool call', () => {
  it('while a call waits for approval: approved on the next node, which finishes the reply once', { timeout: 180_000 }, async () => {
    const { env, drop } = await databaseForTwoLives(llm.baseUrl, 'agentroom-tool-wait-');
    const longLease = { ...env, AI_LEASE_MS: '600000' };
    const { maya, leo, atlas, room } = await roomOnDisk(longLease, (server, manager, atlasId) => setToolPolicy(server, manager, atlasId, 'builtin:list_team_members', 'approval'));
    const first = await spawnApiProcess(longLease);
    let server: TestServer | undefined;
    try {
      const socket = await connectSocket(first.url, leo.token);
      await joinConversation(socket, room.id);
      const card = nextEvent(socket, 'message:received', (m) => m.messageType === 'approval', 60_000);
      // The stream ends once the reply is parked (waiting, no lease): the node dies after that.
      const parked = nextEvent(socket, 'message:stream', (e) => e.done, 60_000);
      const before = llm.requests.length;
      llm.script({ chunks: ['Checking the team.'], toolCalls: [{ name: 'list_team_members', arguments: '{}' }] });
      await send(first.url, leo.token, room.id, `@${atlas.username} who is here?`);
      const toolCallId = (await card).approval!.toolCallId;
      await parked;
      await first.kill();

      server = await startTestServer(longLease);
      llm.script({ chunks: ['Maya and Leo.'] });
      await approve(server, maya, toolCallId).expect(200);
      const [job] = await jobsWhere(server, room.id, (s) => s.length === 1 && s[0] === 'done', 60_000);
      expect(job!.attempts).toBe(2);
      const stored = await server.ctx.db.select().from(messages).where(eq(messages.id, job!.replyMessageId!));
      expect(stored.map((m) => m.content)).toEqual(['Checking the team.\n\nMaya and Leo.']);
      expect((await jobCalls(server, room.id)).map((c) => c.status)).toEqual(['done']);
      expect(llm.requests.length - before).toBe(2);
      expect(toolTurns(llm.requests[before + 1]!)[0]).toContain(leo.username);
    } finally {
      await first.kill().catch(() => undefined);
      await server?.stop();
      await drop();
    }
  });

  it('while a tool runs: the next node never runs it again, and the reply says it was interrupted', { timeout: 180_000 }, async () => {
    const { env, drop } = await databaseForTwoLives(llm.baseUrl, 'agentroom-tool-run-');
    const longLease = { ...env, AI_LEASE_MS: '600000', MCP_ALLOWED_HOSTS: '127.0.0.1' };
    const { leo, atlas, room } = await roomOnDisk(longLease, async (server, manager, atlasId, handle) => {
      const res = await server.api().post(`/api/v1/teams/${handle}/mcp-servers`).set(bearer(manager.token)).send({ name: 'ops', url: mcp.url });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await setToolPolicy(server, manager, atlasId, `mcp:${(res.body.data.server as TMcpServer).id}:slow`, 'auto');
    });
    const first = await spawnApiProcess(longLease);
    let server: TestServer | undefined;
    try {
      const callsBefore = mcp.calls.filter((c) => c.tool === 'slow').length;
      const before = llm.requests.length;
      llm.script({ chunks: ['Running the slow job.'], toolCalls: [{ name: 'ops__slow', arguments: '{"ms": 600000}' }] });
      await send(first.url, leo.token, room.id, `@${atlas.username} run it`);
      // The tool is running on the first node when it dies.
      for (const deadline = Date.now() + 60_000; mcp.calls.filter((c) => c.tool === 'slow').length === callsBefore; ) {
        if (Date.now() > deadline) throw new Error(`the tool never ran: ${JSON.stringify(llm.requests.slice(before).map((r) => [r.tools?.map((t) => t.function.name), r.messages.filter((m) => m.role === 'tool')]))}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await first.kill();

      server = await startTestServer(longLease);
      llm.script({ chunks: ['It may or may not have run.'] });
      await server.ctx.db.update(replyJobs).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(replyJobs.status, 'running'));
      await server.replyWorker.claimNow();
      const [job] = await jobsWhere(server, room.id, (s) => s.length === 1 && s[0] === 'done', 60_000);
      const [call] = await jobCalls(server, room.id);
      expect(call).toMatchObject({ status: 'error', result: 'The tool call was interrupted (the server restarted); it may or may not have run.' });
      expect(mcp.calls.filter((c) => c.tool === 'slow').length).toBe(callsBefore + 1);
      const [stored] = await server.ctx.db.select().from(messages).where(eq(messages.id, job!.replyMessageId!));
      expect(stored!.content).toBe('Running the slow job.\n\nIt may or may not have run.');
      expect(stored!.meta.toolSteps?.[0]).toMatchObject({ tool: 'ops.slow', status: 'error' });
      expect(toolTurns(llm.requests[before + 1]!)).toEqual(['The tool call was interrupted (the server restarted); it may or may not have run.']);
    } finally {
      await first.kill().catch(() => undefined);
      await server?.stop();
      await drop();
    }
  });
});
