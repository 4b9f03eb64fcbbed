import { z } from 'zod';
import { AUDIT_ACTOR_KINDS, EXPORT_KINDS, EXPORT_STATUSES, REPORT_RESOLUTIONS } from '../governance-constants';
import { REPORT_REASONS } from '../safety';
import { ZIsoDateTime } from './users';

// Governance (decision 0028): audit rows, retention, exports and the admin area's answers.

export const ZAuditEvent = z
  .strictObject({
    id: z.uuid(),
    at: ZIsoDateTime,
    actor: z.strictObject({
      kind: z.enum(AUDIT_ACTOR_KINDS),
      /** null: the system. */
      agentId: z.uuid().nullable(),
      /** The actor's name when it acted. */
      name: z.string(),
    }),
    teamId: z.uuid().nullable(),
    action: z.string().meta({ description: 'One of AUDIT_ACTIONS, e.g. `member.role_changed`.' }),
    target: z.strictObject({ kind: z.string(), id: z.string(), name: z.string() }).nullable(),
    /** The client address the change came from (null: no request, e.g. the retention worker). */
    ip: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEvent', description: 'One change of rights or configuration; rows are never changed or deleted.' });
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZAuditEventsResponse = z
  .strictObject({
    events: z.array(ZAuditEvent),
    /** Pass as `before` for the next (older) page; null: this was the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AuditEvents' });
export type TAuditEventsResponse = z.infer<typeof ZAuditEventsResponse>;

export const ZTeamRetention = z
  .strictObject({
    /** null: messages are kept forever. */
    days: z.number().int().nullable(),
    keepPinned: z.boolean(),
  })
  .meta({ id: 'TeamRetention' });
export type TTeamRetention = z.infer<typeof ZTeamRetention>;
export const ZTeamRetentionResponse = z.strictObject({ retention: ZTeamRetention });

export const ZDataExport = z
  .strictObject({
    id: z.uuid(),
    kind: z.enum(EXPORT_KINDS),
    /** The team's handle for a team export. */
    teamHandle: z.string().nullable(),
    status: z.enum(EXPORT_STATUSES),
    progress: z.number().int().min(0).max(100),
    /** The ZIP's size in bytes once ready. */
    size: z.number().int().nullable(),
    error: z.string().nullable(),
    createdAt: ZIsoDateTime,
    finishedAt: ZIsoDateTime.nullable(),
    /** When the ZIP is deleted. */
    expiresAt: ZIsoDateTime.nullable(),
    downloadedAt: ZIsoDateTime.nullable(),
  })
  .meta({ id: 'DataExport' });
export type TDataExport = z.infer<typeof ZDataExport>;
export const ZDataExportResponse = z.strictObject({ export: ZDataExport });
export const ZDataExportsResponse = z.strictObject({ exports: z.array(ZDataExport) });
export type TDataExportsResponse = z.infer<typeof ZDataExportsResponse>;
/** A single-use download link (a path below /api/v1 with its token), good until `expiresAt`. */
export const ZExportLinkResponse = z.strictObject({ url: z.string(), expiresAt: ZIsoDateTime }).meta({ id: 'ExportLink' });
export type TExportLinkResponse = z.infer<typeof ZExportLinkResponse>;

// ---- the admin area ----
export const ZAdminPerson = z
  .strictObject({
    agentId: z.uuid(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    isVerified: z.boolean(),
    isInstanceAdmin: z.boolean(),
    disabledAt: ZIsoDateTime.nullable(),
    createdAt: ZIsoDateTime,
    teamCount: z.number().int(),
    lastSeenAt: ZIsoDateTime.nullable(),
  })
  .meta({ id: 'AdminPerson' });
export type TAdminPerson = z.infer<typeof ZAdminPerson>;
export const ZAdminPeopleResponse = z.strictObject({ people: z.array(ZAdminPerson), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TAdminPeopleResponse = z.infer<typeof ZAdminPeopleResponse>;
export const ZAdminPersonResponse = z.strictObject({ person: ZAdminPerson });

const ZReportParty = z.strictObject({ agentId: z.uuid(), username: z.string(), name: z.string(), disabled: z.boolean() }).nullable();
export const ZAdminReport = z
  .strictObject({
    id: z.uuid(),
    reason: z.enum(REPORT_REASONS),
    details: z.string(),
    reporter: ZReportParty,
    subject: ZReportParty,
    /** The reported message: its text when reported, and whether it still stands. */
    message: z.strictObject({ id: z.uuid().nullable(), excerpt: z.string(), removed: z.boolean() }).nullable(),
    createdAt: ZIsoDateTime,
    resolvedAt: ZIsoDateTime.nullable(),
    resolution: z.enum(REPORT_RESOLUTIONS).nullable(),
  })
  .meta({ id: 'AdminReport' });
export type TAdminReport = z.infer<typeof ZAdminReport>;
export const ZAdminReportsResponse = z.strictObject({ reports: z.array(ZAdminReport), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TAdminReportsResponse = z.infer<typeof ZAdminReportsResponse>;
export const ZAdminReportResponse = z.strictObject({ report: ZAdminReport });

export const ZAdminTeam = z
  .strictObject({
    id: z.uuid(),
    name: z.string(),
    handle: z.string(),
    memberCount: z.number().int(),
    aiAgentCount: z.number().int(),
    roomCount: z.number().int(),
    /** Messages in the last 7 days, and the newest message's time. */
    messagesLastWeek: z.number().int(),
    lastActivityAt: ZIsoDateTime.nullable(),
    owners: z.array(z.strictObject({ agentId: z.uuid(), username: z.string(), name: z.string() })),
    retentionDays: z.number().int().nullable(),
    deletedAt: ZIsoDateTime.nullable(),
    createdAt: ZIsoDateTime,
  })
  .meta({ id: 'AdminTeam' });
export type TAdminTeam = z.infer<typeof ZAdminTeam>;
export const ZAdminTeamsResponse = z.strictObject({ teams: z.array(ZAdminTeam), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type TAdminTeamsResponse = z.infer<typeof ZAdminTeamsResponse>;

/** The model and budget settings this instance runs with (secrets never included). */
export const ZAdminSettingsResponse = z
  .strictObject({
    models: z.array(z.strictObject({ id: z.string(), label: z.string(), isDefault: z.boolean() })),
    providerConfigured: z.boolean(),
    providerBaseUrl: z.string().nullable(),
    teamDailyTokenBudget: z.number().int().nullable(),
    personDailyTokenLimit: z.number().int().nullable(),
    toolsEnabled: z.boolean(),
    ssoProviders: z.array(z.strictObject({ id: z.string(), name: z.string() })),
    passwordSignIn: z.boolean(),
    adminEmails: z.array(z.string()),
    retentionIntervalMinutes: z.number(),
    exportTtlHours: z.number(),
  })
  .meta({ id: 'AdminSettings' });
export type TAdminSettingsResponse = z.infer<typeof ZAdminSettingsResponse>;

/** The mail outbox and the reply jobs, by state. */
export const ZAdminHealthResponse = z
  .strictObject({
    mail: z.strictObject({ pending: z.number().int(), failed: z.number().int(), sentLastDay: z.number().int(), oldestPendingAt: ZIsoDateTime.nullable(), lastError: z.string().nullable() }),
    replies: z.strictObject({
      byStatus: z.record(z.string(), z.number().int()),
      failedLastDay: z.number().int(),
      oldestQueuedAt: ZIsoDateTime.nullable(),
    }),
    exports: z.strictObject({ queued: z.number().int(), running: z.number().int(), failedLastDay: z.number().int() }),
    checkedAt: ZIsoDateTime,
  })
  .meta({ id: 'AdminHealth' });
export type TAdminHealthResponse = z.infer<typeof ZAdminHealthResponse>;

/** Retention removed messages of a conversation (decision 0028): drop them, and history up to `throughSeq`. */
export const ZMessagesRemovedEvent = z
  .strictObject({ conversationId: z.uuid(), messageIds: z.array(z.uuid()), throughSeq: z.number().int().nonnegative() })
  .meta({ id: 'MessagesRemovedEvent' });
export type TMessagesRemovedEvent = z.infer<typeof ZMessagesRemovedEvent>;

/** An export of yours moved on (progress, ready, failed): to the requester's agent room. */
export const ZExportUpdatedEvent = z.strictObject({ export: ZDataExport }).meta({ id: 'ExportUpdatedEvent' });
export type TExportUpdatedEvent = z.infer<typeof ZExportUpdatedEvent>;
