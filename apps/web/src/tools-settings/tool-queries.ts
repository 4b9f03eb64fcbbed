import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateMcpServerRequest, TMcpServer, TTeamBudget, TTeamUsageResponse, TUpdateAgentToolsRequest, TUpdateMcpServerRequest, TUpdateTeamBudgetRequest } from '@agentroom/shared';
import { toolsApi } from '../api/tools-api';
import { useAuth } from '../auth/auth-context';
import { agentToolsQuery, mcpServersQuery, toolKeys } from './tool-keys';

export function useMcpServers(handle: string, enabled = true) {
  const { user } = useAuth();
  return useQuery({ ...mcpServersQuery(user?.id, handle), enabled: !!user && enabled });
}

export function useAgentTools(agentId: string, enabled = true) {
  const { user } = useAuth();
  return useQuery({ ...agentToolsQuery(user?.id, agentId), enabled: !!user && enabled });
}

/**
 * After a server changes: the list takes the server's answer at once, then both the list and every
 * agent's tools are refetched (a server's tools are offered to each agent of the team).
 */
function useServerChanged(handle: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const listKey = toolKeys.mcpServers(user?.id, handle);
  return {
    put: (server: TMcpServer) =>
      queryClient.setQueryData<TMcpServer[]>(listKey, (list) =>
        list ? (list.some((s) => s.id === server.id) ? list.map((s) => (s.id === server.id ? server : s)) : [...list, server]) : list,
      ),
    drop: (id: string) => queryClient.setQueryData<TMcpServer[]>(listKey, (list) => list?.filter((s) => s.id !== id)),
    refetch: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: listKey }), queryClient.invalidateQueries({ queryKey: toolKeys.allAgentTools(user?.id) })]),
  };
}

export function useCreateMcpServer(handle: string) {
  const changed = useServerChanged(handle);
  return useMutation({
    mutationFn: (input: TCreateMcpServerRequest) => toolsApi.createServer(handle, input),
    onSuccess: (server) => {
      changed.put(server);
      return changed.refetch();
    },
  });
}

export function useUpdateMcpServer(handle: string) {
  const changed = useServerChanged(handle);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdateMcpServerRequest }) => toolsApi.updateServer(handle, id, input),
    onSuccess: (server) => {
      changed.put(server);
      return changed.refetch();
    },
  });
}

export function useRefreshMcpServer(handle: string) {
  const changed = useServerChanged(handle);
  return useMutation({
    mutationFn: (id: string) => toolsApi.refreshServer(handle, id),
    onSuccess: (server) => {
      changed.put(server);
      return changed.refetch();
    },
  });
}

export function useDeleteMcpServer(handle: string) {
  const changed = useServerChanged(handle);
  return useMutation({
    mutationFn: (id: string) => toolsApi.deleteServer(handle, id),
    onSuccess: (_answer, id) => {
      changed.drop(id);
      return changed.refetch();
    },
  });
}

/** Saves the changed tools; the answer (the agent's whole list) replaces the cached one. */
export function useUpdateAgentTools(agentId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (input: TUpdateAgentToolsRequest) => toolsApi.updateAgentTools(agentId, input),
    onSuccess: (tools) => queryClient.setQueryData(toolKeys.agentTools(user?.id, agentId), tools),
  });
}

/** Saves the budget; every cached usage period of the team shows it at once, then is refetched. */
export function useUpdateTeamBudget(handle: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const usageKey = toolKeys.teamUsage(user?.id, handle);
  return useMutation({
    mutationFn: (input: TUpdateTeamBudgetRequest) => toolsApi.updateBudget(handle, input),
    onSuccess: (budget: TTeamBudget) => {
      queryClient.setQueriesData<TTeamUsageResponse>({ queryKey: usageKey }, (usage) =>
        usage ? { ...usage, budget, dailyTokenBudget: budget.effectiveDailyTokens } : usage,
      );
      return queryClient.invalidateQueries({ queryKey: usageKey });
    },
  });
}
