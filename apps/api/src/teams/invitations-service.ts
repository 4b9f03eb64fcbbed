import {
  INVITATION_MESSAGES,
  INVITATION_TTL_MS,
  isUuid,
  type TAcceptedInvitationResponse,
  type TInvitationLinkResponse,
  type TMyInvitation,
  type TPendingInvitation,
} from '@agentroom/shared';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { AppError, conflict, notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { recordAudit } from '../audit/audit-repo';
import { findAgentById } from '../agents/agents-repo';
import { generateEmailToken, sha256 } from '../auth/tokens';
import { enqueueMail } from '../mail/outbox-repo';
import { invitationMail } from '../mail/templates';
import { findAccountLocaleOfAgent } from '../users/users-repo';
import { translatorFor } from '../core/translate';
import { presentAgent } from '../users/presenters';
import { assertTeamManager } from './team-access';
import { joinTeam } from './team-membership';
import { presentTeam } from './team-presenters';
import { findActiveMembersOf, findActiveMembership, lockTeam } from './teams-repo';
import { assertRoomForOneMore } from './teams-service';
import {
  findInvitationAddressedTo,
  findInvitationByHash,
  findInvitationsAddressedTo,
  findPendingInvitations,
  insertInvitation,
  isActiveMemberByEmail,
  markInvitationAccepted,
  revokeInvitation,
  revokePendingFor,
  type InvitationRow,
} from './invitations-repo';

/*
 * Lock order: every write to a team's invitations (invite, revoke, accept) first takes the team's row
 * lock (lockTeam), so they run one at a time per team and never deadlock on each other.
 */

const presentInvitation = (row: InvitationRow, inviter: string | null): TPendingInvitation => ({
  id: row.id,
  email: row.email,
  invitedBy: inviter,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * POST /teams/:handle/invitations: the invitation row and its mail commit together; an older pending
 * invitation to the same address is revoked, so its link stops working.
 */
export async function createInvitation(ctx: AppContext, handle: string, callerId: string, email: string): Promise<TPendingInvitation> {
  return inTransaction(ctx.db, async (tx) => {
    const { team } = await assertTeamManager(tx, handle, callerId);
    await lockTeam(tx, team.id);
    if (await isActiveMemberByEmail(tx, team.id, email)) throw conflict(INVITATION_MESSAGES.alreadyMember, { email: INVITATION_MESSAGES.alreadyMember });
    await revokePendingFor(tx, team.id, email);
    const { raw, hash } = generateEmailToken();
    const row = await insertInvitation(tx, {
      teamId: team.id,
      email,
      tokenHash: hash,
      invitedBy: callerId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'invitation.created', target: { kind: 'invitation', id: row.id, name: email } });
    const inviter = await findAgentById(tx, callerId);
    const inviterName = inviter?.firstName || inviter?.username || 'A teammate';
    // The invitee may have no account yet, so no language of their own: the inviter's is the best guess.
    const tr = translatorFor(await findAccountLocaleOfAgent(tx, callerId));
    await enqueueMail(tx, email, invitationMail(tr, inviterName, team.name, `${ctx.config.appUrl}/invite?token=${raw}`));
    ctx.events.publish('mail.queued', {});
    return presentInvitation(row, inviter?.username ?? null);
  });
}

export async function listInvitations(ctx: AppContext, handle: string, callerId: string): Promise<TPendingInvitation[]> {
  const { team } = await assertTeamManager(ctx.db, handle, callerId);
  const rows = await findPendingInvitations(ctx.db, team.id);
  return rows.map(({ invitation, inviter }) => presentInvitation(invitation, inviter));
}

export async function cancelInvitation(ctx: AppContext, handle: string, callerId: string, id: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const { team } = await assertTeamManager(tx, handle, callerId);
    if (!isUuid(id)) throw notFound(INVITATION_MESSAGES.notFound);
    await lockTeam(tx, team.id);
    const revoked = await revokeInvitation(tx, team.id, id);
    if (!revoked) throw notFound(INVITATION_MESSAGES.notFound);
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'invitation.revoked', target: { kind: 'invitation', id, name: revoked.email } });
  });
}

// Our tokens are 43 base64url characters; anything else cannot be one and costs no query.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

type LinkState = Exclude<TInvitationLinkResponse['status'], 'invalid'>;
function linkState(invitation: InvitationRow, now = new Date()): LinkState | 'invalid' {
  if (invitation.revokedAt) return 'invalid';
  if (invitation.acceptedAt) return 'used';
  if (invitation.expiresAt <= now) return 'expired';
  return 'valid';
}

/**
 * GET /invitations/:token (public): the link's state and, unless it was revoked or never existed,
 * the team's name and handle. Nothing about the address, the inviter or the members.
 */
export async function describeInvitationLink(ctx: AppContext, token: string): Promise<TInvitationLinkResponse> {
  const found = TOKEN_SHAPE.test(token) ? await findInvitationByHash(ctx.db, sha256(token)) : undefined;
  const status = found ? linkState(found.invitation) : 'invalid';
  if (!found || status === 'invalid') return { status: 'invalid', team: null };
  return { status, team: { name: found.team.name, handle: found.team.handle } };
}

const invalidLink = () => new AppError(400, 'TOKEN_INVALID', INVITATION_MESSAGES.invalidLink);
const expiredLink = () => new AppError(400, 'LINK_EXPIRED', INVITATION_MESSAGES.expiredLink);

type InvitationWithTeam = NonNullable<Awaited<ReturnType<typeof findInvitationByHash>>>;

/**
 * The one join path of both accept routes. `find` reads the invitation (by token hash or by id for its
 * addressee); it runs again under the team lock, so a concurrent accept or revoke has finished by then.
 * Someone already in the team gets 200 without spending the invitation. A full team answers 409 and the
 * invitation stays unused.
 */
async function joinThroughInvitation(
  ctx: AppContext,
  callerId: string,
  find: (tx: DbOrTx) => Promise<InvitationWithTeam | undefined>,
  errors: { unusable: () => AppError },
): Promise<TAcceptedInvitationResponse> {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const seen = await find(tx);
    if (!seen) throw errors.unusable();
    await lockTeam(tx, seen.team.id);
    const { team, invitation } = (await find(tx))!;
    const existing = await findActiveMembership(tx, team.id, callerId);
    if (existing && !invitation.revokedAt) return { team, membership: existing, joined: false };
    const state = linkState(invitation);
    if (state === 'expired') throw expiredLink();
    if (state !== 'valid') throw errors.unusable();
    await assertRoomForOneMore(tx, team);
    // A person joining a team joins its #general in the same transaction (team-membership).
    const membership = await joinTeam(ctx, tx, { teamId: team.id, agent: { id: callerId, isHuman: true }, role: 'member' });
    await markInvitationAccepted(tx, invitation.id, callerId);
    // One row for the join: the invitation names who let them in, the actor is who joined.
    await recordAudit(tx, { actor: callerId, teamId: team.id, action: 'invitation.accepted', target: { kind: 'invitation', id: invitation.id, name: invitation.email }, details: { role: membership.role } });
    return { team, membership, joined: true };
  });
  const members = await findActiveMembersOf(ctx.db, [outcome.team.id]);
  return { team: presentTeam(outcome.team, members.get(outcome.team.id) ?? [], outcome.membership), joined: outcome.joined };
}

/**
 * POST /invitations/accept: the link is the credential (any verified account may use it, like Slack's
 * invite links), single use.
 */
export async function acceptInvitation(ctx: AppContext, callerId: string, token: string): Promise<TAcceptedInvitationResponse> {
  if (!TOKEN_SHAPE.test(token)) throw invalidLink();
  const tokenHash = sha256(token);
  return joinThroughInvitation(ctx, callerId, (tx) => findInvitationByHash(tx, tokenHash), { unusable: invalidLink });
}

/**
 * POST /invitations/:id/accept (the welcome page's Join): the same join, but the credential is the
 * caller's verified email, so only the addressee may use the id. Anyone else's id, a used or revoked
 * invitation and an unknown id all answer the same 404.
 */
export async function acceptInvitationById(ctx: AppContext, callerId: string, id: string): Promise<TAcceptedInvitationResponse> {
  const missing = () => notFound(INVITATION_MESSAGES.notFound);
  if (!isUuid(id)) throw missing();
  return joinThroughInvitation(ctx, callerId, (tx) => findInvitationAddressedTo(tx, id, callerId), { unusable: missing });
}

/** GET /invitations: what the welcome page offers to join. */
export async function listMyInvitations(ctx: AppContext, callerId: string): Promise<TMyInvitation[]> {
  const rows = await findInvitationsAddressedTo(ctx.db, callerId);
  return rows.map(({ invitation, team, inviter }) => ({
    id: invitation.id,
    team: { name: team.name, handle: team.handle },
    invitedBy: inviter ? { username: inviter.username, fullName: presentAgent(inviter).fullName } : null,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  }));
}
