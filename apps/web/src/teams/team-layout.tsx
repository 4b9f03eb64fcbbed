import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { TEAM_FETCH_ERRORS, type TTeam } from '@agentroom/shared';
import { errorMessage, isApiError } from '../api/api-error';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';
import { NotFoundState } from './team-not-found';
import { useTeam } from './team-queries';
import { useTeamHead } from './use-team-head';

export interface TeamOutletContext {
  team: TTeam;
}

/** For the pages inside /t/:handle: the loaded team. */
export const useTeamContext = () => useOutletContext<TeamOutletContext>();

/**
 * /t/:handle: loads the team (the server decides access) and sets the title and social tags. The
 * user badge and the teams button are the app shell's (in its sidebar), as on every signed-in page.
 */
export default function TeamLayout() {
  const { t } = useT();
  const { handle = '' } = useParams();
  const team = useTeam(handle);
  useTeamHead(team.data?.name, team.data?.description);

  let body;
  if (team.isPending) body = <LoadingState text={t('Retrieving team data...')} />;
  else if (team.data) body = <Outlet context={{ team: team.data } satisfies TeamOutletContext} />;
  else if (isApiError(team.error) && team.error.status === 404)
    body = (
      <NotFoundState>
        <Button asChild variant="secondary">
          <Link to="/">{t('Go to my teams')}</Link>
        </Button>
      </NotFoundState>
    );
  else if (isApiError(team.error) && team.error.status === 403)
    // Not a member: trying again cannot help, going back to one's own teams can.
    body = (
      <ErrorState message={errorMessage(team.error, TEAM_FETCH_ERRORS.team)}>
        <Button asChild variant="secondary">
          <Link to="/">{t('Go to my teams')}</Link>
        </Button>
      </ErrorState>
    );
  else
    body = (
      <ErrorState message={errorMessage(team.error, TEAM_FETCH_ERRORS.team)}>
        <Button variant="secondary" onClick={() => team.refetch()}>
          {t('Try again')}
        </Button>
      </ErrorState>
    );

  // A definite height, so the team-scoped chat can fill the main column (the shell's main scrolls the team page).
  return <div className="h-full">{body}</div>;
}
