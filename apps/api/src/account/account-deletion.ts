import { ACCOUNT_TEXTS, type TDeleteAccountRequest } from '@agentroom/shared';
import type { AppContext, AuthState } from '../context';
import type { DbOrTx } from '../db/client';
import { AppError, conflict } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { enqueueMail } from '../mail/outbox-repo';
import { deleteAccountMail } from '../mail/templates';
import { consumeEmailToken, issueEmailToken } from '../auth/email-tokens-repo';
import { findActiveMembersOf, findActiveTeamsOf, lockTeam } from '../teams/teams-repo';
import { leaveTeamAs } from '../teams/team-membership';
import { publishAgentUpdated } from '../users/agent-updated';
import { deleteAvatarFile } from '../users/avatar-service';
import { deleteAccountRow, lockAccount, markAgentDeleted } from '../users/users-repo';
import { assertCurrentPassword, displayNameOf, loadAccount, type AccountWithAgent } from './account-checks';
import { translatorFor } from '../core/translate';

const isOwner = (role: string) => role.toLowerCase() === 'owner';

/** POST /users/me/delete-link: for whoever does not know their password, a link to their own mailbox. */
export async function sendDeleteAccountLink(ctx: AppContext, accountId: string): Promise<void> {
  const row = await loadAccount(ctx.db, accountId);
  await inTransaction(ctx.db, async (tx) => {
    const raw = await issueEmailToken(tx, accountId, 'delete_account');
    await enqueueMail(tx, row.account.email, deleteAccountMail(translatorFor(row.account.locale), displayNameOf(row), `${ctx.config.appUrl}/account/delete?token=${raw}`));
    ctx.events.publish('mail.queued', {});
  });
}

/** The password, or the mailed token, which must be this account's own. */
async function assertOwnerConfirmed(tx: DbOrTx, row: AccountWithAgent, input: TDeleteAccountRequest): Promise<void> {
  if (input.password) return assertCurrentPassword(row, input.password, 'password');
  const result = await consumeEmailToken(tx, input.token ?? '', 'delete_account');
  if (result.status === 'expired') throw new AppError(400, 'LINK_EXPIRED', ACCOUNT_TEXTS.deleteLinkExpired);
  if (result.status !== 'ok' || result.accountId !== row.account.id) throw new AppError(400, 'TOKEN_INVALID', ACCOUNT_TEXTS.deleteLinkInvalid);
}

/**
 * The caller's active teams, locked; refused (409, naming them) when they are the only person owning
 * any of them: that team needs another owner, or to be deleted, first.
 */
async function teamsToLeave(tx: DbOrTx, agentId: string) {
  const teams = await findActiveTeamsOf(tx, agentId);
  for (const { team } of teams) await lockTeam(tx, team.id);
  const members = await findActiveMembersOf(tx, teams.map(({ team }) => team.id));
  const soleOwned = teams.filter(({ team, membership }) => {
    if (team.deletedAt || !isOwner(membership.role)) return false;
    const others = (members.get(team.id) ?? []).filter((m) => m.agent.id !== agentId && m.agent.isHuman);
    return !others.some((m) => isOwner(m.membership.role));
  });
  if (soleOwned.length) {
    const names = soleOwned.map(({ team }) => team.name);
    throw conflict(ACCOUNT_TEXTS.soleOwnerOf(names), { teams: soleOwned.map(({ team }) => team.handle).join(',') });
  }
  return teams;
}

/**
 * POST /users/me/delete. The person's memberships end (through team-membership, so rooms and chat
 * follow), the agent row stays under a freed username with `deleted_at` (their messages read "Deleted
 * user"), and the account row goes: its sessions and tokens cascade, so nothing of it can sign in.
 * Every session's sockets close; everyone who sees the person hears `agent.updated`.
 */
export async function deleteAccount(ctx: AppContext, auth: AuthState, input: TDeleteAccountRequest): Promise<{ deleted: true }> {
  const avatarUrl = await inTransaction(ctx.db, async (tx) => {
    await lockAccount(tx, auth.accountId);
    const row = await loadAccount(tx, auth.accountId);
    await assertOwnerConfirmed(tx, row, input);
    for (const { membership } of await teamsToLeave(tx, row.agent.id)) await leaveTeamAs(ctx, tx, membership);
    const agent = await markAgentDeleted(tx, row.agent.id, `deleted-${row.agent.id.replaceAll('-', '').slice(0, 12)}`);
    await deleteAccountRow(tx, auth.accountId);
    ctx.events.publish('session.revoked', { accountId: auth.accountId });
    publishAgentUpdated(ctx.events, agent);
    return row.agent.biometric.avatarUrl;
  });
  if (avatarUrl) await deleteAvatarFile(ctx, avatarUrl);
  return { deleted: true };
}
