import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateExternalAgentRequest, TExternalAgent, TUpdateExternalAgentRequest } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { teamKeys } from '../lib/team-query-keys';
import { externalAgentsApi } from './external-agents-api';

/** Under the team keys (`teamKeys.all`), so a team write that refetches everything of my teams refetches these too. */
const externalKeys = {
  list: (userId: string | undefined, handle: string) => [...teamKeys.all(userId), 'external-agents', handle.toLowerCase()] as const,
  deliveries: (userId: string | undefined, handle: string, agentId: string) =>
    [...teamKeys.all(userId), 'external-agents', handle.toLowerCase(), 'deliveries', agentId] as const,
};

export function useExternalAgents(handle: string) {
  const { user } = useAuth();
  return useQuery({ queryKey: externalKeys.list(user?.id, handle), queryFn: () => externalAgentsApi.list(handle), enabled: !!user });
}

export function useWebhookDeliveries(handle: string, agentId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: externalKeys.deliveries(user?.id, handle, agentId),
    queryFn: () => externalAgentsApi.deliveries(handle, agentId),
    enabled: !!user,
  });
}

/**
 * After a change: the list takes the server's answer at once, then is refetched; a seat that comes or
 * goes also refetches the team's agents, so the team page's cards follow.
 */
function useExternalChanged(handle: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const listKey = externalKeys.list(user?.id, handle);
  return {
    put: (external: TExternalAgent) =>
      queryClient.setQueryData<TExternalAgent[]>(listKey, (list) =>
        list
          ? list.some((e) => e.agent.id === external.agent.id)
            ? list.map((e) => (e.agent.id === external.agent.id ? external : e))
            : [...list, external]
          : list,
      ),
    tokenGone: (agentId: string) =>
      queryClient.setQueryData<TExternalAgent[]>(listKey, (list) => list?.map((e) => (e.agent.id === agentId ? { ...e, token: null } : e))),
    drop: (agentId: string) => queryClient.setQueryData<TExternalAgent[]>(listKey, (list) => list?.filter((e) => e.agent.id !== agentId)),
    refetch: (withRoster = false) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        withRoster ? queryClient.invalidateQueries({ queryKey: teamKeys.agents(user?.id, handle) }) : undefined,
      ]),
  };
}

/** The create call's key: its dialog stays open while it runs, or the token it answers would have nowhere to show. */
export const createExternalKey = (handle: string) => ['external-agents', 'create', handle.toLowerCase()] as const;

export function useCreateExternalAgent(handle: string) {
  const changed = useExternalChanged(handle);
  return useMutation({
    mutationKey: createExternalKey(handle),
    mutationFn: (input: TCreateExternalAgentRequest) => externalAgentsApi.create(handle, input),
    onSuccess: (secrets) => {
      changed.put(secrets.externalAgent);
      // Not awaited: the token panel shows at once, whatever the refetch takes.
      void changed.refetch(true);
    },
  });
}

export function useUpdateExternalAgent(handle: string) {
  const changed = useExternalChanged(handle);
  return useMutation({
    mutationFn: ({ agentId, input }: { agentId: string; input: TUpdateExternalAgentRequest }) => externalAgentsApi.update(handle, agentId, input),
    onSuccess: (external) => {
      changed.put(external);
      return changed.refetch(true);
    },
  });
}

export function useRotateExternalToken(handle: string) {
  const changed = useExternalChanged(handle);
  return useMutation({
    mutationFn: (agentId: string) => externalAgentsApi.rotate(handle, agentId),
    onSuccess: (secrets) => {
      changed.put(secrets.externalAgent);
      void changed.refetch();
    },
  });
}

export function useRevokeExternalToken(handle: string) {
  const changed = useExternalChanged(handle);
  return useMutation({
    mutationFn: (agentId: string) => externalAgentsApi.revoke(handle, agentId),
    onSuccess: (_answer, agentId) => {
      changed.tokenGone(agentId);
      return changed.refetch();
    },
  });
}

export function useRemoveExternalAgent(handle: string) {
  const changed = useExternalChanged(handle);
  return useMutation({
    mutationFn: (agentId: string) => externalAgentsApi.remove(handle, agentId),
    onSuccess: (_answer, agentId) => {
      changed.drop(agentId);
      return changed.refetch(true);
    },
  });
}
