import type { TChangePasswordRequest } from '@agentroom/shared';
import type { AuthState, AppContext } from '../context';
import { inTransaction } from '../core/transaction';
import { hashPassword } from '../auth/passwords';
import { revokeAllEmailTokens } from '../auth/email-tokens-repo';
import { revokeSessionsExcept } from '../auth/sessions-repo';
import { updateAccount } from '../users/users-repo';
import { assertCurrentPassword, loadAccount } from './account-checks';
import { publishSessionsEnded } from './session-ends';

/**
 * PUT /users/me/password: needs the current password; every other session ends (its refresh fails,
 * its sockets close on whichever node holds them) and this one stays. Mailed links (reset, sign-in)
 * die too: they were asked for under the old password.
 */
export async function changePassword(ctx: AppContext, auth: AuthState, input: TChangePasswordRequest): Promise<{ changed: true; signedOut: number }> {
  const row = await loadAccount(ctx.db, auth.accountId);
  await assertCurrentPassword(row, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword, ctx.config);
  const ended = await inTransaction(ctx.db, async (tx) => {
    await updateAccount(tx, auth.accountId, { passwordHash, passwordChangedAt: new Date() });
    await revokeAllEmailTokens(tx, auth.accountId);
    const ids = await revokeSessionsExcept(tx, auth.accountId, auth.sessionId);
    publishSessionsEnded(ctx, ids);
    return ids;
  });
  return { changed: true, signedOut: ended.length };
}
