import type { AppContext } from '../../context';
import { defineHandlers } from '../../http/route-handler';
import { listAgentTools, updateAgentTools } from './agent-tools-service';
import { createMcpServer, deleteMcpServer, listMcpServers, refreshMcpServer, updateMcpServer } from './mcp/mcp-servers-service';

/** A team's MCP servers (owners and admins) and an agent's tools (managers of its team). */
export const toolRoutes = (ctx: AppContext) =>
  defineHandlers({
    listMcpServers: async ({ auth, params }) => ({ servers: await listMcpServers(ctx, params.handle, auth.agentId) }),
    createMcpServer: async ({ auth, params, body }) => ({ server: await createMcpServer(ctx, params.handle, auth.agentId, body) }),
    updateMcpServer: async ({ auth, params, body }) => ({ server: await updateMcpServer(ctx, params.handle, auth.agentId, params.id, body) }),
    deleteMcpServer: async ({ auth, params }) => {
      await deleteMcpServer(ctx, params.handle, auth.agentId, params.id);
      return { deleted: true as const };
    },
    refreshMcpServer: async ({ auth, params }) => ({ server: await refreshMcpServer(ctx, params.handle, auth.agentId, params.id) }),
    getAgentTools: async ({ auth, params }) => ({ tools: await listAgentTools(ctx, params.agent, auth.agentId) }),
    updateAgentTools: async ({ auth, params, body }) => ({ tools: await updateAgentTools(ctx, params.agent, auth.agentId, body) }),
  });
