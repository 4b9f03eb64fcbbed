import { TEAM_ERRORS, TEAM_MESSAGES, type TDeletedTeam, type TTeam } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { TeamRow } from '../db/rows';
import { conflict, forbidden, notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { recordAudit } from '../audit/audit-repo';
import { restoreDeletedTeam } from './team-membership';
import { presentTeam } from './team-presenters';
import { findActiveMembersOf, findActiveMembership, findDeletedTeamsOwnedBy, findTeamByHandleEvenDeleted, lockTeam } from './teams-repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a team deleted at `deletedAt` is purged (and its handle released). */
const purgeDateOf = (ctx: AppContext, deletedAt: Date) => new Date(deletedAt.getTime() + ctx.config.teamDeleteGraceDays * DAY_MS);

/** Teams deleted before this moment are past their grace period. */
export const graceStart = (ctx: AppContext, now = new Date()) => new Date(now.getTime() - ctx.config.teamDeleteGraceDays * DAY_MS);

const presentDeletedTeam = (ctx: AppContext, team: TeamRow): TDeletedTeam => ({
  id: team.id,
  name: team.name,
  handle: team.handle,
  deletedAt: team.deletedAt!.toISOString(),
  purgeAt: purgeDateOf(ctx, team.deletedAt!).toISOString(),
});

/** GET /deleted-teams: the deleted teams the caller owns that can still be restored, newest first. */
export async function listDeletedTeams(ctx: AppContext, agentId: string): Promise<TDeletedTeam[]> {
  const teams = await findDeletedTeamsOwnedBy(ctx.db, agentId, graceStart(ctx));
  return teams.map((team) => presentDeletedTeam(ctx, team));
}

/**
 * POST /teams/:handle/restore: an owner of a deleted team brings it back, with its members, rooms,
 * conversations and AI agents, within the grace period. Someone who was never in it gets 404 like an
 * unknown handle; a member who is not an owner 403.
 */
export async function restoreTeam(ctx: AppContext, handle: string, agentId: string): Promise<TTeam> {
  const { team, membership } = await inTransaction(ctx.db, async (tx) => {
    const found = await findTeamByHandleEvenDeleted(tx, handle);
    const membership = found && (await findActiveMembership(tx, found.id, agentId));
    if (!found || !membership) throw notFound(TEAM_ERRORS.notFound);
    if (membership.role.toLowerCase() !== 'owner') throw forbidden(TEAM_MESSAGES.ownersOnly);
    const locked = (await lockTeam(tx, found.id)) ?? found;
    if (!locked.deletedAt) throw conflict(TEAM_MESSAGES.notDeleted);
    if (locked.deletedAt <= graceStart(ctx)) throw conflict(TEAM_MESSAGES.restoreTooLate);
    const restored = await restoreDeletedTeam(ctx, tx, locked);
    await recordAudit(tx, { actor: agentId, teamId: restored.id, action: 'team.restored', target: { kind: 'team', id: restored.id, name: restored.name } });
    return { team: restored, membership };
  });
  const members = await findActiveMembersOf(ctx.db, [team.id]);
  return presentTeam(team, members.get(team.id) ?? [], membership);
}
