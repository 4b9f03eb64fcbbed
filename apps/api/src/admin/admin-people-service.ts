import { GOVERNANCE_ERRORS, type TAdminPeopleQuery, type TAdminPeopleResponse, type TAdminPerson } from '@agentroom/shared';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import type { DbOrTx } from '../db/client';
import { recordAudit } from '../audit/audit-repo';
import { revokeAllEmailTokens } from '../auth/email-tokens-repo';
import { revokeAllSessions } from '../auth/sessions-repo';
import { isInstanceAdminAccount } from '../users/presenters';
import { ADMIN_PAGE_SIZE, isoOrNull, personName } from './admin-format';
import { deletePushSubscriptionsOf, findPersonByAgent, listPeople, lockAccountOfAgent, setAccountDisabled, type AdminPersonRow } from './admin-people-repo';

function presentPerson(ctx: AppContext, row: AdminPersonRow): TAdminPerson {
  return {
    agentId: row.agentId,
    username: row.username,
    name: personName(row),
    email: row.email,
    isVerified: row.emailVerifiedAt !== null,
    isInstanceAdmin: isInstanceAdminAccount(row, ctx.config.adminEmails),
    disabledAt: isoOrNull(row.disabledAt),
    createdAt: row.createdAt.toISOString(),
    teamCount: row.teamCount,
    lastSeenAt: isoOrNull(row.lastSeenAt),
  };
}

export async function listAdminPeople(ctx: AppContext, query: TAdminPeopleQuery): Promise<TAdminPeopleResponse> {
  const { rows, total } = await listPeople(ctx.db, query);
  return { people: rows.map((row) => presentPerson(ctx, row)), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

async function personOrNotFound(ctx: AppContext, agentId: string): Promise<TAdminPerson> {
  const row = await findPersonByAgent(ctx.db, agentId);
  if (!row) throw notFound(GOVERNANCE_ERRORS.personNotFound);
  return presentPerson(ctx, row);
}

/**
 * Disables the account of `agentId` in the caller's transaction: no sign-in, every session revoked,
 * every mailed link spent, no pushes; the `account.disabled` audit row. After the commit every node
 * forgets its cached sessions and closes the person's sockets (`session.revoked` by account, relayed to
 * every node). Already disabled: nothing changes. 404 for an agent without an account, 400 for oneself.
 */
export async function disableAccountIn(ctx: AppContext, tx: DbOrTx, actorAgentId: string, agentId: string, reason?: string): Promise<void> {
  if (agentId === actorAgentId) throw badRequest(GOVERNANCE_ERRORS.notYourself);
  const account = await lockAccountOfAgent(tx, agentId);
  if (!account) throw notFound(GOVERNANCE_ERRORS.personNotFound);
  if (account.disabledAt) return;
  await setAccountDisabled(tx, account.id, actorAgentId);
  await revokeAllSessions(tx, account.id);
  await revokeAllEmailTokens(tx, account.id);
  await deletePushSubscriptionsOf(tx, account.id);
  await recordAudit(tx, { actor: actorAgentId, teamId: null, action: 'account.disabled', target: { kind: 'account', id: agentId, name: account.username }, details: reason ? { reason } : {} });
  ctx.events.publish('session.revoked', { accountId: account.id });
}

export async function disableAccount(ctx: AppContext, actorAgentId: string, agentId: string, reason?: string): Promise<TAdminPerson> {
  await inTransaction(ctx.db, (tx) => disableAccountIn(ctx, tx, actorAgentId, agentId, reason));
  return personOrNotFound(ctx, agentId);
}

/** The person signs in again as before (their old sessions and links stay dead). Idempotent. */
export async function enableAccount(ctx: AppContext, actorAgentId: string, agentId: string): Promise<TAdminPerson> {
  await inTransaction(ctx.db, async (tx) => {
    const account = await lockAccountOfAgent(tx, agentId);
    if (!account) throw notFound(GOVERNANCE_ERRORS.personNotFound);
    if (!account.disabledAt) return;
    await setAccountDisabled(tx, account.id, null);
    await recordAudit(tx, { actor: actorAgentId, teamId: null, action: 'account.enabled', target: { kind: 'account', id: agentId, name: account.username } });
  });
  return personOrNotFound(ctx, agentId);
}
