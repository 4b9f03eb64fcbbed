import { createContext, useContext, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { safetyApi } from './safety-api';

/** The people the signed-in user blocked (GET /users/me/blocks), as one query per user. */
function blocksQueryKey(userId: string | undefined) {
  return ['safety', 'blocks', userId] as const;
}

export function useBlockedPeople() {
  const { user } = useAuth();
  return useQuery({ queryKey: blocksQueryKey(user?.id), queryFn: safetyApi.blocked, enabled: !!user, staleTime: 60_000 });
}

/** Whether the cached blocks list of this user holds the agent (false while unknown): for code outside React. */
export function isBlockedInCache(queryClient: QueryClient, userId: string, agentId: string): boolean {
  const blocked = queryClient.getQueryData<{ id: string }[]>(blocksQueryKey(userId));
  return blocked?.some((agent) => agent.id === agentId) ?? false;
}

/** The ids of the people the signed-in user blocked (undefined until known). */
export function useBlockedIdsQuery(): ReadonlySet<string> | undefined {
  const { data } = useBlockedPeople();
  return useMemo(() => (data ? new Set(data.map((agent) => agent.id)) : undefined), [data]);
}

/**
 * The blocked ids for components that may render without a query client (message bubbles in their
 * tests): `BlockedIdsContext` carries them down from the conversation; absent, nobody is blocked.
 */
export const BlockedIdsContext = createContext<ReadonlySet<string> | undefined>(undefined);
/** Whether the signed-in user blocked this sender (false while the list is unknown). */
export const useIsBlocked = (agentId: string) => useContext(BlockedIdsContext)?.has(agentId) ?? false;
export const useBlockedIds = () => useContext(BlockedIdsContext);

/** Block and unblock; the list and every opened chat are read again (a 1:1's read-only line follows). */
export function useBlockActions() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const settle = async () => {
    await queryClient.invalidateQueries({ queryKey: blocksQueryKey(user?.id) });
  };
  const block = useMutation({ mutationFn: (agentId: string) => safetyApi.block(agentId), onSettled: settle });
  const unblock = useMutation({ mutationFn: (agentId: string) => safetyApi.unblock(agentId), onSettled: settle });
  return { block, unblock };
}
