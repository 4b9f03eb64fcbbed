import { isUuid, TEAM_ERRORS, TEAM_MESSAGES, type TAgentTool, type ZUpdateAgentToolsRequest } from '@agentroom/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { AgentRow } from '../../db/rows';
import { badRequest, forbidden, notFound } from '../../core/app-error';
import { inTransaction } from '../../core/transaction';
import { recordAudit } from '../../audit/audit-repo';
import { canSeeAgent, findAgentById, managesTeamOf } from '../../agents/agents-repo';
import { upsertAgentToolPolicy } from './agent-tools-repo';
import { agentToolCatalog } from './tool-box';

type TUpdateAgentToolsInput = z.output<typeof ZUpdateAgentToolsRequest>;
type CatalogEntry = Awaited<ReturnType<typeof agentToolCatalog>>[number];

/**
 * Who sets an AI agent's tools: the owners and admins of the team that owns it (the rule of editing
 * the agent). An agent the caller cannot see, or a person (who has no tools), is 404; a plain member 403.
 */
async function assertManagesAgentTools(ctx: AppContext, id: string, callerId: string): Promise<AgentRow> {
  if (!isUuid(id)) throw badRequest(TEAM_MESSAGES.invalidAgentId, { id: TEAM_MESSAGES.invalidAgentId });
  const agent = await findAgentById(ctx.db, id);
  if (!agent || agent.isHuman || !(await canSeeAgent(ctx.db, agent, callerId))) throw notFound(TEAM_ERRORS.agentNotFound);
  if (!(await managesTeamOf(ctx.db, agent.id, callerId))) throw forbidden(TEAM_MESSAGES.managersOnly);
  return agent;
}

function presentAgentTool(tool: CatalogEntry): TAgentTool {
  return {
    key: tool.key,
    title: tool.title,
    description: tool.description,
    source: tool.serverId ? { kind: 'mcp', serverId: tool.serverId, serverName: tool.serverName ?? '' } : { kind: 'builtin' },
    policy: tool.policy,
    approvers: tool.approvers,
  };
}

/** GET /agents/:agent/tools: every tool the agent could be given, with its policy. */
export async function listAgentTools(ctx: AppContext, id: string, callerId: string): Promise<TAgentTool[]> {
  const agent = await assertManagesAgentTools(ctx, id, callerId);
  return (await agentToolCatalog(ctx, agent)).map(presentAgentTool);
}

/**
 * PUT /agents/:agent/tools: sets the named tools' policies, all or none. A key must be one of the
 * agent's catalog (a built-in tool, or a tool its own team's servers listed): another team's server
 * is as unknown as a made-up one.
 */
export async function updateAgentTools(ctx: AppContext, id: string, callerId: string, input: TUpdateAgentToolsInput): Promise<TAgentTool[]> {
  const agent = await assertManagesAgentTools(ctx, id, callerId);
  const catalog = new Map((await agentToolCatalog(ctx, agent)).map((tool) => [tool.key, tool]));
  const changes = input.tools.map((change) => {
    const tool = catalog.get(change.key);
    if (!tool) throw badRequest(`Unknown tool: ${change.key}`, { tools: `Unknown tool: ${change.key}` });
    const toolName = tool.serverId ? change.key.slice(`mcp:${tool.serverId}:`.length) : tool.modelName;
    return { serverId: tool.serverId, toolName, policy: change.policy, approvers: change.approvers };
  });
  const tools = input.tools.map((change) => {
    const before = catalog.get(change.key)!;
    return { key: change.key, from: { policy: before.policy, approvers: before.approvers }, to: { policy: change.policy, approvers: change.approvers ?? before.approvers } };
  });
  await inTransaction(ctx.db, async (tx) => {
    for (const change of changes) await upsertAgentToolPolicy(tx, agent.id, callerId, change);
    await recordAudit(tx, { actor: callerId, teamId: agent.ownerTeamId, action: 'agent.tools_changed', target: { kind: 'agent', id: agent.id, name: agent.username }, details: { tools } });
  });
  return (await agentToolCatalog(ctx, agent)).map(presentAgentTool);
}
