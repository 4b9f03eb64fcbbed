import { z } from 'zod';
import { isUuid } from '../validation';
import {
  AUDIT_ACTIONS,
  AUDIT_KINDS,
  AUDIT_PAGE_SIZE_DEFAULT,
  AUDIT_PAGE_SIZE_MAX,
  GOVERNANCE_ERRORS,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
} from './governance-constants';
import { safeString } from './text';

// Governance (decision 0028): the audit log's filters, retention, exports and the admin area's requests.

const uuid = (message: string) => safeString().refine(isUuid, { message });
const isoTime = z.iso.datetime({ offset: true, error: GOVERNANCE_ERRORS.auditTime });

/** `kind` is an area (`member`) or one action (`member.role_changed`). */
const ZAuditKind = safeString()
  .refine((kind) => AUDIT_KINDS.includes(kind) || (AUDIT_ACTIONS as readonly string[]).includes(kind), { message: GOVERNANCE_ERRORS.auditKind });

/** GET …/audit: newest first, `before` is the last row's cursor of the page before. */
export const ZAuditQuery = z
  .object({
    actor: uuid('actor must be an agent id').optional(),
    kind: ZAuditKind.optional(),
    since: isoTime.optional(),
    until: isoTime.optional(),
    before: safeString().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE_DEFAULT),
  })
  .refine((q) => !q.since || !q.until || q.since <= q.until, { message: GOVERNANCE_ERRORS.auditTime, path: ['since'] });
export type TAuditQuery = z.output<typeof ZAuditQuery>;

/** The instance administrators' log: every team's rows and the instance's own, optionally one team's. */
export const ZAdminAuditQuery = z
  .object({
    actor: uuid('actor must be an agent id').optional(),
    kind: ZAuditKind.optional(),
    since: isoTime.optional(),
    until: isoTime.optional(),
    before: safeString().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE_DEFAULT),
    team: uuid('team must be a team id').optional(),
  })
  .refine((q) => !q.since || !q.until || q.since <= q.until, { message: GOVERNANCE_ERRORS.auditTime, path: ['since'] });
export type TAdminAuditQuery = z.output<typeof ZAdminAuditQuery>;

/** PUT /teams/:handle/retention: `days` null turns retention off. */
export const ZUpdateRetentionRequest = z.strictObject({
  days: z.number({ error: GOVERNANCE_ERRORS.retentionDays }).int({ error: GOVERNANCE_ERRORS.retentionDays }).min(RETENTION_DAYS_MIN, { error: GOVERNANCE_ERRORS.retentionDays }).max(RETENTION_DAYS_MAX, { error: GOVERNANCE_ERRORS.retentionDays }).nullable(),
  keepPinned: z.boolean(),
});
export type TUpdateRetentionRequest = z.input<typeof ZUpdateRetentionRequest>;

export const ZExportParams = z.object({ id: uuid(GOVERNANCE_ERRORS.exportNotFound) });
/** GET /exports/:id/download?token=…: the single-use token of a link from createExportLink. */
export const ZExportDownloadQuery = z.object({ token: safeString({ error: GOVERNANCE_ERRORS.exportLinkUsed }).min(1, { error: GOVERNANCE_ERRORS.exportLinkUsed }).max(200) });

// ---- the admin area ----
export const ZAdminPeopleQuery = z.object({
  q: safeString().trim().max(200).optional(),
  /** Only disabled accounts. */
  disabled: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TAdminPeopleQuery = z.output<typeof ZAdminPeopleQuery>;
export const ZAdminPersonParams = z.object({ agentId: uuid(GOVERNANCE_ERRORS.personNotFound) });
export const ZDisableAccountRequest = z.strictObject({ reason: safeString().trim().max(500).optional() });

export const ZAdminReportsQuery = z.object({
  status: z.enum(['open', 'resolved']).default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TAdminReportsQuery = z.output<typeof ZAdminReportsQuery>;
export const ZAdminReportParams = z.object({ id: uuid(GOVERNANCE_ERRORS.reportNotFound) });
export const ZResolveReportRequest = z.strictObject({ action: z.enum(['dismiss', 'remove_message', 'disable_account']) });
export type TResolveReportRequest = z.input<typeof ZResolveReportRequest>;

export const ZAdminTeamsQuery = z.object({
  q: safeString().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TAdminTeamsQuery = z.output<typeof ZAdminTeamsQuery>;
