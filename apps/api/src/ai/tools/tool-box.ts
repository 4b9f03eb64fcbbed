import type { TToolApprovers, TToolPolicy } from '@agentroom/shared';
import type { AppContext } from '../../context';
import type { AgentRow } from '../../db/rows';
import { findAgentToolPolicies } from './agent-tools-repo';
import { BUILTIN_TOOLS } from './builtin-tools';
import { callMcpTool, teamMcpTools } from './mcp/mcp-tools';
import type { AvailableTool, ToolBox } from './tool-types';

/** Built-in tools only read what the person who asked may read: on by default. MCP tools act on other systems: off until a manager turns them on. */
const DEFAULT_POLICY = { builtin: 'auto', mcp: 'off' } as const satisfies Record<string, TToolPolicy>;
const DEFAULT_APPROVERS: TToolApprovers = 'requester_and_managers';

const builtinKey = (name: string) => `builtin:${name}`;
const mcpKey = (serverId: string, toolName: string) => `mcp:${serverId}:${toolName}`;

/** A function name a model accepts (^[A-Za-z0-9_-]{1,64}$): crm.lookup_order → crm__lookup_order. */
function modelFunctionName(title: string): string {
  return title.replace(/\./g, '__').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'tool';
}

/** Every tool an agent could be given, with its policy for that agent ('off' included): what the settings list. */
export async function agentToolCatalog(ctx: AppContext, agent: AgentRow): Promise<(Omit<AvailableTool, 'policy'> & { policy: TToolPolicy; serverName: string | null })[]> {
  const policies = await findAgentToolPolicies(ctx.db, agent.id);
  const policyOf = (serverId: string | null, name: string) => policies.find((p) => p.serverId === serverId && p.toolName === name);
  const builtins = BUILTIN_TOOLS.map((tool) => {
    const row = policyOf(null, tool.name);
    return {
      key: builtinKey(tool.name),
      modelName: tool.name,
      title: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      serverId: null,
      serverName: null,
      policy: row?.policy ?? DEFAULT_POLICY.builtin,
      approvers: row?.approvers ?? DEFAULT_APPROVERS,
    };
  });
  const mcp = agent.ownerTeamId ? await teamMcpTools(ctx.db, agent.ownerTeamId) : [];
  const taken = new Set<string>(builtins.map((t) => t.modelName));
  const mcpTools = mcp.map((tool) => {
    const row = policyOf(tool.serverId, tool.name);
    const title = `${tool.serverName}.${tool.name}`;
    let modelName = modelFunctionName(title);
    for (let n = 2; taken.has(modelName); n += 1) modelName = `${modelFunctionName(title).slice(0, 60)}_${n}`;
    taken.add(modelName);
    return {
      key: mcpKey(tool.serverId, tool.name),
      modelName,
      title,
      description: tool.description,
      parameters: tool.inputSchema,
      serverId: tool.serverId,
      serverName: tool.serverName,
      policy: row?.policy ?? DEFAULT_POLICY.mcp,
      approvers: row?.approvers ?? DEFAULT_APPROVERS,
    };
  });
  return [...builtins, ...mcpTools];
}

/** The runner's tools: an agent's tools that are not off, running one, labelling a step. */
export const toolBox: ToolBox = {
  async toolsFor(ctx, agent) {
    const catalog = await agentToolCatalog(ctx, agent);
    return catalog.filter((t): t is typeof t & { policy: 'auto' | 'approval' } => t.policy !== 'off').map(({ serverName: _s, ...tool }) => tool);
  },
  async run(ctx, tool, args, runAs, signal) {
    if (tool.serverId) return callMcpTool(ctx, tool.serverId, tool.key.slice(mcpKey(tool.serverId, '').length), args, signal);
    const builtin = BUILTIN_TOOLS.find((t) => t.name === tool.modelName);
    if (!builtin) return { text: `Unknown tool ${tool.title}`, isError: true };
    return builtin.run(ctx, args, runAs, signal);
  },
  label(title, args) {
    if (title === 'search_messages') return `Searched messages for '${typeof args?.query === 'string' ? args.query : ''}'`;
    if (title === 'read_history') return 'Read earlier messages';
    if (title === 'list_team_members') return "Listed the team's people and agents";
    return `Called ${title}`;
  },
};
