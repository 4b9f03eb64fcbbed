import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { agents, teamMembers, teams } from '../db/schema';
import type { AgentRow, MembershipRow, TeamRow } from '../db/rows';
import { teamHoldsThingsSql } from './teams-sql';

const HANDLE_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The active team with this handle. A deleted one is not found, for its members as for anyone: every
 * team-scoped route reads the team here (team-access.ts), so a deleted team vanishes from all at once.
 */
export async function findTeamByHandle(db: DbOrTx, handle: string): Promise<TeamRow | undefined> {
  const team = await findTeamByHandleEvenDeleted(db, handle);
  return team && !team.deletedAt ? team : undefined;
}

/** The team with this handle, deleted or not (restoring one; a handle stays taken until the purge). */
export async function findTeamByHandleEvenDeleted(db: DbOrTx, handle: string): Promise<TeamRow | undefined> {
  // A handle that could never exist is simply not found, without a query.
  if (!HANDLE_SHAPE.test(handle)) return undefined;
  const [team] = await db
    .select()
    .from(teams)
    .where(sql`lower(${teams.handle}) = lower(${handle})`)
    .limit(1);
  return team;
}

/** The agent's active membership (left_at null) of the team, if any. */
export async function findActiveMembership(db: DbOrTx, teamId: string, agentId: string): Promise<MembershipRow | undefined> {
  const [membership] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.agentId, agentId), isNull(teamMembers.leftAt)))
    .limit(1);
  return membership;
}

export interface MemberWithAgent {
  membership: MembershipRow;
  agent: AgentRow;
}

/** The agent's active teams with its own membership, oldest team first (the order of the team drawer). */
export async function findActiveTeamsOf(db: DbOrTx, agentId: string) {
  return db
    .select({ team: teams, membership: teamMembers })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.id, teamMembers.teamId), isNull(teams.deletedAt)))
    .where(and(eq(teamMembers.agentId, agentId), isNull(teamMembers.leftAt)))
    .orderBy(asc(teams.createdAt), asc(teams.id));
}

/** Deleted teams the agent is an active owner of, deleted after `since` (still restorable), newest first. */
export async function findDeletedTeamsOwnedBy(db: DbOrTx, agentId: string, since: Date): Promise<TeamRow[]> {
  const rows = await db
    .select({ team: teams })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(
        eq(teamMembers.agentId, agentId),
        isNull(teamMembers.leftAt),
        sql`lower(${teamMembers.role}) = 'owner'`,
        isNotNull(teams.deletedAt),
        gt(teams.deletedAt, since),
      ),
    )
    .orderBy(desc(teams.deletedAt));
  return rows.map((row) => row.team);
}

/** Soft delete: the team vanishes; its memberships, rooms and conversations stay for a restore. */
export async function markTeamDeleted(db: DbOrTx, teamId: string, deletedBy: string): Promise<void> {
  await db.update(teams).set({ deletedAt: new Date(), deletedBy }).where(eq(teams.id, teamId));
}

export async function markTeamRestored(db: DbOrTx, teamId: string): Promise<TeamRow> {
  const [team] = await db.update(teams).set({ deletedAt: null, deletedBy: null }).where(eq(teams.id, teamId)).returning();
  return team!;
}

/** Tests and the purge: when the team was deleted (drives the grace period without waiting). */
export async function setTeamDeletedAt(db: DbOrTx, teamId: string, deletedAt: Date): Promise<void> {
  await db.update(teams).set({ deletedAt }).where(eq(teams.id, teamId));
}

/** Teams deleted before `before` (their grace period is over), a batch at a time. */
export async function findTeamsToPurge(db: DbOrTx, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(isNotNull(teams.deletedAt), lt(teams.deletedAt, before)))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Deletes the team for good if it is still deleted since before `before` (a restore in between wins):
 * its AI agents (their messages live only in its conversations), then the team, which cascades to
 * memberships, invitations, rooms and conversations. The handle is free afterwards. Answers whether it went.
 */
export async function purgeTeam(db: DbOrTx, teamId: string, before: Date): Promise<boolean> {
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), isNotNull(teams.deletedAt), lt(teams.deletedAt, before)))
    .for('update');
  if (!team) return false;
  await db.delete(agents).where(and(eq(agents.ownerTeamId, teamId), eq(agents.isHuman, false)));
  await db.delete(teams).where(eq(teams.id, teamId));
  return true;
}

/** An empty team (nothing `teamHoldsThings` counts) goes at once with its last person; cascades like the purge. */
export async function deleteTeamRow(db: DbOrTx, teamId: string): Promise<void> {
  await db.delete(teams).where(eq(teams.id, teamId));
}

/** Whether the team holds rooms with messages, conversations or AI agents (the last-person rule). */
export async function teamHoldsThings(db: DbOrTx, teamId: string): Promise<boolean> {
  const [row] = await db.select({ holds: sql<boolean>`${teamHoldsThingsSql(teamId)}` }).from(teams).where(eq(teams.id, teamId));
  return row?.holds === true;
}

/** Active members of the given teams, in join order, grouped by team id. */
export async function findActiveMembersOf(db: DbOrTx, teamIds: string[]): Promise<Map<string, MemberWithAgent[]>> {
  const byTeam = new Map<string, MemberWithAgent[]>(teamIds.map((id) => [id, []]));
  if (!teamIds.length) return byTeam;
  const rows = await db
    .select({ membership: teamMembers, agent: agents })
    .from(teamMembers)
    .innerJoin(agents, eq(agents.id, teamMembers.agentId))
    .where(and(inArray(teamMembers.teamId, teamIds), isNull(teamMembers.leftAt)))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id));
  for (const row of rows) byTeam.get(row.membership.teamId)?.push(row);
  return byTeam;
}

export async function countActiveMembers(db: DbOrTx, teamId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), isNull(teamMembers.leftAt)));
  return Number(row?.value ?? 0);
}

/** Row lock on the team: membership changes of one team run one at a time, so max_members holds. */
export async function lockTeam(db: DbOrTx, teamId: string): Promise<TeamRow | undefined> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update');
  return team;
}

export async function insertTeam(db: DbOrTx, values: typeof teams.$inferInsert): Promise<TeamRow> {
  const [team] = await db.insert(teams).values(values).returning();
  return team!;
}

export async function insertMembership(db: DbOrTx, values: typeof teamMembers.$inferInsert): Promise<MembershipRow> {
  const [membership] = await db.insert(teamMembers).values(values).returning();
  return membership!;
}

export async function markMembershipLeft(db: DbOrTx, membershipId: string): Promise<void> {
  await db.update(teamMembers).set({ leftAt: new Date() }).where(eq(teamMembers.id, membershipId));
}

export async function setMembershipRole(db: DbOrTx, membershipId: string, role: string): Promise<void> {
  await db.update(teamMembers).set({ role }).where(eq(teamMembers.id, membershipId));
}

export async function updateTeamDetails(db: DbOrTx, teamId: string, values: { name?: string; description?: string }): Promise<TeamRow> {
  const [team] = await db.update(teams).set(values).where(eq(teams.id, teamId)).returning();
  return team!;
}

/** Ends every active membership of the team at once; returns who was in it. */
export async function endAllMemberships(db: DbOrTx, teamId: string): Promise<string[]> {
  const rows = await db
    .update(teamMembers)
    .set({ leftAt: new Date() })
    .where(and(eq(teamMembers.teamId, teamId), isNull(teamMembers.leftAt)))
    .returning({ agentId: teamMembers.agentId });
  return rows.map((row) => row.agentId);
}
