import { AUTH_ERRORS, type TProfile } from '@agentroom/shared';
import type { AppContext } from '../context';
import { unauthenticated } from '../core/app-error';
import { presentProfile } from './presenters';
import { findAccountWithAgent } from './users-repo';

/** GET /users/me: the caller's own profile (an account removed meanwhile reads as signed out). */
export async function ownProfile(ctx: AppContext, accountId: string): Promise<TProfile> {
  const row = await findAccountWithAgent(ctx.db, accountId);
  if (!row) throw unauthenticated(AUTH_ERRORS.authRequired);
  return presentProfile(row.account, row.agent);
}
