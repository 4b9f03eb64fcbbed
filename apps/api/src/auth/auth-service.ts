import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, stripAt, type TAuthResult, type TRegisterRequest, type TUser } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { accounts, agents, type TEmailTokenPurpose } from '../db/schema';
import { isUniqueViolation, pgErrorOf } from '../db/pg-errors';
import { AppError, conflict, unauthenticated } from '../core/app-error';
import { enqueueMail } from '../mail/outbox';
import { magicLinkMail, resetMail, verificationMail, type MailContent } from '../mail/templates';
import { presentUser } from '../users/presenters';
import { emailExists, findAccountByIdentifier, findAccountWithAgent, usernameExists } from '../users/users-repo';
import { consumeEmailToken, issueEmailToken, revokeAllEmailTokens } from './email-tokens';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { createSession, extendSession, findLiveSession, revokeAllSessions, revokeSession } from './sessions';
import { signAccessToken, verifyAccessToken } from './tokens';

type AccountWithAgent = NonNullable<Awaited<ReturnType<typeof findAccountWithAgent>>>;

const LINKS: Record<TEmailTokenPurpose, { path: string; mail: (name: string, url: string) => MailContent }> = {
  verify_email: { path: '/auth/verify-email', mail: verificationMail },
  reset_password: { path: '/auth/reset-password', mail: resetMail },
  magic_link: { path: '/auth/magic-link', mail: magicLinkMail },
};

const displayName = ({ agent }: AccountWithAgent) => agent.firstName || agent.username;

/** Issues a token and writes its mail in one transaction; the worker is kicked after commit. */
async function sendTokenMail(ctx: AppContext, row: AccountWithAgent, purpose: TEmailTokenPurpose, tx?: DbOrTx) {
  const write = async (db: DbOrTx) => {
    const raw = await issueEmailToken(db, row.account.id, purpose);
    const url = `${ctx.config.appUrl}${LINKS[purpose].path}?token=${raw}`;
    await enqueueMail(db, row.account.email, LINKS[purpose].mail(displayName(row), url));
  };
  if (tx) await write(tx);
  else {
    await ctx.db.transaction(write);
    ctx.events.publish('mail.queued', {});
  }
}

async function loadUser(db: DbOrTx, accountId: string): Promise<AccountWithAgent> {
  const row = await findAccountWithAgent(db, accountId);
  if (!row) throw unauthenticated(AUTH_ERRORS.authRequired);
  return row;
}

async function startSession(ctx: AppContext, row: AccountWithAgent, userAgent?: string): Promise<TAuthResult> {
  const session = await createSession(ctx.db, row.account.id, ctx.config, userAgent);
  const token = signAccessToken({ sessionId: session.id, accountId: row.account.id }, ctx.config);
  return { user: presentUser(row.account, row.agent), token };
}

export async function register(ctx: AppContext, input: TRegisterRequest): Promise<TUser> {
  const [usernameTaken, emailTaken] = await Promise.all([
    usernameExists(ctx.db, input.username),
    emailExists(ctx.db, input.email),
  ]);
  if (usernameTaken) throw conflict(AUTH_ERRORS.usernameTaken, { username: AUTH_ERRORS.usernameTaken });
  if (emailTaken) throw conflict(AUTH_ERRORS.emailTaken, { email: AUTH_ERRORS.emailTaken });
  const passwordHash = await hashPassword(input.password, ctx.config);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [agent] = await tx
        .insert(agents)
        .values({ username: input.username, firstName: input.firstName, lastName: input.lastName, isHuman: true, role: 'Member' })
        .returning();
      const [account] = await tx.insert(accounts).values({ agentId: agent!.id, email: input.email, passwordHash }).returning();
      const created = { account: account!, agent: agent! };
      await sendTokenMail(ctx, created, 'verify_email', tx);
      return created;
    });
    ctx.events.publish('mail.queued', {});
    return presentUser(row.account, row.agent);
  } catch (error) {
    // Two registrations racing for the same name: the unique index decides, the loser gets a 409.
    if (isUniqueViolation(error)) {
      const field = pgErrorOf(error)?.constraint?.includes('email') ? 'email' : 'username';
      const message = field === 'email' ? AUTH_ERRORS.emailTaken : AUTH_ERRORS.usernameTaken;
      throw conflict(message, { [field]: message });
    }
    throw error;
  }
}

export async function login(ctx: AppContext, identifier: string, password: string, userAgent?: string) {
  const row = await findAccountByIdentifier(ctx.db, stripAt(identifier));
  if (!row) {
    await burnPasswordCheck(password, ctx.config);
    throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_ERRORS.invalidCredentials);
  }
  if (!(await verifyPassword(row.account.passwordHash, password)))
    throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_ERRORS.invalidCredentials);
  return startSession(ctx, row, userAgent);
}

export async function currentUser(ctx: AppContext, accountId: string): Promise<TUser> {
  const row = await loadUser(ctx.db, accountId);
  return presentUser(row.account, row.agent);
}

export async function logout(ctx: AppContext, sessionId: string) {
  await revokeSession(ctx.db, sessionId);
  ctx.events.publish('session.revoked', { sessionId });
}

/** Exchanges a token (expired is fine) for a fresh one while its session is live. */
export async function refresh(ctx: AppContext, token: string): Promise<TAuthResult> {
  const claims = verifyAccessToken(token, ctx.config, true);
  const session = await findLiveSession(ctx.db, claims.sessionId, claims.accountId);
  if (!session) throw unauthenticated(AUTH_ERRORS.sessionExpired, 'TOKEN_EXPIRED');
  await extendSession(ctx.db, session.id, ctx.config);
  const row = await loadUser(ctx.db, claims.accountId);
  return { user: presentUser(row.account, row.agent), token: signAccessToken(claims, ctx.config) };
}

export async function sendVerification(ctx: AppContext, accountId: string) {
  const row = await loadUser(ctx.db, accountId);
  if (row.account.emailVerifiedAt) throw conflict(AUTH_ERRORS.alreadyVerified);
  await sendTokenMail(ctx, row, 'verify_email');
}

function tokenFailure(status: 'expired' | 'invalid', expiredMessage: string, invalidMessage: string): AppError {
  return status === 'expired'
    ? new AppError(400, 'LINK_EXPIRED', expiredMessage)
    : new AppError(400, 'TOKEN_INVALID', invalidMessage);
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<TUser> {
  const result = await consumeEmailToken(ctx.db, token, 'verify_email');
  if (result.status !== 'ok') throw tokenFailure(result.status, AUTH_ERRORS.verificationLinkExpired, AUTH_ERRORS.invalidToken);
  await ctx.db.update(accounts).set({ emailVerifiedAt: new Date() }).where(eq(accounts.id, result.accountId));
  // Sessions remembered as unverified must see the change now.
  ctx.events.publish('session.changed', { accountId: result.accountId });
  return currentUser(ctx, result.accountId);
}

/** Same answer whether or not the email has an account (no enumeration). */
export async function sendPasswordReset(ctx: AppContext, email: string) {
  const row = await findAccountByIdentifier(ctx.db, email);
  if (row) await sendTokenMail(ctx, row, 'reset_password');
}

export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<TUser> {
  const passwordHash = await hashPassword(newPassword, ctx.config);
  const accountId = await ctx.db.transaction(async (tx) => {
    const result = await consumeEmailToken(tx, token, 'reset_password');
    if (result.status !== 'ok') throw tokenFailure(result.status, AUTH_ERRORS.resetLinkExpired, AUTH_ERRORS.invalidResetLinkLong);
    const now = new Date();
    // The mail reached its owner, so the address is proven too.
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, result.accountId));
    await tx
      .update(accounts)
      .set({ passwordHash, passwordChangedAt: now, emailVerifiedAt: account?.emailVerifiedAt ?? now })
      .where(eq(accounts.id, result.accountId));
    await revokeAllSessions(tx, result.accountId);
    await revokeAllEmailTokens(tx, result.accountId);
    return result.accountId;
  });
  ctx.events.publish('session.revoked', { accountId });
  return currentUser(ctx, accountId);
}

/** Accepts an email or a username; same answer either way. */
export async function sendMagicLink(ctx: AppContext, identifier: string) {
  const row = await findAccountByIdentifier(ctx.db, stripAt(identifier));
  if (row) await sendTokenMail(ctx, row, 'magic_link');
}

export async function verifyMagicLink(ctx: AppContext, token: string, userAgent?: string): Promise<TAuthResult> {
  const result = await consumeEmailToken(ctx.db, token, 'magic_link');
  if (result.status !== 'ok') throw tokenFailure(result.status, AUTH_ERRORS.magicLinkExpired, AUTH_ERRORS.magicLinkFailed);
  const row = await loadUser(ctx.db, result.accountId);
  if (!row.account.emailVerifiedAt) {
    row.account.emailVerifiedAt = new Date();
    await ctx.db.update(accounts).set({ emailVerifiedAt: row.account.emailVerifiedAt }).where(eq(accounts.id, row.account.id));
    ctx.events.publish('session.changed', { accountId: row.account.id });
  }
  return startSession(ctx, row, userAgent);
}
