import { and, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { isTeamManagerRole, TEAM_ERRORS, TEAM_MESSAGES } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { teamMembers, teams } from '../db/schema';
import { forbidden, notFound } from '../core/app-error';
import type { MembershipRow, TeamRow } from '../db/rows';

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

/**
 * SQL for the membership rule where a query needs it inline (agent visibility, conversation access):
 * whether `agentId` (a value or a column) is an active member of `teamId` (a value or column; false for null).
 */
export const isActiveMemberSql = (teamId: SQLWrapper | string, agentId: SQLWrapper | string) => sql`exists (
  select 1 from team_members
  where team_members.team_id = ${teamId}
    and team_members.agent_id = ${agentId}
    and team_members.left_at is null
)`;

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

/**
 * Membership plus the right to manage (owner or admin): add members, create and edit AI agents.
 * Non-members get the same 404/403 as `assertTeamMember`; plain members get 403.
 */
export async function assertTeamManager(db: DbOrTx, handle: string, agentId: string) {
  const access = await assertTeamMember(db, handle, agentId);
  if (!isTeamManagerRole(access.membership.role)) throw forbidden(TEAM_MESSAGES.managersOnly);
  return access;
}

/** Membership as an owner: renaming, describing and deleting the team. Others get 404/403 as above. */
export async function assertTeamOwner(db: DbOrTx, handle: string, agentId: string) {
  const access = await assertTeamMember(db, handle, agentId);
  if (access.membership.role.toLowerCase() !== 'owner') throw forbidden(TEAM_MESSAGES.ownersOnly);
  return access;
}
