import { ACCOUNT_TEXTS, AUTH_ERRORS } from '@agentroom/shared';
import type { DbOrTx } from '../db/client';
import { AppError, unauthenticated } from '../core/app-error';
import { verifyPassword } from '../auth/passwords';
import { findAccountWithAgent } from '../users/users-repo';

export type AccountWithAgent = NonNullable<Awaited<ReturnType<typeof findAccountWithAgent>>>;

/** The caller's account and agent; an account gone meanwhile reads as signed out. */
export async function loadAccount(db: DbOrTx, accountId: string): Promise<AccountWithAgent> {
  const row = await findAccountWithAgent(db, accountId);
  if (!row) throw unauthenticated(AUTH_ERRORS.authRequired);
  return row;
}

/**
 * The current password, asked again before a change that only the owner may make. A wrong one is a
 * 400 on the field (not a 401: the session itself is fine and must not be signed out by the client).
 */
export async function assertCurrentPassword(row: AccountWithAgent, password: string, field = 'currentPassword'): Promise<void> {
  if (await verifyPassword(row.account.passwordHash, password)) return;
  throw new AppError(400, 'INVALID_CREDENTIALS', ACCOUNT_TEXTS.wrongPassword, { [field]: ACCOUNT_TEXTS.wrongPassword });
}

export const displayNameOf = ({ agent }: AccountWithAgent) => agent.firstName || agent.username;
