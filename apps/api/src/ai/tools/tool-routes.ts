import type { AppContext } from '../../context';
import { defineHandlers } from '../../http/route-handler';

/** A team's MCP servers and an agent's tools. (Being built: decision 0024.) */
export const toolRoutes = (_ctx: AppContext) =>
  defineHandlers({
    listMcpServers: () => Promise.reject(new Error('not built yet')),
    createMcpServer: () => Promise.reject(new Error('not built yet')),
    updateMcpServer: () => Promise.reject(new Error('not built yet')),
    deleteMcpServer: () => Promise.reject(new Error('not built yet')),
    refreshMcpServer: () => Promise.reject(new Error('not built yet')),
    getAgentTools: () => Promise.reject(new Error('not built yet')),
    updateAgentTools: () => Promise.reject(new Error('not built yet')),
  });
