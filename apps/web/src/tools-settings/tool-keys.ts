import { queryOptions } from '@tanstack/react-query';
import { toolsApi } from '../api/tools-api';
import { teamKeys } from '../lib/team-query-keys';

/**
 * Query keys of the tool settings, under the team keys (`teamKeys.all`) so that a team write which
 * refetches everything of the user's teams refetches these too.
 */
export const toolKeys = {
  mcpServers: (userId: string | undefined, handle: string) => [...teamKeys.all(userId), 'mcp-servers', handle.toLowerCase()] as const,
  /** Every agent's tools (the prefix of `agentTools`): a server's tools change them all. */
  allAgentTools: (userId: string | undefined) => [...teamKeys.all(userId), 'agent-tools'] as const,
  agentTools: (userId: string | undefined, agentId: string) => [...teamKeys.all(userId), 'agent-tools', agentId] as const,
  /** The team's usage of any period (the prefix of `teamKeys.usage`), which carries the budget. */
  teamUsage: (userId: string | undefined, handle: string) => [...teamKeys.all(userId), 'usage', handle.toLowerCase()] as const,
};

export const mcpServersQuery = (userId: string | undefined, handle: string) =>
  queryOptions({ queryKey: toolKeys.mcpServers(userId, handle), queryFn: () => toolsApi.servers(handle) });

export const agentToolsQuery = (userId: string | undefined, agentId: string) =>
  queryOptions({ queryKey: toolKeys.agentTools(userId, agentId), queryFn: () => toolsApi.agentTools(agentId) });
