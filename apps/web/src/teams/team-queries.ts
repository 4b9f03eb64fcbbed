import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAddMemberRequest,
  TChangeMemberRoleRequest,
  TCreateAiAgentRequest,
  TCreateTeamRequest,
  TUpdateAiAgentRequest,
  TTeam,
  TUpdateTeamRequest,
} from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { teamApi } from '../api/team-api';
import { myTeamsKey } from './use-my-teams';
import { teamAgentsQuery, teamKeys, teamQuery } from './team-keys';

export function useTeam(handle: string, enabled = true) {
  const { user } = useAuth();
  return useQuery({ ...teamQuery(user?.id, handle), enabled: !!user && enabled });
}

export function useTeamAgents(handle: string, enabled = true) {
  const { user } = useAuth();
  return useQuery({ ...teamAgentsQuery(user?.id, handle), enabled: !!user && enabled });
}

/** The team's AI usage of the last `days` days (owners only; others are never asked for it). */
export function useTeamUsage(handle: string, days: number, enabled = true) {
  const { user } = useAuth();
  return useQuery({ queryKey: teamKeys.usage(user?.id, handle, days), queryFn: () => teamApi.usage(handle, days), enabled: !!user && enabled });
}

/** After any team write: the drawer list, the team and its cards are refetched. */
function useInvalidateTeams() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: myTeamsKey(user?.id) }),
      queryClient.invalidateQueries({ queryKey: teamKeys.all(user?.id) }),
    ]);
}

export function useCreateTeam() {
  const invalidate = useInvalidateTeams();
  return useMutation({ mutationFn: (input: TCreateTeamRequest) => teamApi.createTeam(input), onSuccess: invalidate });
}

export function useAddMember(handle: string) {
  const invalidate = useInvalidateTeams();
  return useMutation({ mutationFn: (input: TAddMemberRequest) => teamApi.addMember(handle, input), onSuccess: invalidate });
}

export function useCreateAiAgent(handle: string) {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: (input: TCreateAiAgentRequest) => teamApi.createAiAgent(handle, input),
    onSuccess: invalidate,
  });
}

export function useUpdateAiAgent() {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdateAiAgentRequest }) => teamApi.updateAiAgent(id, input),
    onSuccess: invalidate,
  });
}

export function useChangeMemberRole(handle: string) {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: ({ agentId, input }: { agentId: string; input: TChangeMemberRoleRequest }) => teamApi.changeRole(handle, agentId, input),
    onSuccess: invalidate,
  });
}

export function useRemoveMember(handle: string) {
  const invalidate = useInvalidateTeams();
  return useMutation({ mutationFn: (agentId: string) => teamApi.removeMember(handle, agentId), onSuccess: invalidate });
}

export function useUpdateTeam(handle: string) {
  const invalidate = useInvalidateTeams();
  return useMutation({ mutationFn: (input: TUpdateTeamRequest) => teamApi.updateTeam(handle, input), onSuccess: invalidate });
}

/** After leaving or deleting, the team is no longer ours: drop its cached data rather than refetch into a 403. */
function useForgetTeam(handle: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return async () => {
    queryClient.removeQueries({ queryKey: teamKeys.team(user?.id, handle) });
    queryClient.removeQueries({ queryKey: teamKeys.agents(user?.id, handle) });
    // Out of my list before the refetch: the home page goes to my first team next. A fetch already in
    // flight is cancelled first (cancelling puts back the list it started from, which still held the
    // lost team), so neither it nor the teams:changed event's refetch brings the team back.
    await queryClient.cancelQueries({ queryKey: myTeamsKey(user?.id) });
    queryClient.setQueryData<TTeam[]>(myTeamsKey(user?.id), (teams) => teams?.filter((team) => team.handle.toLowerCase() !== handle.toLowerCase()));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: myTeamsKey(user?.id) }),
      queryClient.invalidateQueries({ queryKey: teamKeys.deleted(user?.id) }),
    ]);
  };
}

export function useLeaveTeam(handle: string) {
  const forget = useForgetTeam(handle);
  return useMutation({ mutationFn: () => teamApi.leave(handle), onSuccess: forget });
}

export function useDeleteTeam(handle: string) {
  const forget = useForgetTeam(handle);
  return useMutation({ mutationFn: () => teamApi.deleteTeam(handle), onSuccess: forget });
}

/** Teams I own that were deleted and can still be restored. */
export function useDeletedTeams(enabled = true) {
  const { user } = useAuth();
  return useQuery({ queryKey: teamKeys.deleted(user?.id), queryFn: teamApi.deletedTeams, enabled: !!user && enabled });
}

/** Restores a deleted team; the team lists and the deleted list are refetched. */
export function useRestoreTeam() {
  const invalidate = useInvalidateTeams();
  return useMutation({ mutationFn: (handle: string) => teamApi.restoreTeam(handle), onSuccess: invalidate });
}
