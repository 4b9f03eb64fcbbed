import { Navigate, useLocation } from 'react-router';
import { TEAM_FETCH_ERRORS } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { useMyTeams } from '../teams/use-my-teams';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';
import { WelcomePage } from './welcome-page';

/**
 * '/': the user's first team ('Redirecting...' while the list loads). Someone in no team gets the
 * welcome page rather than a redirect to their own profile, which would lead nowhere.
 */
export default function HomePage() {
  const { t } = useT();
  const teams = useMyTeams();
  // A second navigation to '/' can land while the first one's redirect is still loading the team (a team
  // deleted here: the teams:changed event and the delete's answer both go home). It interrupts that
  // redirect but leaves this page mounted, and <Navigate> redirects once per mount: keyed by the
  // location, each arrival at '/' redirects again.
  const { key } = useLocation();
  if (teams.isPending) return <LoadingState text={t('Redirecting...')} />;
  const first = teams.data?.[0];
  if (first) return <Navigate key={key} replace to={`/t/${encodeURIComponent(first.handle)}`} />;
  if (teams.isError)
    return (
      <ErrorState message={errorMessage(teams.error, TEAM_FETCH_ERRORS.teams)}>
        <Button variant="secondary" onClick={() => teams.refetch()}>
          {t('Try again')}
        </Button>
      </ErrorState>
    );
  return <WelcomePage />;
}
