import { ACCOUNT_TEXTS, AUTH_ERRORS, type TChangeEmailRequest, type TUser } from '@agentroom/shared';
import type { AppContext } from '../context';
import { AppError, badRequest, conflict } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { isUniqueViolation } from '../db/pg-errors';
import { enqueueMail } from '../mail/outbox-repo';
import { changeEmailMail, emailChangeNoticeMail } from '../mail/templates';
import { consumeEmailToken, issueEmailToken, revokeAllEmailTokens } from '../auth/email-tokens-repo';
import { presentUser } from '../users/presenters';
import { emailExists, updateAccount } from '../users/users-repo';
import { translatorFor } from '../core/translate';
import { assertCurrentPassword, displayNameOf, loadAccount } from './account-checks';

const emailTaken = () => conflict(AUTH_ERRORS.emailTaken, { newEmail: AUTH_ERRORS.emailTaken });

/**
 * POST /users/me/email: the current password proves it is the owner; a link goes to the NEW address
 * (only its reader can confirm) and a notice to the OLD one (so a stolen session is noticed). The
 * account keeps its address until the link is opened; asking again retires the older link.
 */
export async function requestEmailChange(ctx: AppContext, accountId: string, input: TChangeEmailRequest): Promise<void> {
  const row = await loadAccount(ctx.db, accountId);
  await assertCurrentPassword(row, input.currentPassword);
  if (input.newEmail === row.account.email) throw badRequest(ACCOUNT_TEXTS.sameEmail, { newEmail: ACCOUNT_TEXTS.sameEmail });
  if (await emailExists(ctx.db, input.newEmail)) throw emailTaken();
  await inTransaction(ctx.db, async (tx) => {
    const raw = await issueEmailToken(tx, accountId, 'change_email', input.newEmail);
    const name = displayNameOf(row);
    const tr = translatorFor(row.account.locale);
    await enqueueMail(tx, input.newEmail, changeEmailMail(tr, name, `${ctx.config.appUrl}/auth/confirm-email-change?token=${raw}`));
    await enqueueMail(tx, row.account.email, emailChangeNoticeMail(tr, name, input.newEmail, `${ctx.config.appUrl}/auth/forgot-password`));
    ctx.events.publish('mail.queued', {});
  });
}

/**
 * POST /auth/email/confirm-change: the new address replaces the old one and counts as verified (the
 * link was read there). Taken meanwhile by someone else: 409, and the link stays unused (the
 * transaction rolls back). Links mailed to the old address (reset, sign-in) stop working.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<TUser> {
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const result = await consumeEmailToken(tx, token, 'change_email');
      if (result.status === 'expired') throw new AppError(400, 'LINK_EXPIRED', ACCOUNT_TEXTS.emailChangeLinkExpired);
      if (result.status !== 'ok' || !result.newEmail) throw new AppError(400, 'TOKEN_INVALID', ACCOUNT_TEXTS.emailChangeLinkInvalid);
      if (await emailExists(tx, result.newEmail)) throw emailTaken();
      await updateAccount(tx, result.accountId, { email: result.newEmail, emailVerifiedAt: new Date() });
      await revokeAllEmailTokens(tx, result.accountId);
      ctx.events.publish('session.changed', { accountId: result.accountId });
      const row = await loadAccount(tx, result.accountId);
      return presentUser(row.account, row.agent, ctx.config.adminEmails);
    });
  } catch (error) {
    // Two confirmations racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
