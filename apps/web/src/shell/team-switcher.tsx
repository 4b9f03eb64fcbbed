import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Plus } from 'lucide-react';
import { TEAM_FETCH_ERRORS, type TTeam } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { CreateTeamDialog } from '../teams/lazy-team-dialogs';
import { TeamsButton } from '../teams/teams-drawer';
import { useMyTeams } from '../teams/use-my-teams';
import { cn } from '../ui/cn';
import { SidebarNote, SidebarSection, sidebarRow } from './sidebar-section';
import type { CurrentTeam } from './use-current-team';

/** A team's first letter on a small tile, so teams tell apart at a glance. */
function TeamTile({ team }: { team: TTeam }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-5 shrink-0 items-center justify-center rounded bg-zinc-200 text-[11px] font-semibold text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200"
    >
      {team.name.trim().charAt(0).toUpperCase() || '#'}
    </span>
  );
}

/**
 * The team switcher: the teams button (its drawer lists every team with members), my teams
 * as links, and 'Create a team'.
 */
export function TeamSwitcher({ currentTeam }: { currentTeam: CurrentTeam }) {
  const { t } = useT();
  const teams = useMyTeams();
  const { pathname } = useLocation();
  const [creating, setCreating] = useState(false);
  const list = teams.data ?? [];
  return (
    <>
      <div className="px-3 pt-3">
        <TeamsButton label={currentTeam.buttonLabel} />
      </div>
      <SidebarSection title={t('Teams')}>
        {teams.isError && <SidebarNote tone="error">{t('Error: {{message}}', { message: t(errorMessage(teams.error, TEAM_FETCH_ERRORS.teams)) })}</SidebarNote>}
        <ul className="space-y-px">
          {list.map((team) => {
            const path = `/t/${encodeURIComponent(team.handle)}`;
            const current = decodeURIComponent(pathname).toLowerCase() === `/t/${team.handle.toLowerCase()}`;
            return (
              <li key={team.id}>
                <Link to={path} aria-current={current ? 'page' : undefined} className={sidebarRow(current)}>
                  <TeamTile team={team} />
                  <span className="truncate">{team.name}</span>
                </Link>
              </li>
            );
          })}
          <li>
            <button
              type="button"
              onClick={() => setCreating(true)}
              onPointerEnter={CreateTeamDialog.preload}
              onFocus={CreateTeamDialog.preload}
              className={cn(sidebarRow(false), 'w-full text-zinc-500 dark:text-zinc-400')}
            >
              <Plus aria-hidden="true" className="size-5 shrink-0 p-0.5" />
              {t('Create a team')}
            </button>
          </li>
        </ul>
      </SidebarSection>
      <CreateTeamDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
