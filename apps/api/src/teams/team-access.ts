import { isTeamManagerRole, TEAM_ERRORS, TEAM_MESSAGES } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { forbidden, notFound } from '../core/app-error';
import { findActiveMembership, findTeamByHandle } from './teams-repo';

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
