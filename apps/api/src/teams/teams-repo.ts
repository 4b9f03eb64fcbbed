import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { agents, teamMembers, teams } from '../db/schema';
import type { AgentRow, MembershipRow, TeamRow } from '../db/rows';

const HANDLE_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

export async function findTeamByHandle(db: DbOrTx, handle: string): Promise<TeamRow | undefined> {
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
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.agentId, agentId), isNull(teamMembers.leftAt)))
    .orderBy(asc(teams.createdAt), asc(teams.id));
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
