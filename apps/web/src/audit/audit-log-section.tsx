import type { TTeam } from '@agentroom/shared';
import { useTeamAgents } from '../teams/team-queries';
import { auditApi } from './audit-api';
import { AuditLogView } from './audit-log-view';

/** Team settings → Audit log (owners; decision 0028): the team's changes, filterable by member. */
export function AuditLogSection({ team }: { team: TTeam }) {
  const agents = useTeamAgents(team.handle);
  const actors = (agents.data ?? []).map((agent) => ({ id: agent.id, name: agent.fullName || agent.username }));
  return <AuditLogView queryKey={['team', team.handle]} fetchPage={(query) => auditApi.teamLog(team.handle, query)} actors={actors} />;
}
