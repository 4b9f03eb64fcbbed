import type { TTeam } from '@agentroom/shared';

/**
 * Team settings as pages: /t/:handle/settings/{section}. Everyone sees the members, the
 * rooms and the danger zone (leaving); managers also invitations, AI agents, external agents and MCP servers; owners the
 * details and the AI budget.
 */
const TEAM_SETTINGS_SECTIONS = [
  { id: 'members', label: 'Members', description: 'Who is in the team, their roles; add someone by username', shownTo: 'everyone' },
  { id: 'invitations', label: 'Invitations', description: 'Invite people by email, see and revoke pending invitations', shownTo: 'managers' },
  { id: 'agents', label: 'AI agents', description: "The team's AI agents: create and edit them", shownTo: 'managers' },
  { id: 'external-agents', label: 'External agents', description: 'Agents your team runs outside Agentroom: their tokens and webhooks', shownTo: 'managers' },
  { id: 'mcp-servers', label: 'MCP servers', description: 'Servers whose tools your AI agents may use', shownTo: 'managers' },
  { id: 'rooms', label: 'Rooms', description: "The team's rooms, and a new one", shownTo: 'everyone' },
  { id: 'details', label: 'Details', description: 'Name, description and AI usage', shownTo: 'owners' },
  { id: 'budget', label: 'AI budget', description: "Daily AI tokens for the team and for each person", shownTo: 'owners' },
  { id: 'danger', label: 'Danger zone', description: 'Leave the team, or delete it', shownTo: 'everyone' },
] as const;

export type TTeamSettingsSection = (typeof TEAM_SETTINGS_SECTIONS)[number]['id'];

/** The sections `team` shows to me, in order. */
export function sectionsFor(team: Pick<TTeam, 'canManage' | 'myRole'>) {
  return TEAM_SETTINGS_SECTIONS.filter(
    (section) => section.shownTo === 'everyone' || (section.shownTo === 'managers' && team.canManage) || (section.shownTo === 'owners' && team.myRole === 'owner'),
  );
}

/** '/t/{handle}/settings', or one section of it. */
export function teamSettingsPath(handle: string, section?: TTeamSettingsSection): string {
  const base = `/t/${encodeURIComponent(handle)}/settings`;
  return section ? `${base}/${section}` : base;
}
