import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { TTeamsChangedEvent } from '@agentroom/shared';
import type { AgentRow, MembershipRow, TeamRow } from '../db/rows';
import { endAllMemberships, findActiveMembersOf, insertMembership, markMembershipLeft, markTeamDeleted, markTeamRestored } from './teams-repo';

/*
 * The one owner of "an agent joins or leaves a team". Each runs inside the caller's transaction and
 * hands the change to the hooks `server.ts` built (rooms: #general and the team's rooms; chat:
 * conversation access), so what must commit with the membership does, and the events they publish
 * wait for that commit (decision 0017).
 */

/** A person or AI agent joins the team (`isCreator`: it is creating the team). */
export async function joinTeam(
  ctx: AppContext,
  tx: DbOrTx,
  join: { teamId: string; agent: Pick<AgentRow, 'id' | 'isHuman'>; role: string; isCreator?: boolean },
): Promise<MembershipRow> {
  const membership = await insertMembership(tx, { teamId: join.teamId, agentId: join.agent.id, role: join.role });
  await ctx.teamMembership.joined(tx, { teamId: join.teamId, agentId: join.agent.id, isHuman: join.agent.isHuman, isCreator: join.isCreator });
  return membership;
}

/** One member leaves the team (or is removed from it). */
export async function leaveTeamAs(ctx: AppContext, tx: DbOrTx, membership: Pick<MembershipRow, 'id' | 'teamId' | 'agentId'>): Promise<void> {
  await markMembershipLeft(tx, membership.id);
  await ctx.teamMembership.left(tx, membership.teamId, [membership.agentId]);
}

/** Every membership of the team ends at once (its last person left, or it was deleted). */
export async function endTeam(ctx: AppContext, tx: DbOrTx, teamId: string): Promise<void> {
  const agentIds = await endAllMemberships(tx, teamId);
  await ctx.teamMembership.left(tx, teamId, agentIds);
}

/** Inside the transaction: tells `agentIds` at once, after the commit, that the team changed for them (`teams:changed`). */
function announceTeamChange(ctx: AppContext, team: Pick<TeamRow, 'id' | 'handle' | 'name'>, change: TTeamsChangedEvent['change'], agentIds: string[]): void {
  ctx.events.publish('team.changed', { agentIds, team: { id: team.id, handle: team.handle, name: team.name }, change });
}

/** A manager removed a member: they leave (as `leaveTeamAs`) and hear "You were removed from {team}" at once. */
export async function removeFromTeam(ctx: AppContext, tx: DbOrTx, team: TeamRow, membership: Pick<MembershipRow, 'id' | 'teamId' | 'agentId'>): Promise<void> {
  await leaveTeamAs(ctx, tx, membership);
  announceTeamChange(ctx, team, 'removed', [membership.agentId]);
}

async function activeMemberIds(tx: DbOrTx, teamId: string): Promise<string[]> {
  return ((await findActiveMembersOf(tx, [teamId])).get(teamId) ?? []).map((m) => m.agent.id);
}

/**
 * Soft delete, inside the caller's transaction: the team is marked deleted and vanishes for everyone
 * at once (every read of a team, its rooms, conversations and AI agents needs `deleted_at is null`).
 * Memberships and room seats stay untouched, so a restore brings everything back as it was.
 */
export async function softDeleteTeam(ctx: AppContext, tx: DbOrTx, team: TeamRow, deletedBy: string): Promise<void> {
  await markTeamDeleted(tx, team.id, deletedBy);
  const memberIds = await activeMemberIds(tx, team.id);
  await ctx.teamMembership.accessChanged(tx, memberIds);
  announceTeamChange(ctx, team, 'deleted', memberIds);
}

/** Undoes `softDeleteTeam`: the team, its members, rooms and conversations are back for everyone. */
export async function restoreDeletedTeam(ctx: AppContext, tx: DbOrTx, team: TeamRow): Promise<TeamRow> {
  const restored = await markTeamRestored(tx, team.id);
  const memberIds = await activeMemberIds(tx, team.id);
  await ctx.teamMembership.accessChanged(tx, memberIds);
  announceTeamChange(ctx, restored, 'restored', memberIds);
  return restored;
}
