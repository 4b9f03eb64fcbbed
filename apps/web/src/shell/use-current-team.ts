import { useEffect } from 'react';
import type { TTeam } from '@agentroom/shared';
import { isApiError } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { t, useT } from '../i18n';
import { useTeam } from '../teams/team-queries';
import { useMyTeams } from '../teams/use-my-teams';
import { useShellLocation } from './use-shell-location';

const rememberedKey = (userId: string) => `agentroom.last-team.${userId}`;

function readRemembered(userId: string | undefined): string | null {
  if (!userId) return null;
  try {
    return localStorage.getItem(rememberedKey(userId));
  } catch {
    return null;
  }
}

/** The teams button's label on a team page: 'Loading...', the team name, 'Team not found' or 'Select team'. */
function labelForTeamPage(query: ReturnType<typeof useTeam>): string {
  if (query.isPending) return t('Loading...');
  if (query.data) return query.data.name;
  if (isApiError(query.error) && query.error.status === 404) return t('Team not found');
  return t('Select team');
}

export interface CurrentTeam {
  /** The team whose people and AI agents the sidebar lists: the one in the address, else the last one visited, else the first. */
  team?: TTeam;
  /** The teams button's label, for team pages and, by the same rules, every other page. */
  buttonLabel: string;
}

export function useCurrentTeam(): CurrentTeam {
  // Re-renders on a change of language: the label is text.
  useT();
  const { user } = useAuth();
  const { teamHandle } = useShellLocation();
  const myTeams = useMyTeams();
  const routeTeam = useTeam(teamHandle ?? '', !!teamHandle);

  // Remember the team last opened, so a personal chat still shows that team's people beside it.
  const openedHandle = teamHandle && routeTeam.data?.handle;
  useEffect(() => {
    if (!user || !openedHandle) return;
    try {
      localStorage.setItem(rememberedKey(user.id), openedHandle);
    } catch {
      // Without storage the first team is shown instead.
    }
  }, [user, openedHandle]);

  const teams = myTeams.data ?? [];
  const find = (handle: string | null | undefined) => teams.find((t) => t.handle.toLowerCase() === handle?.toLowerCase());
  const team = find(teamHandle) ?? find(readRemembered(user?.id)) ?? teams[0];

  let buttonLabel: string;
  if (teamHandle) buttonLabel = labelForTeamPage(routeTeam);
  else if (team) buttonLabel = team.name;
  else buttonLabel = myTeams.isPending ? t('Loading...') : t('Select team');
  return { team, buttonLabel };
}
