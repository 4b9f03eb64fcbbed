import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAgentTool, TTeam, TTeamAgent } from '@agentroom/shared';
import { agentTools, mcpServers, mcpTools } from '../../src/db/schema';
import type { TestServer } from '../support/test-server';
import { addMember, bearer, createAiAgent, createTeam, startServerWithUsers, type TestUser } from '../teams/team-helpers';

let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let team: TTeam;
let ai: TTeamAgent;
let crmId: string;
let otherTeamServerId: string;

/** A server of a team with one listed tool, written as a listing would leave it. */
async function serverWithTool(teamId: string, name: string, tool: string) {
  const [row] = await server.ctx.db.insert(mcpServers).values({ teamId, name, url: 'https://mcp.example.test/mcp', toolsListedAt: new Date() }).returning();
  await server.ctx.db.insert(mcpTools).values({ serverId: row!.id, name: tool, description: `${tool} of ${name}`, inputSchema: { type: 'object' } });
  return row!.id;
}

const toolsUrl = (agentId: string) => `/api/v1/agents/${agentId}/tools`;
const byKey = (tools: TAgentTool[], key: string) => tools.find((t) => t.key === key);

beforeAll(async () => {
  ({ server, users: [owner, admin, member, outsider] } = await startServerWithUsers('owner', 'admin', 'member', 'outsider'));
  team = await createTeam(server, owner);
  await server.api().post(`/api/v1/teams/${team.handle}/members`).set(bearer(owner.token)).send({ username: admin.username, role: 'admin' }).expect(201);
  await addMember(server, owner, team.handle, member.username);
  ai = await createAiAgent(server, owner, team.handle, { firstName: 'Clerk' });
  crmId = await serverWithTool(team.id, 'crm', 'lookup_order');
  const otherTeam = await createTeam(server, outsider);
  otherTeamServerId = await serverWithTool(otherTeam.id, 'secret', 'leak');
});
afterAll(async () => {
  await server?.stop();
});

describe('an AI agent’s tool settings', () => {
  it('lists the built-in tools (on by default) and its team’s MCP tools (off by default) to the team’s managers', async () => {
    const res = await server.api().get(toolsUrl(ai.id)).set(bearer(admin.token)).expect(200);
    const tools = res.body.data.tools as TAgentTool[];
    expect(tools.map((t) => t.key)).toEqual(['builtin:search_messages', 'builtin:read_history', 'builtin:list_team_members', `mcp:${crmId}:lookup_order`]);
    expect(byKey(tools, 'builtin:search_messages')).toMatchObject({ title: 'search_messages', source: { kind: 'builtin' }, policy: 'auto', approvers: 'requester_and_managers' });
    expect(byKey(tools, `mcp:${crmId}:lookup_order`)).toMatchObject({
      title: 'crm.lookup_order',
      description: 'lookup_order of crm',
      source: { kind: 'mcp', serverId: crmId, serverName: 'crm' },
      policy: 'off',
    });
    expect(JSON.stringify(tools)).not.toContain(otherTeamServerId);
  });

  it('sets only the named tools, keeps approvers unless given, and answers the new list', async () => {
    const first = await server
      .api()
      .put(toolsUrl(ai.id))
      .set(bearer(owner.token))
      .send({ tools: [{ key: `mcp:${crmId}:lookup_order`, policy: 'approval', approvers: 'managers' }, { key: 'builtin:read_history', policy: 'off' }] })
      .expect(200);
    let tools = first.body.data.tools as TAgentTool[];
    expect(byKey(tools, `mcp:${crmId}:lookup_order`)).toMatchObject({ policy: 'approval', approvers: 'managers' });
    expect(byKey(tools, 'builtin:read_history')).toMatchObject({ policy: 'off', approvers: 'requester_and_managers' });
    expect(byKey(tools, 'builtin:search_messages')).toMatchObject({ policy: 'auto' });

    await server.api().put(toolsUrl(ai.id)).set(bearer(admin.token)).send({ tools: [{ key: `mcp:${crmId}:lookup_order`, policy: 'auto' }] }).expect(200);
    tools = (await server.api().get(toolsUrl(ai.id)).set(bearer(owner.token)).expect(200)).body.data.tools;
    expect(byKey(tools, `mcp:${crmId}:lookup_order`)).toMatchObject({ policy: 'auto', approvers: 'managers' });
    expect(byKey(tools, 'builtin:read_history')).toMatchObject({ policy: 'off' });
    const rows = await server.ctx.db.select().from(agentTools).where(eq(agentTools.agentId, ai.id));
    expect(rows).toHaveLength(2);
  });

  it('refuses an unknown tool or another team’s server’s tool, and changes nothing of the request (all or none)', async () => {
    const before = await server.ctx.db.select().from(agentTools).where(eq(agentTools.agentId, ai.id));
    for (const key of ['builtin:launch_rockets', `mcp:${otherTeamServerId}:leak`, `mcp:${crmId}:not_listed`, `mcp:${randomUUID()}:x`]) {
      const res = await server
        .api()
        .put(toolsUrl(ai.id))
        .set(bearer(owner.token))
        .send({ tools: [{ key: 'builtin:search_messages', policy: 'off' }, { key, policy: 'auto' }] });
      expect(res.status, key).toBe(400);
      expect(res.body.error).toBe(`Unknown tool: ${key}`);
    }
    expect(await server.ctx.db.select().from(agentTools).where(eq(agentTools.agentId, ai.id))).toEqual(before);
  });

  it('refuses bad input with 400', async () => {
    const put = (body: unknown) => server.api().put(toolsUrl(ai.id)).set(bearer(owner.token)).send(body as object);
    await put({ tools: [{ key: 'builtin:search_messages', policy: 'sometimes' }] }).expect(400);
    await put({ tools: [{ key: 'builtin:search\u0000messages', policy: 'auto' }] }).expect(400);
    await put({ tools: [{ key: 'builtin:search_messages', policy: 'auto', approvers: 'anyone' }] }).expect(400);
    await put({ tools: 'all' }).expect(400);
    await put({ tools: [], extra: true }).expect(400);
    await server.api().get('/api/v1/agents/not-an-id/tools').set(bearer(owner.token)).expect(400);
  });

  it('answers 403 to a plain member, 404 to an outsider, for a person or an unknown id, 401 without a token', async () => {
    await server.api().get(toolsUrl(ai.id)).set(bearer(member.token)).expect(403);
    await server.api().put(toolsUrl(ai.id)).set(bearer(member.token)).send({ tools: [] }).expect(403);
    await server.api().get(toolsUrl(ai.id)).set(bearer(outsider.token)).expect(404);
    await server.api().put(toolsUrl(ai.id)).set(bearer(outsider.token)).send({ tools: [] }).expect(404);
    await server.api().get(toolsUrl(member.agentId)).set(bearer(owner.token)).expect(404);
    await server.api().get(toolsUrl(owner.agentId)).set(bearer(owner.token)).expect(404);
    await server.api().get(toolsUrl(randomUUID())).set(bearer(owner.token)).expect(404);
    await server.api().get(toolsUrl(ai.id)).expect(401);
  });
});
