import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { teamApi } from '../api/team-api';
import { myTeamsKey, myTeamsQuery } from './team-keys';

export { myTeamsKey } from './team-keys';

export function useMyTeams() {
  const { user } = useAuth();
  return useQuery({ ...myTeamsQuery(user?.id), enabled: Boolean(user) });
}

/**
 * Whether the signed-in user owns the team with this id (e.g. an AI agent's team: its owners alone
 * see how to connect a model). Reads the same cached list as the teams drawer; false while unknown.
 */
export function useOwnsTeam(teamId: string | null | undefined): boolean {
  const { user } = useAuth();
  const teams = useQuery({ queryKey: myTeamsKey(user?.id), queryFn: teamApi.myTeams, enabled: Boolean(user && teamId) });
  return Boolean(teamId && teams.data?.some((team) => team.id === teamId && team.myRole.toLowerCase() === 'owner'));
}
