import { isTeamManagerRole, type TTeam, type TTeamMemberPreview } from '@agentroom/shared';
import { presentAgentCard } from '../agents/agent-presenters';
import type { MembershipRow, TeamRow } from '../db/rows';
import type { MemberWithAgent } from './teams-repo';

function presentMemberPreview({ agent }: MemberWithAgent): TTeamMemberPreview {
  const card = presentAgentCard(agent);
  return { id: card.id, username: card.username, agentName: card.fullName, avatarUrl: card.avatarUrl, isHuman: card.isHuman };
}

/** A team as the API shows it, plus memberCount (active memberships) and members, and what the caller may do. */
export function presentTeam(team: TeamRow, members: MemberWithAgent[], myMembership: MembershipRow): TTeam {
  return {
    id: team.id,
    name: team.name,
    handle: team.handle,
    description: team.description,
    isPrivate: team.isPrivate,
    maxMembers: team.maxMembers,
    branding: team.branding,
    createdAt: team.createdAt.toISOString(),
    memberCount: members.length,
    members: members.map(presentMemberPreview),
    myRole: myMembership.role,
    canManage: isTeamManagerRole(myMembership.role),
    retention: { days: team.retentionDays, keepPinned: team.retentionKeepPinned },
  };
}
