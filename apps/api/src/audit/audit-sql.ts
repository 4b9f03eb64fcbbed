import { and, desc, eq, getTableColumns, gte, isNull, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditEvents, teamMembers, teams } from '../db/schema';

/** A page's position: the last row's exact `created_at` (as Postgres prints it, microseconds and all) and id. */
export interface AuditCursor {
  createdAt: string;
  id: string;
}

export interface AuditFilter {
  /** null: every team's rows and the instance's own (the administrators' log). */
  teamId: string | null;
  actor?: string;
  /** An area (`member`) or a whole action (`member.role_changed`). */
  kind?: string;
  since?: string;
  until?: string;
  before?: AuditCursor;
  limit: number;
}

export type AuditEventRow = typeof auditEvents.$inferSelect & { createdAtText: string };

/** Newest first, `limit` rows at most, after the cursor. */
export async function findAuditEvents(db: DbOrTx, filter: AuditFilter): Promise<AuditEventRow[]> {
  const where: (SQL | undefined)[] = [
    filter.teamId ? eq(auditEvents.teamId, filter.teamId) : undefined,
    filter.actor ? eq(auditEvents.actorAgentId, filter.actor) : undefined,
    filter.kind ? (filter.kind.includes('.') ? eq(auditEvents.action, filter.kind) : like(auditEvents.action, `${filter.kind}.%`)) : undefined,
    filter.since ? gte(auditEvents.createdAt, new Date(filter.since)) : undefined,
    filter.until ? lte(auditEvents.createdAt, new Date(filter.until)) : undefined,
    filter.before
      ? or(
          lt(auditEvents.createdAt, sql`${filter.before.createdAt}::timestamptz`),
          and(eq(auditEvents.createdAt, sql`${filter.before.createdAt}::timestamptz`), lt(auditEvents.id, filter.before.id)),
        )
      : undefined,
  ];
  return db
    .select({ ...getTableColumns(auditEvents), createdAtText: sql<string>`${auditEvents.createdAt}::text` })
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(filter.limit);
}

/** The caller's role in the active (not deleted) team with this handle: team undefined when there is none. */
export async function findTeamRoleByHandle(db: DbOrTx, handle: string, agentId: string): Promise<{ teamId: string; role: string | null } | undefined> {
  const [row] = await db
    .select({ teamId: teams.id, role: teamMembers.role })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.agentId, agentId), isNull(teamMembers.leftAt)))
    .where(and(sql`lower(${teams.handle}) = lower(${handle})`, isNull(teams.deletedAt)))
    .limit(1);
  return row;
}
