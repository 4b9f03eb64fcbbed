import type { Request, Response } from 'express';
import { AUTH_ERRORS, type TSsoLinkResponse, type TSsoIdentitiesResponse } from '@agentroom/shared';
import type { AppContext, AuthState } from '../context';
import { AppError } from '../core/app-error';
import { randomBytes } from 'node:crypto';
import { inTransaction } from '../core/transaction';
import type { DbOrTx } from '../db/client';
import { publishSessionsEnded } from '../account/session-ends';
import { revokeAllEmailTokens } from '../auth/email-tokens-repo';
import { hashPassword } from '../auth/passwords';
import { revokeSessionsExcept } from '../auth/sessions-repo';
import { findAccountWithAgent, updateAccount } from '../users/users-repo';
import { isUniqueViolation } from '../db/pg-errors';
import { clearLinkCookie, linkCookieOf } from './sso-cookies';
import type { SsoProviders } from './sso-providers';
import { findLiveTicket, insertIdentity, listIdentities, sessionStartedAt, useTicket, type SsoTicketRow } from './sso-repo';

/**
 * Linking a provider sign-in to the existing account with its email (decision 0027). The callback
 * leaves a `link` ticket in an httpOnly cookie of the browser that signed in at the provider; the
 * identity is linked only when that browser is signed in to that very account through a session
 * that began after the ticket: the person just proved the account is theirs (its password, or a
 * magic link from its mailbox). Being signed in from before proves nothing about the provider account.
 */

const refuse = (message: string) => new AppError(403, 'FORBIDDEN', message);

function presentLink(providers: SsoProviders, ticket: SsoTicketRow) {
  const provider = providers.find(ticket.provider);
  return provider ? { provider: { id: provider.id, name: provider.name }, email: ticket.email } : null;
}

export async function waitingLink(ctx: AppContext, providers: SsoProviders, req: Request): Promise<TSsoLinkResponse> {
  const token = linkCookieOf(req);
  const ticket = token ? await findLiveTicket(ctx.db, token, 'link') : undefined;
  return { link: ticket ? presentLink(providers, ticket) : null };
}

export async function confirmLink(ctx: AppContext, providers: SsoProviders, caller: AuthState, req: Request, res: Response) {
  const token = linkCookieOf(req);
  if (!token) throw refuse(AUTH_ERRORS.ssoLinkExpired);
  const linked = await inTransaction(ctx.db, async (tx) => {
    const ticket = await findLiveTicket(tx, token, 'link');
    const shown = ticket && presentLink(providers, ticket);
    if (!ticket || !shown) throw refuse(AUTH_ERRORS.ssoLinkExpired);
    if (ticket.accountId !== caller.accountId) throw refuse(AUTH_ERRORS.ssoLinkOtherAccount);
    const began = await sessionStartedAt(tx, caller.sessionId);
    if (!began || began < ticket.createdAt) throw refuse(AUTH_ERRORS.ssoLinkNeedsSignIn);
    // Spent in one statement: two confirmations racing link once.
    if (!(await useTicket(tx, token, 'link'))) throw refuse(AUTH_ERRORS.ssoLinkExpired);
    await insertIdentity(tx, ticket.accountId, { provider: ticket.provider, subject: ticket.subject, email: ticket.email }, false);
    await forgetUnprovenPassword(ctx, tx, caller, ticket);
    return shown;
  }).catch((error: unknown) => {
    // The provider account is linked elsewhere already, or this account has another of that provider.
    if (isUniqueViolation(error)) throw refuse(AUTH_ERRORS.ssoLinkExpired);
    throw error;
  });
  clearLinkCookie(ctx, res);
  return { linked };
}

/**
 * An account whose email was proven only after the provider sign-in (never verified before, so the
 * magic link of this proof verified it) may have been registered by someone else who typed that
 * email and chose the password: pre-account takeover. Its real owner, the one linking, keeps it; the
 * password and every other session and mailed link of the stranger end here.
 */
async function forgetUnprovenPassword(ctx: AppContext, tx: DbOrTx, caller: AuthState, ticket: SsoTicketRow): Promise<void> {
  const row = await findAccountWithAgent(tx, ticket.accountId);
  const provenAt = row?.account.emailVerifiedAt;
  if (provenAt && provenAt < ticket.createdAt) return;
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'), ctx.config);
  await updateAccount(tx, ticket.accountId, { passwordHash, passwordChangedAt: new Date(), emailVerifiedAt: provenAt ?? new Date() });
  await revokeAllEmailTokens(tx, ticket.accountId);
  publishSessionsEnded(ctx, await revokeSessionsExcept(tx, ticket.accountId, caller.sessionId));
}

export async function cancelLink(ctx: AppContext, req: Request, res: Response) {
  const token = linkCookieOf(req);
  if (token) await inTransaction(ctx.db, (tx) => useTicket(tx, token, 'link'));
  clearLinkCookie(ctx, res);
  return { cancelled: true as const };
}

/** The caller's identities at providers still configured. */
export async function identitiesOf(ctx: AppContext, providers: SsoProviders, accountId: string): Promise<TSsoIdentitiesResponse> {
  const rows = await listIdentities(ctx.db, accountId);
  const identities = rows.flatMap((row) => {
    const provider = providers.find(row.provider);
    if (!provider) return [];
    return [{ provider: { id: provider.id, name: provider.name }, email: row.email, createdAt: row.createdAt.toISOString(), lastSignInAt: row.lastSignInAt?.toISOString() ?? null }];
  });
  return { identities };
}
