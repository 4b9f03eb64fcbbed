import { useRef } from 'react';
import { Link } from 'react-router';
import { TEAM_FETCH_ERRORS } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useT } from '../i18n';
import { AddMemberForm } from '../teams/team-add-member-form';
import { AiAgentsSection } from '../teams/team-ai-agents-section';
import { TeamInvitationsSection } from '../teams/team-invitations-section';
import { useTeamContext } from '../teams/team-layout';
import { LeaveTeamSection } from '../teams/team-leave-section';
import { TeamMembersSection } from '../teams/team-members-section';
import { DeleteTeamSection, TeamDetailsForm } from '../teams/team-owner-sections';
import { useTeamAgents } from '../teams/team-queries';
import type { TTeamSettingsSection } from '../teams/team-settings-sections';
import { ExternalAgentsSection } from '../external-agents/external-agents-section';
import { Button } from '../ui/button';
import { ErrorState, LoadingState } from '../ui/page-states';
import { McpServersSection } from '../tools-settings/mcp-servers-section';
import { TeamBudgetSection } from './team-budget-section';
import { TeamRoomsSection } from './team-rooms-section';
import { AuditLogSection } from '../audit/audit-log-section';
import { RetentionSection } from '../audit/retention-section';
import { TeamExportSection } from '../exports/team-export-section';

const subTitle = 'text-sm font-semibold text-zinc-900 dark:text-zinc-100';

/** Sections that list the team's agents wait for them (members, AI agents). */
function WithAgents({ children }: { children: (agents: NonNullable<ReturnType<typeof useTeamAgents>['data']>) => React.ReactNode }) {
  const { t } = useT();
  const { team } = useTeamContext();
  const agents = useTeamAgents(team.handle);
  if (agents.isPending) return <LoadingState text={t('Retrieving agents...')} />;
  if (agents.isError)
    return (
      <ErrorState message={errorMessage(agents.error, TEAM_FETCH_ERRORS.agents)}>
        <Button variant="secondary" onClick={() => agents.refetch()}>
          {t('Try again')}
        </Button>
      </ErrorState>
    );
  return <>{children(agents.data)}</>;
}

function DangerZone() {
  const { t } = useT();
  const { team } = useTeamContext();
  const deleteForm = useRef<HTMLDivElement>(null);
  // "Delete team" offered instead of leaving: the typed confirmation below it (focusing scrolls it into view).
  const toDelete = () => deleteForm.current?.querySelector('input')?.focus();
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h3 className={subTitle}>{t('Leave the team')}</h3>
        <LeaveTeamSection team={team} onDeleteInstead={toDelete} />
      </div>
      {team.myRole === 'owner' && (
        <div ref={deleteForm} className="space-y-2">
          <h3 className="text-sm font-semibold text-red-700 dark:text-red-400">{t('Delete team')}</h3>
          <DeleteTeamSection team={team} />
        </div>
      )}
    </div>
  );
}

/** One settings section's content; which sections a person sees is team-settings-sections.ts's. */
export function TeamSettingsContent({ section }: { section: TTeamSettingsSection }) {
  const { t } = useT();
  const { team } = useTeamContext();
  switch (section) {
    case 'members':
      return (
        <WithAgents>
          {(agents) => (
            <div className="space-y-6">
              <TeamMembersSection team={team} agents={agents} />
              {team.canManage && (
                <div className="space-y-2">
                  <h3 className={subTitle}>{t('Add a member')}</h3>
                  <AddMemberForm handle={team.handle} />
                </div>
              )}
            </div>
          )}
        </WithAgents>
      );
    case 'invitations':
      return <TeamInvitationsSection handle={team.handle} />;
    case 'agents':
      return <WithAgents>{(agents) => <AiAgentsSection handle={team.handle} agents={agents} />}</WithAgents>;
    case 'external-agents':
      return <ExternalAgentsSection handle={team.handle} />;
    case 'mcp-servers':
      return <McpServersSection handle={team.handle} />;
    case 'rooms':
      return <TeamRoomsSection team={team} />;
    case 'details':
      return (
        <div className="space-y-6">
          <TeamDetailsForm team={team} />
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('Tokens per day by AI agent and by the person who asked, against the daily budget.')}{' '}
            <Link to={`/t/${encodeURIComponent(team.handle)}/usage`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              {t('See AI usage')}
            </Link>
          </p>
        </div>
      );
    case 'budget':
      return <TeamBudgetSection />;
    case 'retention':
      return <RetentionSection team={team} />;
    case 'audit':
      return <AuditLogSection team={team} />;
    case 'export':
      return <TeamExportSection team={team} />;
    case 'danger':
      return <DangerZone />;
  }
}
