import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Settings, Users } from 'lucide-react';
import { TEAM_FETCH_ERRORS } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';
import { AgentCard } from './agent-card';
import { PrivateTeamMark } from './private-team-mark';
import { useTeamContext } from './team-layout';
import { useTeamAgents } from './team-queries';
import { teamSettingsPath } from './team-settings-sections';

/** /t/:handle index: the team's agents as cards, and the way into its settings pages; `nextSteps` above the cards. */
export default function TeamPage({ nextSteps }: { nextSteps?: ReactNode }) {
  const { t } = useT();
  const { team } = useTeamContext();
  const agents = useTeamAgents(team.handle);
  const list = agents.data ?? [];

  return (
    <>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-8">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
              <span className="truncate">{team.name}</span>
              {team.isPrivate && <PrivateTeamMark className="size-4" />}
            </h1>
            {team.description && <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{team.description}</p>}
            <p className="mt-2 flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
              <Users aria-hidden="true" className="size-3.5" />
              {t('{{count}} members', { count: team.memberCount })} · /t/{team.handle}
            </p>
          </div>
          <Button asChild variant="secondary">
            <Link to={teamSettingsPath(team.handle)}>
              <Settings aria-hidden="true" className="size-4" />
              {team.canManage ? t('Manage Team') : t('Team Settings')}
            </Link>
          </Button>
        </div>
        {nextSteps}

        <section aria-label={t('Agents')} className="mt-8">
          {agents.isPending ? (
            <LoadingState text={t('Retrieving agents...')} />
          ) : agents.isError ? (
            <ErrorState message={errorMessage(agents.error, TEAM_FETCH_ERRORS.agents)}>
              <Button variant="secondary" onClick={() => agents.refetch()}>
                {t('Try again')}
              </Button>
            </ErrorState>
          ) : list.length === 0 ? (
            <p className="py-16 text-center text-sm text-zinc-500 dark:text-zinc-400">{t('No agents in this team yet.')}</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((agent) => (
                <li key={agent.id}>
                  <AgentCard agent={agent} handle={team.handle} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
