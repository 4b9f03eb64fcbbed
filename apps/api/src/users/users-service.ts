import { AUTH_ERRORS, type TAgent, type TProfile } from '@agentroom/shared';
import type { AppContext } from '../context';
import { unauthenticated } from '../core/app-error';
import { removeAvatar, replaceAvatar } from './avatar-service';
import { presentAgent, presentProfile } from './presenters';
import { findAccountWithAgent } from './users-repo';

/** GET /users/me: the caller's own profile (an account removed meanwhile reads as signed out). */
export async function ownProfile(ctx: AppContext, accountId: string): Promise<TProfile> {
  const row = await findAccountWithAgent(ctx.db, accountId);
  if (!row) throw unauthenticated(AUTH_ERRORS.authRequired);
  return presentProfile(row.account, row.agent);
}

/** PUT /users/me/avatar: anyone verified sets their own. */
export async function replaceOwnAvatar(ctx: AppContext, agentId: string, bytes: Buffer): Promise<TAgent> {
  return presentAgent(await replaceAvatar(ctx, agentId, bytes));
}

/** DELETE /users/me/avatar */
export async function removeOwnAvatar(ctx: AppContext, agentId: string): Promise<TAgent> {
  return presentAgent(await removeAvatar(ctx, agentId));
}
