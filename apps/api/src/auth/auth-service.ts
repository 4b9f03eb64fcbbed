import { AUTH_ERRORS, GOVERNANCE_ERRORS, isSafeNextPath, RESEND_COOLDOWN_S, stripAt, type TAuthResult, type TRegisterRequest, type TUser } from '@agentroom/shared';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import type { TEmailTokenPurpose } from '../db/schema';
import { isUniqueViolation, pgErrorOf } from '../db/pg-errors';
import { AppError, conflict, forbidden, unauthenticated } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { enqueueMail } from '../mail/outbox-repo';
import { magicLinkMail, resetMail, verificationMail, type MailContent } from '../mail/templates';
import { translatorFor, type Translator } from '../core/translate';
import { presentUser } from '../users/presenters';
import { emailExists, findAccountByIdentifier, findAccountWithAgent, insertPerson, lockAccount, updateAccount, usernameExists } from '../users/users-repo';
import { consumeEmailToken, issueEmailToken, latestEmailToken, peekEmailToken, revokeAllEmailTokens, spentTokenOf } from './email-tokens-repo';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { createSession, extendSession, findLiveSession, revokeAllSessions, revokeSession } from './sessions-repo';
import { signAccessToken, verifyAccessToken } from './tokens';
import { lockoutKeys, type LoginLockout } from './login-lockout';
import { RetryLaterError } from './retry-later';
import { recordAudit } from '../audit/audit-repo';

type AccountWithAgent = NonNullable<Awaited<ReturnType<typeof findAccountWithAgent>>>;

/** The sign-in flows' links; account changes (change_email, delete_account) mail their own. */
type SignInLinkPurpose = Extract<TEmailTokenPurpose, 'verify_email' | 'reset_password' | 'magic_link'>;

const LINKS: Record<SignInLinkPurpose, { path: string; mail: (tr: Translator, name: string, url: string) => MailContent }> = {
  verify_email: { path: '/auth/verify-email', mail: verificationMail },
  reset_password: { path: '/auth/reset-password', mail: resetMail },
  magic_link: { path: '/auth/magic-link', mail: magicLinkMail },
};

const displayName = ({ agent }: AccountWithAgent) => agent.firstName || agent.username;

/**
 * Issues a token and writes its mail in one transaction (the caller's, when it has one); the worker
 * is woken once that commits. `next` (a path of this app, checked by the request schema) rides along
 * in the link, so the page the link opens can continue there (e.g. back to an invitation).
 */
async function sendTokenMail(ctx: AppContext, row: AccountWithAgent, purpose: SignInLinkPurpose, tx?: DbOrTx, next?: string) {
  const write = async (db: DbOrTx) => {
    const raw = await issueEmailToken(db, row.account.id, purpose);
    const back = next && isSafeNextPath(next) ? `&next=${encodeURIComponent(next)}` : '';
    const url = `${ctx.config.appUrl}${LINKS[purpose].path}?token=${raw}${back}`;
    await enqueueMail(db, row.account.email, LINKS[purpose].mail(translatorFor(row.account.locale), displayName(row), url));
    ctx.events.publish('mail.queued', {});
  };
  await (tx ? write(tx) : inTransaction(ctx.db, write));
}

async function loadUser(db: DbOrTx, accountId: string): Promise<AccountWithAgent> {
  const row = await findAccountWithAgent(db, accountId);
  if (!row) throw unauthenticated(AUTH_ERRORS.authRequired);
  return row;
}

/** An account an instance administrator disabled signs in nowhere (decision 0028). */
function refuseDisabled(row: AccountWithAgent) {
  if (row.account.disabledAt) throw forbidden(GOVERNANCE_ERRORS.accountDisabled);
}

/**
 * A session and its access token, as every way of signing in answers (password, magic link, a
 * provider's ticket): the one door, so a disabled account is refused here for all of them.
 */
export async function startSession(ctx: AppContext, row: AccountWithAgent, userAgent?: string, db: DbOrTx = ctx.db): Promise<TAuthResult> {
  refuseDisabled(row);
  const session = await createSession(db, row.account.id, ctx.config, userAgent);
  const token = signAccessToken(ctx, { sessionId: session.id, accountId: row.account.id });
  return { user: presentUser(row.account, row.agent, ctx.config.adminEmails), token };
}

/** `PASSWORD_SIGN_IN=false`: passwords neither sign in nor sign up (magic links still do). */
function refusePasswordsWhenOff(ctx: AppContext) {
  if (!ctx.config.passwordSignIn) throw new AppError(403, 'FORBIDDEN', AUTH_ERRORS.passwordSignInOff);
}

export async function register(ctx: AppContext, input: TRegisterRequest): Promise<TUser> {
  refusePasswordsWhenOff(ctx);
  const [usernameTaken, emailTaken] = await Promise.all([
    usernameExists(ctx.db, input.username),
    emailExists(ctx.db, input.email),
  ]);
  if (usernameTaken) throw conflict(AUTH_ERRORS.usernameTaken, { username: AUTH_ERRORS.usernameTaken });
  if (emailTaken) throw conflict(AUTH_ERRORS.emailTaken, { email: AUTH_ERRORS.emailTaken });
  const passwordHash = await hashPassword(input.password, ctx.config);
  try {
    const row = await inTransaction(ctx.db, async (tx) => {
      const created = await insertPerson(
        tx,
        { username: input.username, firstName: input.firstName, lastName: input.lastName },
        { email: input.email, passwordHash },
      );
      await sendTokenMail(ctx, created, 'verify_email', tx, input.next);
      return created;
    });
    return presentUser(row.account, row.agent, ctx.config.adminEmails);
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

/** Every lockout key of an account: its username, its email and its id. */
const accountLockoutKeys = ({ account, agent }: AccountWithAgent) => [
  ...lockoutKeys(agent.username),
  ...lockoutKeys(account.email, account.id),
];

export async function login(ctx: AppContext, lockout: LoginLockout, identifier: string, password: string, userAgent?: string) {
  refusePasswordsWhenOff(ctx);
  const name = stripAt(identifier);
  const row = await findAccountByIdentifier(ctx.db, name);
  // Checked before the password, so a locked account costs no hash and the right password is refused too.
  const keys = lockoutKeys(name, row?.account.id);
  const lockedFor = await lockout.lockedForSeconds(keys);
  if (lockedFor > 0) {
    // Refused attempts on a known account are audited (the system refused them); a name that is no account has no row to name.
    if (row) await recordAudit(ctx.db, { actor: null, teamId: null, action: 'auth.locked_sign_in', target: { kind: 'account', id: row.agent.id, name: row.agent.username } });
    throw new RetryLaterError(AUTH_ERRORS.accountLocked, lockedFor);
  }
  let passwordOk = false;
  if (row) passwordOk = await verifyPassword(row.account.passwordHash, password);
  else await burnPasswordCheck(password, ctx.config); // the same cost as a real check: no timing hint
  if (!row || !passwordOk) {
    await lockout.recordFailure(keys);
    throw new AppError(401, 'INVALID_CREDENTIALS', AUTH_ERRORS.invalidCredentials);
  }
  await lockout.clear(accountLockoutKeys(row));
  return startSession(ctx, row, userAgent);
}

export async function currentUser(ctx: AppContext, accountId: string): Promise<TUser> {
  const row = await loadUser(ctx.db, accountId);
  return presentUser(row.account, row.agent, ctx.config.adminEmails);
}

export async function logout(ctx: AppContext, sessionId: string) {
  await revokeSession(ctx.db, sessionId);
  ctx.events.publish('session.revoked', { sessionId });
}

/** Exchanges a token (expired is fine) for a fresh one while its session is live. */
export async function refresh(ctx: AppContext, token: string): Promise<TAuthResult> {
  const claims = verifyAccessToken(ctx, token, true);
  const session = await findLiveSession(ctx.db, claims.sessionId, claims.accountId);
  if (!session) throw unauthenticated(AUTH_ERRORS.sessionExpired, 'TOKEN_EXPIRED');
  const row = await loadUser(ctx.db, claims.accountId);
  refuseDisabled(row);
  await extendSession(ctx.db, session.id, ctx.config);
  return { user: presentUser(row.account, row.agent, ctx.config.adminEmails), token: signAccessToken(ctx, claims) };
}

/**
 * The browser waits RESEND_COOLDOWN_S after each resend; the server holds the same line, measured from
 * the newest verification token when that token came from a resend (registration issues the first,
 * and like the browser's button, the first resend is not held back by it). The account row is locked
 * so two racing requests cannot both pass the check.
 */
export async function sendVerification(ctx: AppContext, accountId: string, next?: string) {
  await inTransaction(ctx.db, async (tx) => {
    await lockAccount(tx, accountId);
    const row = await loadUser(tx, accountId);
    if (row.account.emailVerifiedAt) throw conflict(AUTH_ERRORS.alreadyVerified);
    const latest = await latestEmailToken(tx, accountId, 'verify_email');
    const waitMs = latest.at && latest.issued > 1 ? latest.at.getTime() + RESEND_COOLDOWN_S * 1000 - Date.now() : 0;
    if (waitMs > 0) throw new RetryLaterError(AUTH_ERRORS.verificationCooldown, Math.ceil(waitMs / 1000));
    await sendTokenMail(ctx, row, 'verify_email', tx, next);
  });
}

function tokenFailure(status: 'expired' | 'invalid', expiredMessage: string, invalidMessage: string): AppError {
  return status === 'expired'
    ? new AppError(400, 'LINK_EXPIRED', expiredMessage)
    : new AppError(400, 'TOKEN_INVALID', invalidMessage);
}

/**
 * A verification link that no longer works says why: the address is verified already (sign in), or a
 * newer link replaced it (use the latest mail). The link's holder read that mailbox, so this tells
 * them nothing new.
 */
async function spentVerificationLink(tx: DbOrTx, token: string): Promise<AppError> {
  const spent = await spentTokenOf(tx, token, 'verify_email');
  if (!spent) return tokenFailure('invalid', AUTH_ERRORS.verificationLinkExpired, AUTH_ERRORS.invalidToken);
  const row = await findAccountWithAgent(tx, spent.accountId);
  if (row?.account.emailVerifiedAt) return new AppError(400, 'TOKEN_INVALID', AUTH_ERRORS.verificationLinkAlreadyUsed);
  return new AppError(400, 'TOKEN_INVALID', spent.reason === 'replaced' ? AUTH_ERRORS.verificationLinkReplaced : AUTH_ERRORS.invalidToken);
}

/** The token is spent and the account verified in one transaction: both happen or neither. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<TUser> {
  const accountId = await inTransaction(ctx.db, async (tx) => {
    const result = await consumeEmailToken(tx, token, 'verify_email');
    if (result.status === 'invalid') throw await spentVerificationLink(tx, token);
    if (result.status !== 'ok') throw tokenFailure(result.status, AUTH_ERRORS.verificationLinkExpired, AUTH_ERRORS.invalidToken);
    await updateAccount(tx, result.accountId, { emailVerifiedAt: new Date() });
    // Sessions remembered as unverified must see the change now.
    ctx.events.publish('session.changed', { accountId: result.accountId });
    return result.accountId;
  });
  return currentUser(ctx, accountId);
}

/** Same answer whether or not the email has an account (no enumeration); a disabled account gets no mail. */
export async function sendPasswordReset(ctx: AppContext, email: string) {
  const row = await findAccountByIdentifier(ctx.db, email);
  if (row && !row.account.disabledAt) await sendTokenMail(ctx, row, 'reset_password');
}

/** The token is checked before the new password is hashed: a guessed token must not cost an argon2 hash. */
export async function resetPassword(ctx: AppContext, lockout: LoginLockout, token: string, newPassword: string): Promise<TUser> {
  const accountId = await inTransaction(ctx.db, async (tx) => {
    const result = await consumeEmailToken(tx, token, 'reset_password');
    if (result.status !== 'ok') throw tokenFailure(result.status, AUTH_ERRORS.resetLinkExpired, AUTH_ERRORS.invalidResetLinkLong);
    const passwordHash = await hashPassword(newPassword, ctx.config);
    const now = new Date();
    // The mail reached its owner, so the address is proven too.
    const found = await findAccountWithAgent(tx, result.accountId);
    if (found) refuseDisabled(found);
    await updateAccount(tx, result.accountId, { passwordHash, passwordChangedAt: now, emailVerifiedAt: found?.account.emailVerifiedAt ?? now });
    await revokeAllSessions(tx, result.accountId);
    await revokeAllEmailTokens(tx, result.accountId);
    ctx.events.publish('session.revoked', { accountId: result.accountId });
    return result.accountId;
  });
  const row = await loadUser(ctx.db, accountId);
  // Whoever can read the mailbox owns the account: a lock from someone else's guesses ends here.
  await lockout.clear(accountLockoutKeys(row));
  return presentUser(row.account, row.agent, ctx.config.adminEmails);
}

/** Accepts an email or a username; same answer either way; a disabled account gets no mail. */
export async function sendMagicLink(ctx: AppContext, identifier: string, next?: string) {
  const row = await findAccountByIdentifier(ctx.db, stripAt(identifier));
  if (row && !row.account.disabledAt) await sendTokenMail(ctx, row, 'magic_link', undefined, next);
}

/** Token spent, address proven and session created in one transaction. Password lockout does not apply. */
export async function verifyMagicLink(ctx: AppContext, token: string, userAgent?: string): Promise<TAuthResult> {
  return inTransaction(ctx.db, async (tx) => {
    const consumed = await consumeEmailToken(tx, token, 'magic_link');
    if (consumed.status !== 'ok') throw tokenFailure(consumed.status, AUTH_ERRORS.magicLinkExpired, AUTH_ERRORS.magicLinkFailed);
    const row = await loadUser(tx, consumed.accountId);
    if (!row.account.emailVerifiedAt) {
      row.account.emailVerifiedAt = new Date();
      await updateAccount(tx, row.account.id, { emailVerifiedAt: row.account.emailVerifiedAt });
      ctx.events.publish('session.changed', { accountId: row.account.id });
    }
    return startSession(ctx, row, userAgent, tx);
  });
}

/** Whether a reset link still works, so the page can say 'Invalid Reset Link' before any typing. */
export async function resetLinkStatus(ctx: AppContext, token: string) {
  return { status: await peekEmailToken(ctx.db, token, 'reset_password') };
}
