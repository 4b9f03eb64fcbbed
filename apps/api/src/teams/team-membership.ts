import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { AgentRow, MembershipRow } from '../db/rows';
import { endAllMemberships, insertMembership, markMembershipLeft } from './teams-repo';

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
