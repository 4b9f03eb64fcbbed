import type { AppContext } from '../../context';
import { defineHandlers } from '../../http/route-handler';
import { listAgentTools, updateAgentTools } from './agent-tools-service';

/** A team's MCP servers and an agent's tools. (MCP servers being built: decision 0024.) */
export const toolRoutes = (ctx: AppContext) =>
  defineHandlers({
    listMcpServers: () => Promise.reject(new Error('not built yet')),
    createMcpServer: () => Promise.reject(new Error('not built yet')),
    updateMcpServer: () => Promise.reject(new Error('not built yet')),
    deleteMcpServer: () => Promise.reject(new Error('not built yet')),
    refreshMcpServer: () => Promise.reject(new Error('not built yet')),
    getAgentTools: async ({ auth, params }) => ({ tools: await listAgentTools(ctx, params.agent, auth.agentId) }),
    updateAgentTools: async ({ auth, params, body }) => ({ tools: await updateAgentTools(ctx, params.agent, auth.agentId, body) }),
  });
