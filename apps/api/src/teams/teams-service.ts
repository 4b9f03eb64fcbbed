import {
  TEAM_ERRORS,
  TEAM_MESSAGES,
  type TTeam,
  type TTeamAgent,
  type ZAddMemberRequest,
  type ZCreateTeamRequest,
} from '@agentroom/shared';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { isUniqueViolation } from '../db/pg-errors';
import { conflict, notFound } from '../core/app-error';
import { presentTeamAgent } from '../agents/agent-presenters';
import { readPresence, readPresenceFor } from '../agents/agent-presence';
import { assertMayJoinTeam, canSeeAgent, findAgentByUsername } from '../agents/agents-repo';
import { inTransaction } from '../core/transaction';
import { recordAudit } from '../audit/audit-repo';
import { assertTeamManager, assertTeamMember } from './team-access';
import type { TeamRow } from '../db/rows';
import { endTeam, joinTeam, leaveTeamAs } from './team-membership';
import { deleteTeamRow, teamHoldsThings } from './teams-repo';
import { presentTeam } from './team-presenters';
import { countActiveMembers, findActiveMembersOf, findActiveMembership, findActiveTeamsOf, findTeamByHandle, insertTeam, lockTeam } from './teams-repo';

export type TCreateTeamInput = z.output<typeof ZCreateTeamRequest>;
export type TAddMemberInput = z.output<typeof ZAddMemberRequest>;

/** GET /teams: the caller's active teams, oldest first, each with its active members. */
export async function listMyTeams(ctx: AppContext, agentId: string): Promise<TTeam[]> {
  const mine = await findActiveTeamsOf(ctx.db, agentId);
  const members = await findActiveMembersOf(ctx.db, mine.map((row) => row.team.id));
  return mine.map(({ team, membership }) => presentTeam(team, members.get(team.id) ?? [], membership));
}

export async function getTeam(ctx: AppContext, handle: string, agentId: string): Promise<TTeam> {
  const { team, membership } = await assertTeamMember(ctx.db, handle, agentId);
  const members = await findActiveMembersOf(ctx.db, [team.id]);
  return presentTeam(team, members.get(team.id) ?? [], membership);
}

/** GET /teams/:handle/agents: every active member as a card, in join order, with presence. */
export async function listTeamAgents(ctx: AppContext, handle: string, agentId: string): Promise<TTeamAgent[]> {
  const { team } = await assertTeamMember(ctx.db, handle, agentId);
  const members = (await findActiveMembersOf(ctx.db, [team.id])).get(team.id) ?? [];
  const presence = await readPresenceFor(ctx, agentId, members.map((m) => m.agent));
  return members.map(({ agent, membership }) => presentTeamAgent(agent, membership, presence.get(agent.id) ?? null));
}

/** POST /teams: the creator becomes the owner and the first person in its #general. Handles are unique case-insensitively (409). */
export async function createTeam(ctx: AppContext, agentId: string, input: TCreateTeamInput): Promise<TTeam> {
  if (await findTeamByHandle(ctx.db, input.handle)) throw handleTaken();
  try {
    const { team, membership } = await inTransaction(ctx.db, async (tx) => {
      const team = await insertTeam(tx, {
        name: input.name,
        handle: input.handle,
        description: input.description,
        isPrivate: input.isPrivate,
      });
      const membership = await joinTeam(ctx, tx, { teamId: team.id, agent: { id: agentId, isHuman: true }, role: 'owner', isCreator: true });
      await recordAudit(tx, { actor: agentId, teamId: team.id, action: 'team.created', target: { kind: 'team', id: team.id, name: team.name }, details: { handle: team.handle, isPrivate: team.isPrivate } });
      return { team, membership };
    });
    const members = await findActiveMembersOf(ctx.db, [team.id]);
    return presentTeam(team, members.get(team.id) ?? [], membership);
  } catch (error) {
    // Two creators racing for one handle: the unique index decides.
    if (isUniqueViolation(error)) throw handleTaken();
    throw error;
  }
}

const handleTaken = () => conflict(TEAM_MESSAGES.handleTaken, { handle: TEAM_MESSAGES.handleTaken });

/**
 * Inside a transaction: locks the team row and refuses when it is full, so concurrent additions
 * cannot pass max_members together.
 */
export async function assertRoomForOneMore(tx: DbOrTx, team: TeamRow): Promise<void> {
  const locked = (await lockTeam(tx, team.id)) ?? team;
  const active = await countActiveMembers(tx, team.id);
  if (active >= locked.maxMembers)
    throw conflict(TEAM_MESSAGES.teamFull, { maxMembers: `${TEAM_MESSAGES.teamFull} (${locked.maxMembers} members at most)` });
}

/**
 * POST /teams/:handle/members: a manager adds an existing person by username (an AI agent only ever
 * belongs to the team that created it). Someone who left comes back as a new active row. A person
 * joins the team's #general in the same transaction.
 */
export async function addMember(ctx: AppContext, handle: string, callerId: string, input: TAddMemberInput): Promise<TTeamAgent> {
  try {
    const added = await inTransaction(ctx.db, async (tx) => {
      const { team } = await assertTeamManager(tx, handle, callerId);
      const agent = await findAgentByUsername(tx, input.username);
      if (!agent || !(await canSeeAgent(tx, agent, callerId))) throw notFound(TEAM_ERRORS.agentNotFound);
      assertMayJoinTeam(agent, team.id);
      await assertRoomForOneMore(tx, team);
      if (await findActiveMembership(tx, team.id, agent.id)) throw alreadyMember();
      const membership = await joinTeam(ctx, tx, { teamId: team.id, agent, role: input.role });
      await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'member.added', target: { kind: 'agent', id: agent.id, name: agent.username }, details: { role: membership.role } });
      return { agent, membership };
    });
    const presence = await readPresence(ctx, [added.agent]);
    return presentTeamAgent(added.agent, added.membership, presence.get(added.agent.id) ?? null);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyMember();
    throw error;
  }
}

const alreadyMember = () => conflict(TEAM_MESSAGES.alreadyMember, { username: TEAM_MESSAGES.alreadyMember });

/**
 * DELETE /teams/:handle/members/me: sets left_at; the person loses the team's conversations and AI
 * agents at once, and leaves the team's rooms (team-membership). The last owner must hand ownership on
 * first (409) while other people remain. The last person cannot leave a team that still holds rooms
 * with messages, conversations or AI agents (409: delete it, or invite someone first), so nothing
 * becomes unreachable by accident; an empty team goes with its last person, and its handle is free.
 */
export async function leaveTeam(ctx: AppContext, handle: string, agentId: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const { team, membership } = await assertTeamMember(tx, handle, agentId);
    await lockTeam(tx, team.id);
    const active = (await findActiveMembersOf(tx, [team.id])).get(team.id) ?? [];
    const leaver = { kind: 'agent' as const, id: agentId, name: active.find((m) => m.agent.id === agentId)?.agent.username };
    await recordAudit(tx, { actor: agentId, teamId: team.id, action: 'member.left', target: leaver, details: { role: membership.role } });
    const others = active.filter((m) => m.agent.id !== agentId);
    const people = others.filter((m) => m.agent.isHuman);
    if (!people.length) {
      if (await teamHoldsThings(tx, team.id)) throw conflict(TEAM_MESSAGES.lastPersonCannotLeave);
      await endTeam(ctx, tx, team.id);
      await deleteTeamRow(tx, team.id);
      return;
    }
    const isOwner = membership.role.toLowerCase() === 'owner';
    if (isOwner && !people.some((m) => m.membership.role.toLowerCase() === 'owner'))
      throw conflict(TEAM_MESSAGES.lastOwnerCannotLeave);
    await leaveTeamAs(ctx, tx, membership);
  });
}
