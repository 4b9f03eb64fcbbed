import { and, eq, isNull, sql } from 'drizzle-orm';
import { TEAM_ERRORS } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { teamMembers, teams } from '../db/schema';
import { forbidden, notFound } from '../http/app-error';

export type TeamRow = typeof teams.$inferSelect;
export type MembershipRow = typeof teamMembers.$inferSelect;

export async function findTeamByHandle(db: DbOrTx, handle: string): Promise<TeamRow | undefined> {
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

/**
 * The one access check for team-scoped reads and writes: 404 'Team not found' for an unknown handle,
 * 403 'Access denied: You are not a member of this team' for a non-member (or a member who left).
 */
export async function assertTeamMember(db: DbOrTx, handle: string, agentId: string) {
  const team = await findTeamByHandle(db, handle);
  if (!team) throw notFound(TEAM_ERRORS.notFound);
  const membership = await findActiveMembership(db, team.id, agentId);
  if (!membership) throw forbidden(TEAM_ERRORS.accessDenied);
  return { team, membership };
}
