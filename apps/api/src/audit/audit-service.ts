import { GOVERNANCE_ERRORS, isUuid, TEAM_ERRORS, TEAM_MESSAGES, type TAdminAuditQuery, type TAuditEvent, type TAuditEventsResponse, type TAuditQuery } from '@agentroom/shared';
import type { AppContext } from '../context';
import { badRequest, forbidden, notFound } from '../core/app-error';
import { findAuditEvents, findTeamRoleByHandle, type AuditCursor, type AuditEventRow } from './audit-sql';

// Postgres prints timestamptz as `2026-11-28 08:01:02.123456+00`: only such a text goes back into the query.
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/** The cursor is opaque to clients: base64url of the last row's exact time and id. */
const encodeCursor = (row: AuditEventRow) => Buffer.from(JSON.stringify([row.createdAtText, row.id])).toString('base64url');

function decodeCursor(raw: string | undefined): AuditCursor | undefined {
  if (raw === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw badCursor();
  const [createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string' || !TIMESTAMP_TEXT.test(createdAt) || !isUuid(id)) throw badCursor();
  return { createdAt, id };
}

const badCursor = () => badRequest(GOVERNANCE_ERRORS.auditCursor, { before: GOVERNANCE_ERRORS.auditCursor });

function presentAuditEvent(row: AuditEventRow): TAuditEvent {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: { kind: row.actorKind, agentId: row.actorAgentId, name: row.actorName },
    teamId: row.teamId,
    action: row.action,
    target: row.targetKind ? { kind: row.targetKind, id: row.targetId ?? '', name: row.targetName } : null,
    ip: row.ip,
    details: row.details,
  };
}

async function auditPage(ctx: AppContext, teamId: string | null, query: TAuditQuery): Promise<TAuditEventsResponse> {
  const before = decodeCursor(query.before);
  // One row more than the page tells whether an older page exists.
  const rows = await findAuditEvents(ctx.db, { teamId, actor: query.actor, kind: query.kind, since: query.since, until: query.until, before, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { events: page.map(presentAuditEvent), nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}

/**
 * GET /teams/:handle/audit: the team's owners only. As every team route: an unknown handle 404, someone
 * not in the team 403 'Access denied', an admin or member 403 'owners only'.
 */
export async function listTeamAuditEvents(ctx: AppContext, handle: string, agentId: string, query: TAuditQuery): Promise<TAuditEventsResponse> {
  const found = await findTeamRoleByHandle(ctx.db, handle, agentId);
  if (!found) throw notFound(TEAM_ERRORS.notFound);
  if (!found.role) throw forbidden(TEAM_ERRORS.accessDenied);
  if (found.role.toLowerCase() !== 'owner') throw forbidden(TEAM_MESSAGES.ownersOnly);
  return auditPage(ctx, found.teamId, query);
}

/** GET /admin/audit: every row, the instance's own too (the route's guard lets only administrators in). */
export async function listAdminAuditEvents(ctx: AppContext, query: TAdminAuditQuery): Promise<TAuditEventsResponse> {
  return auditPage(ctx, query.team ?? null, query);
}
