import { TEAM_MESSAGES, type TTeam, type TTeamAgent, type ZChangeMemberRoleRequest, type ZUpdateTeamRequest } from '@agentroom/shared';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { TeamRow } from '../db/rows';
import { badRequest, conflict, forbidden, notFound } from '../core/app-error';
import { presentTeamAgent } from '../agents/agent-presenters';
import { readPresence } from '../agents/agent-presence';
import { inTransaction } from '../core/transaction';
import { recordAudit } from '../audit/audit-repo';
import { changedFields } from '../audit/audit-details';
import { assertTeamManager, assertTeamOwner } from './team-access';
import { revokeAllPending } from './invitations-repo';
import { removeFromTeam, softDeleteTeam } from './team-membership';
import { presentTeam } from './team-presenters';
import { findActiveMembersOf, lockTeam, setMembershipRole, updateTeamDetails } from './teams-repo';

type TChangeRoleInput = z.output<typeof ZChangeMemberRoleRequest>;
type TUpdateTeamInput = z.output<typeof ZUpdateTeamRequest>;

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isOwnerRole = (role: string) => role.toLowerCase() === 'owner';

/** The active member `targetId` of the locked team, for a manager acting on someone else. */
async function findTargetMember(tx: DbOrTx, team: TeamRow, callerId: string, targetId: string) {
  if (targetId === callerId) throw badRequest(TEAM_MESSAGES.notYourself);
  await lockTeam(tx, team.id);
  // An id that could never exist is simply not found, like an unknown one.
  const members = UUID_SHAPE.test(targetId) ? ((await findActiveMembersOf(tx, [team.id])).get(team.id) ?? []) : [];
  const target = members.find((m) => m.agent.id === targetId);
  if (!target) throw notFound(TEAM_MESSAGES.memberNotFound);
  return target;
}

/** Owners and admins change roles; only owners make or unmake an owner. AI agents stay members. */
export async function changeMemberRole(
  ctx: AppContext,
  handle: string,
  callerId: string,
  targetId: string,
  input: TChangeRoleInput,
): Promise<TTeamAgent> {
  const target = await inTransaction(ctx.db, async (tx) => {
    const { team, membership: mine } = await assertTeamManager(tx, handle, callerId);
    const target = await findTargetMember(tx, team, callerId, targetId);
    if (!target.agent.isHuman && input.role !== 'member') throw conflict(TEAM_MESSAGES.aiAgentKeepsMemberRole);
    if ((isOwnerRole(target.membership.role) || input.role === 'owner') && !isOwnerRole(mine.role))
      throw forbidden(TEAM_MESSAGES.ownersManageOwners);
    await setMembershipRole(tx, target.membership.id, input.role);
    const details = { from: target.membership.role, to: input.role };
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'member.role_changed', target: { kind: 'agent', id: target.agent.id, name: target.agent.username }, details });
    return { agent: target.agent, membership: { ...target.membership, role: input.role } };
  });
  const presence = await readPresence(ctx, [target.agent]);
  return presentTeamAgent(target.agent, target.membership, presence.get(target.agent.id) ?? null);
}

/**
 * Removing someone is their leaving (left_at), done by a manager: they lose the team's conversations
 * at once, and leave its rooms in the same transaction.
 */
export async function removeMember(ctx: AppContext, handle: string, callerId: string, targetId: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const { team, membership: mine } = await assertTeamManager(tx, handle, callerId);
    const target = await findTargetMember(tx, team, callerId, targetId);
    if (isOwnerRole(target.membership.role) && !isOwnerRole(mine.role)) throw forbidden(TEAM_MESSAGES.ownersManageOwners);
    await removeFromTeam(ctx, tx, team, target.membership);
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'member.removed', target: { kind: 'agent', id: target.agent.id, name: target.agent.username }, details: { role: target.membership.role } });
  });
}

/** PATCH /teams/:handle: owners rename and describe their team. */
export async function updateTeam(ctx: AppContext, handle: string, callerId: string, input: TUpdateTeamInput): Promise<TTeam> {
  const { team, membership, updated } = await inTransaction(ctx.db, async (tx) => {
    const access = await assertTeamOwner(tx, handle, callerId);
    const updated = await updateTeamDetails(tx, access.team.id, { name: input.name, description: input.description });
    const details = changedFields(access.team, updated, ['name', 'description']);
    if (Object.keys(details).length)
      await recordAudit(tx, { actor: callerId, teamId: updated.id, action: 'team.updated', target: { kind: 'team', id: updated.id, name: updated.name }, details });
    return { ...access, updated };
  });
  const members = await findActiveMembersOf(ctx.db, [team.id]);
  return presentTeam(updated, members.get(team.id) ?? [], membership);
}

/**
 * DELETE /teams/:handle: a soft delete (deleted_at, deleted_by). The team vanishes for everyone at once:
 * it, its rooms, team-scoped conversations and AI agents answer like unknown ones (every read needs
 * an active team). Memberships and rooms stay, so its owners can restore it all during the grace
 * period (team-restore-service); then the purge worker deletes it and its handle is free. Its pending
 * invitations are revoked, so a mailed link cannot join a deleted team.
 */
export async function deleteTeam(ctx: AppContext, handle: string, callerId: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const { team } = await assertTeamOwner(tx, handle, callerId);
    const locked = (await lockTeam(tx, team.id)) ?? team;
    await revokeAllPending(tx, team.id);
    await softDeleteTeam(ctx, tx, locked, callerId);
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'team.deleted', target: { kind: 'team', id: team.id, name: team.name } });
  });
}
