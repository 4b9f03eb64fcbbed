import type { TAuditEvent } from '@agentroom/shared';
import { t } from '../i18n';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
/** A team role inside a sentence ("as member"), in the current language; a role this web does not know shows as stored. */
function roleWord(value: unknown): string {
  const words: Record<string, string> = { owner: t('owner'), admin: t('admin'), member: t('member') };
  return typeof value === 'string' ? (words[value] ?? value) : '';
}
const numberOr = (value: unknown): number | null | undefined => (typeof value === 'number' ? value : value === null ? null : undefined);

/** Retention's new days: `{ days }` or `{ to: { days } }` (null: off). */
function retentionDays(details: Record<string, unknown>): number | null {
  const direct = numberOr(details.days);
  if (direct !== undefined) return direct;
  const to = details.to;
  if (to && typeof to === 'object') return numberOr((to as Record<string, unknown>).days) ?? null;
  return numberOr(to) ?? null;
}

/** How many messages the retention worker removed. */
function removedCount(details: Record<string, unknown>): number {
  for (const key of ['count', 'removed', 'messages', 'messageCount']) if (typeof details[key] === 'number') return details[key];
  return 0;
}

/**
 * One sentence for a row, without its actor ("changed grace's role from member to admin"). Each
 * action of AUDIT_ACTIONS has its own literal text so every language can phrase it; an action this
 * web does not know yet shows its key.
 */
export function auditSentence(event: TAuditEvent): string {
  const target = event.target?.name ?? '';
  const d = event.details;
  switch (event.action) {
    case 'team.created':
      return t('created the team {{target}}', { target });
    case 'team.updated':
      return t("changed the team's name or settings");
    case 'team.deleted':
      return t('deleted the team {{target}}', { target });
    case 'team.restored':
      return t('restored the team {{target}}', { target });
    case 'team.budget_changed':
      return t("changed the team's AI budget");
    case 'team.retention_changed': {
      const count = retentionDays(d);
      return count === null ? t('turned message retention off') : t('set message retention to {{count}} days', { count });
    }
    case 'member.added':
      return t('added {{target}} to the team as {{role}}', { target, role: roleWord(d.role) });
    case 'member.removed':
      return t('removed {{target}} from the team', { target });
    case 'member.left':
      return t('left the team');
    case 'member.role_changed':
      return t("changed {{target}}'s role from {{from}} to {{to}}", { target, from: roleWord(d.from), to: roleWord(d.to) });
    case 'invitation.created':
      return t('invited {{target}}', { target });
    case 'invitation.revoked':
      return t('revoked the invitation of {{target}}', { target });
    case 'invitation.accepted':
      return t('accepted an invitation and joined as {{role}}', { role: roleWord(d.role) });
    case 'room.created':
      return t('created room #{{target}}', { target });
    case 'room.updated':
      return t('changed room #{{target}}', { target });
    case 'room.member_added':
      return t('added {{member}} to room #{{target}}', { target, member: memberName(d) });
    case 'room.member_removed':
      return t('removed {{member}} from room #{{target}}', { target, member: memberName(d) });
    case 'agent.created':
      return t('created the AI agent {{target}}', { target });
    case 'agent.updated':
      return t('changed the AI agent {{target}}', { target });
    case 'agent.tools_changed':
      return t("changed {{target}}'s tools", { target });
    case 'mcp_server.created':
      return t('added the tool server {{target}}', { target });
    case 'mcp_server.updated':
      return t('changed the tool server {{target}}', { target });
    case 'mcp_server.deleted':
      return t('removed the tool server {{target}}', { target });
    case 'approval.decided':
      return t('decided on a request to use {{target}}', { target });
    case 'external_agent.created':
      return t('connected the external agent {{target}}', { target });
    case 'external_agent.updated':
      return t('changed the external agent {{target}}', { target });
    case 'external_agent.deleted':
      return t('removed the external agent {{target}}', { target });
    case 'external_agent.token_created':
      return t('created a token for {{target}}', { target });
    case 'external_agent.token_rotated':
      return t('replaced the token of {{target}}', { target });
    case 'external_agent.token_revoked':
      return t('revoked the token of {{target}}', { target });
    case 'auth.locked_sign_in':
      return t('locked signing in to {{target}} after too many attempts', { target });
    case 'export.requested':
      return t('started an export');
    case 'export.downloaded':
      return t('downloaded an export');
    case 'retention.removed':
      return t('removed {{count}} messages past retention', { count: removedCount(d) });
    case 'account.disabled':
      return t('disabled the account {{target}}', { target });
    case 'account.enabled':
      return t('enabled the account {{target}}', { target });
    case 'report.resolved':
      return t('resolved a report');
    case 'message.removed':
      return t('removed a reported message');
    default:
      return event.action;
  }
}

function memberName(details: Record<string, unknown>): string {
  const member = details.member;
  if (member && typeof member === 'object') return text((member as Record<string, unknown>).username);
  return '';
}

/** The kind filter's label for an area of AUDIT_KINDS. */
export function auditKindLabel(kind: string): string {
  switch (kind) {
    case 'team':
      return t('Team');
    case 'member':
      return t('Members');
    case 'invitation':
      return t('Invitations');
    case 'room':
      return t('Rooms');
    case 'agent':
      return t('AI agents');
    case 'mcp_server':
      return t('Tool servers');
    case 'approval':
      return t('Approvals');
    case 'external_agent':
      return t('External agents');
    case 'auth':
      return t('Sign-in');
    case 'export':
      return t('Exports');
    case 'retention':
      return t('Retention');
    case 'account':
      return t('Accounts');
    case 'report':
      return t('Reports');
    case 'message':
      return t('Messages');
    default:
      return kind;
  }
}
