import { TOOL_SETTINGS_TEXTS, type TCreateMcpServerRequest, type TUpdateAgentToolsRequest, type TUpdateMcpServerRequest, type TUpdateTeamBudgetRequest } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from './call-route';

/** Calls for agents that act: a team's MCP servers, an AI agent's tools, the team's AI budget. */
export const toolsApi = {
  /** The team's MCP servers (owners and admins); header values never come back, only their names. */
  servers: (handle: string) => call(routes.listMcpServers, { params: { handle }, fallback: TOOL_SETTINGS_TEXTS.serversFailed }).then((d) => d.servers),

  createServer: (handle: string, input: TCreateMcpServerRequest) =>
    call(routes.createMcpServer, { params: { handle }, body: input, fallback: TOOL_SETTINGS_TEXTS.saveServerFailed }).then((d) => d.server),

  updateServer: (handle: string, id: string, input: TUpdateMcpServerRequest) =>
    call(routes.updateMcpServer, { params: { handle, id }, body: input, fallback: TOOL_SETTINGS_TEXTS.saveServerFailed }).then((d) => d.server),

  deleteServer: (handle: string, id: string) => call(routes.deleteMcpServer, { params: { handle, id }, fallback: TOOL_SETTINGS_TEXTS.removeServerFailed }),

  /** Lists the server's tools again. */
  refreshServer: (handle: string, id: string) =>
    call(routes.refreshMcpServer, { params: { handle, id }, fallback: TOOL_SETTINGS_TEXTS.refreshFailed }).then((d) => d.server),

  /** Every tool the agent may be given, with its policy for it (by agent id). */
  agentTools: (agentId: string) => call(routes.getAgentTools, { params: { agent: agentId }, fallback: TOOL_SETTINGS_TEXTS.agentToolsFailed }).then((d) => d.tools),

  /** Only the tools named change; the answer is the agent's whole list. */
  updateAgentTools: (agentId: string, input: TUpdateAgentToolsRequest) =>
    call(routes.updateAgentTools, { params: { agent: agentId }, body: input, fallback: TOOL_SETTINGS_TEXTS.saveToolsFailed }).then((d) => d.tools),

  updateBudget: (handle: string, input: TUpdateTeamBudgetRequest) =>
    call(routes.updateTeamBudget, { params: { handle }, body: input, fallback: TOOL_SETTINGS_TEXTS.saveBudgetFailed }).then((d) => d.budget),
};
