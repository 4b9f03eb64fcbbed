import { useQuery } from '@tanstack/react-query';
import { teamApi } from '../api/team-api';
import { useAuth } from '../auth/auth-context';

/** The signed-in user's own profile (GET /users/me): their agent's names, role and avatar. */
export function useMyProfile() {
  const { user } = useAuth();
  return useQuery({ queryKey: ['users', user?.id, 'me'], queryFn: teamApi.myProfile, enabled: !!user, retry: false });
}
