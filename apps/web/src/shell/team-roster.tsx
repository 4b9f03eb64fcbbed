import { Link } from 'react-router';
import { TEAM_FETCH_ERRORS, type TTeam, type TTeamAgent } from '@agentroom/shared';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { useT } from '../i18n';
import { chatPath } from '../lib/app-paths';
import { AvatarWithPresence } from '../people/avatar-with-presence';
import { useTeamAgents } from '../teams/team-queries';
import { SidebarNote, SidebarSection, sidebarRow } from './sidebar-section';
import { isOpenChat, useShellLocation } from './use-shell-location';

function AgentLink({ agent, team }: { agent: TTeamAgent; team: TTeam }) {
  const location = useShellLocation();
  const current = isOpenChat(location, agent.username, team.handle);
  return (
    <Link
      to={chatPath(agent.username, team.handle)}
      // As the team cards do: the chat page starts with the agent instead of looking it up.
      state={{ agent }}
      aria-current={current ? 'page' : undefined}
      className={sidebarRow(current)}
    >
      <AvatarWithPresence src={agent.avatarUrl} name={agent.fullName} isOnline={agent.isOnline} doNotDisturb={agent.doNotDisturb} />
      <span className="truncate">{agent.fullName}</span>
    </Link>
  );
}

function AgentGroup({ title, agents, team, empty }: { title: string; agents: TTeamAgent[]; team: TTeam; empty: string }) {
  return (
    <SidebarSection title={title}>
      {agents.length === 0 ? (
        <SidebarNote>{empty}</SidebarNote>
      ) : (
        <ul className="space-y-px">
          {agents.map((agent) => (
            <li key={agent.id}>
              <AgentLink agent={agent} team={team} />
            </li>
          ))}
        </ul>
      )}
    </SidebarSection>
  );
}

/** The current team's people and AI agents (GET /teams/:handle/agents), each opening the team-scoped chat. */
export function TeamRoster({ team }: { team: TTeam }) {
  const { t } = useT();
  const { user } = useAuth();
  const agents = useTeamAgents(team.handle);
  if (agents.isPending)
    return (
      <SidebarSection title={t('People')}>
        <SidebarNote>{t('Loading...')}</SidebarNote>
      </SidebarSection>
    );
  if (agents.isError)
    return (
      <SidebarSection title={t('People')}>
        <SidebarNote tone="error">{t('Error: {{message}}', { message: t(errorMessage(agents.error, TEAM_FETCH_ERRORS.agents)) })}</SidebarNote>
      </SidebarSection>
    );
  const others = agents.data.filter((agent) => agent.id !== user?.agentId);
  return (
    <>
      <AgentGroup title={t('People')} agents={others.filter((a) => a.isHuman)} team={team} empty={t('Only you so far.')} />
      <AgentGroup title={t('AI agents')} agents={others.filter((a) => !a.isHuman)} team={team} empty={t('No AI agents yet.')} />
    </>
  );
}
