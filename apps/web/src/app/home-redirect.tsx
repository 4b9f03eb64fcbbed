import { Navigate } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { useMyTeams } from '../teams/use-my-teams';
import { PageSpinner } from '../ui/spinner';

/**
 * '/' sends the user to their first team, or to their own profile page when they have none
 * (or the team list cannot be read: the profile page works without it).
 */
export function HomeRedirect() {
  const { user } = useAuth();
  const teams = useMyTeams();
  if (!user) return <Navigate to="/auth/login" replace />;
  if (teams.isPending) return <PageSpinner label="Redirecting..." />;
  const first = teams.data?.[0];
  return <Navigate replace to={first ? `/t/${encodeURIComponent(first.handle)}` : `/p/@${user.username}`} />;
}
