import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { teamApi } from '../api/team-api';

/** Query key of the signed-in user's team list; per user, so switching accounts never shows stale teams. */
export const myTeamsKey = (userId: string | undefined) => ['teams', 'mine', userId] as const;

export function useMyTeams() {
  const { user } = useAuth();
  return useQuery({ queryKey: myTeamsKey(user?.id), queryFn: teamApi.myTeams, enabled: Boolean(user) });
}
