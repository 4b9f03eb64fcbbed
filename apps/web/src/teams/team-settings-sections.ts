import type { TTeam } from '@agentroom/shared';
import { t } from '../i18n';

/**
 * Team settings as pages: /t/:handle/settings/{section}. Everyone sees the members, the
 * rooms and the danger zone (leaving); managers also invitations, AI agents, external agents and MCP servers; owners the
 * details, the AI budget, message retention, the audit log and the team's export (decision 0028).
 */
const TEAM_SETTINGS_SECTIONS = [
  { id: 'members', shownTo: 'everyone' },
  { id: 'invitations', shownTo: 'managers' },
  { id: 'agents', shownTo: 'managers' },
  { id: 'external-agents', shownTo: 'managers' },
  { id: 'mcp-servers', shownTo: 'managers' },
  { id: 'rooms', shownTo: 'everyone' },
  { id: 'details', shownTo: 'owners' },
  { id: 'budget', shownTo: 'owners' },
  { id: 'retention', shownTo: 'owners' },
  { id: 'audit', shownTo: 'owners' },
  { id: 'export', shownTo: 'owners' },
  { id: 'danger', shownTo: 'everyone' },
] as const;

export type TTeamSettingsSection = (typeof TEAM_SETTINGS_SECTIONS)[number]['id'];

/** Each section's name and what it holds, in the current language (read when the sections are listed). */
const sectionTexts = (): Record<TTeamSettingsSection, { label: string; description: string }> => ({
  members: { label: t('Members'), description: t('Who is in the team, their roles; add someone by username') },
  invitations: { label: t('Invitations'), description: t('Invite people by email, see and revoke pending invitations') },
  agents: { label: t('AI agents'), description: t("The team's AI agents: create and edit them") },
  'external-agents': { label: t('External agents'), description: t('Agents your team runs outside Agentroom: their tokens and webhooks') },
  'mcp-servers': { label: t('MCP servers'), description: t('Servers whose tools your AI agents may use') },
  rooms: { label: t('Rooms'), description: t("The team's rooms, and a new one") },
  details: { label: t('Details'), description: t('Name, description and AI usage') },
  budget: { label: t('AI budget'), description: t('Daily AI tokens for the team and for each person') },
  retention: { label: t('Message retention'), description: t('How long the team keeps messages') },
  audit: { label: t('Audit log'), description: t('Who changed what in the team, and when') },
  export: { label: t('Export'), description: t("Download the team's rooms, messages, members and agents") },
  danger: { label: t('Danger zone'), description: t('Leave the team, or delete it') },
});

/** The sections `team` shows to me, in order, with their texts. */
export function sectionsFor(team: Pick<TTeam, 'canManage' | 'myRole'>) {
  const texts = sectionTexts();
  return TEAM_SETTINGS_SECTIONS.filter(
    (section) => section.shownTo === 'everyone' || (section.shownTo === 'managers' && team.canManage) || (section.shownTo === 'owners' && team.myRole === 'owner'),
  ).map((section) => ({ ...section, ...texts[section.id] }));
}

/** '/t/{handle}/settings', or one section of it. */
export function teamSettingsPath(handle: string, section?: TTeamSettingsSection): string {
  const base = `/t/${encodeURIComponent(handle)}/settings`;
  return section ? `${base}/${section}` : base;
}
