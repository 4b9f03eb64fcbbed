import type { AppContext } from '../../context';
import { findAgent, findTeamsByIds, listTeamAgents } from '../chat-link';
import { findConversationTeam } from './builtin-tools-repo';
import type { RunAs, ToolResult } from './tool-types';

/**
 * list_team_members: the people and AI agents of the conversation's team (else the agent's own
 * team), through the team's member list as the person who asked sees it: someone not in that team
 * is told so, and learns nothing of it.
 */
export async function runListTeamMembers(ctx: AppContext, runAs: RunAs): Promise<ToolResult> {
  if (!runAs.personId) return { text: 'No person asked for this reply, so there is nobody to list members as.', isError: true };
  const teamId = (await findConversationTeam(ctx.db, runAs.conversationId))?.teamId ?? (await findAgent(ctx.db, runAs.agentId))?.ownerTeamId;
  const [team] = teamId ? await findTeamsByIds(ctx.db, [teamId]) : [];
  if (!team || team.deletedAt) return { text: 'This conversation belongs to no team.', isError: true };
  const members = await listTeamAgents(ctx, team.handle, runAs.personId).catch(() => undefined);
  if (!members) return { text: 'The person who asked is not a member of this team.', isError: true };
  const list = members.map((m) => ({
    name: m.fullName || [m.firstName, m.lastName].filter(Boolean).join(' ') || m.username,
    username: m.username,
    kind: m.isHuman ? 'person' : 'AI agent',
    ...(m.role ? { role: m.role } : {}),
    teamRole: m.membershipRole,
  }));
  return { text: JSON.stringify({ team: team.name, members: list }), isError: false };
}
