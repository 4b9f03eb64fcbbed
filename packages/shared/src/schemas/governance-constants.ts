/**
 * Governance (decision 0028): the audit log's kinds, retention's bounds, exports' states, and what an
 * instance administrator may do with a report. Plain constants, so the API's schema and the web share them.
 */

/** Who made a change: a person, an external agent with its token, or the instance itself (a worker). */
export const AUDIT_ACTOR_KINDS = ['person', 'external_agent', 'system'] as const;
export type TAuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** What an audit row is about (its target's kind). */
export const AUDIT_TARGET_KINDS = ['team', 'agent', 'account', 'room', 'invitation', 'mcp_server', 'tool_call', 'external_agent', 'message', 'report', 'export'] as const;
export type TAuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/**
 * Every change the audit log records, by area. The filter's "kind" is the part before the dot
 * (`member`), or a whole action (`member.role_changed`).
 */
export const AUDIT_ACTIONS = [
  'team.created',
  'team.updated',
  'team.deleted',
  'team.restored',
  'team.budget_changed',
  'team.retention_changed',
  'member.added',
  'member.removed',
  'member.left',
  'member.role_changed',
  'invitation.created',
  'invitation.revoked',
  'invitation.accepted',
  'room.created',
  'room.updated',
  'room.member_added',
  'room.member_removed',
  'agent.created',
  'agent.updated',
  'agent.tools_changed',
  'mcp_server.created',
  'mcp_server.updated',
  'mcp_server.deleted',
  'approval.decided',
  'external_agent.created',
  'external_agent.updated',
  'external_agent.deleted',
  'external_agent.token_created',
  'external_agent.token_rotated',
  'external_agent.token_revoked',
  'auth.locked_sign_in',
  'export.requested',
  'export.downloaded',
  'retention.removed',
  'account.disabled',
  'account.enabled',
  'report.resolved',
  'message.removed',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** The areas of AUDIT_ACTIONS (`team`, `member`, …): the kind filter's coarse choices. */
export const AUDIT_KINDS = [...new Set(AUDIT_ACTIONS.map((action) => action.split('.')[0]!))] as readonly string[];

export const AUDIT_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;

/** Retention's bounds in days (null: kept forever). */
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;

export const EXPORT_KINDS = ['account', 'team'] as const;
export type TExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type TExportStatus = (typeof EXPORT_STATUSES)[number];

/** What an instance administrator did with a report. */
export const REPORT_RESOLUTIONS = ['dismissed', 'message_removed', 'account_disabled'] as const;
export type TReportResolution = (typeof REPORT_RESOLUTIONS)[number];

export const GOVERNANCE_ERRORS = {
  auditKind: 'Unknown kind of change',
  auditTime: 'Times must be ISO dates, the start before the end',
  auditCursor: 'Unknown page cursor',
  retentionDays: `Keep messages between ${RETENTION_DAYS_MIN} and ${RETENTION_DAYS_MAX} days, or turn retention off`,
  exportNotFound: 'Export not found',
  exportNotReady: 'This export is not ready yet',
  exportExpired: 'This export has expired. Start a new one.',
  exportLinkUsed: 'This download link was already used or has expired',
  exportRunning: 'An export is already being prepared',
  accountDisabled: 'This account has been disabled',
  personNotFound: 'Person not found',
  reportNotFound: 'Report not found',
  reportResolved: 'This report was already resolved',
  reportNoMessage: 'This report names no message to remove',
  notYourself: 'You cannot disable your own account',
} as const;

/** Names the web shows in menus (the account menu's "Your data", the shell's link to the admin area). */
export const GOVERNANCE_TEXTS = {
  yourData: 'Your data',
  adminArea: 'Administration',
} as const;
