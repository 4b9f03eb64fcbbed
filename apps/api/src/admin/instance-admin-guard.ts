import type { RequestHandler } from 'express';
import { GENERIC_ERRORS } from '@agentroom/shared';
import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { authenticateToken, bearerToken } from '../auth/require-auth';
import { isInstanceAdminAccount } from '../users/presenters';
import { findAdminStanding } from './instance-admin-repo';

/** Whether the account administers this instance: marked so (the first account), or named in ADMIN_EMAILS. */
async function isInstanceAdmin(ctx: AppContext, accountId: string): Promise<boolean> {
  const standing = await findAdminStanding(ctx.db, accountId);
  return standing !== undefined && isInstanceAdminAccount(standing, ctx.config.adminEmails);
}

const notFound = () => new AppError(404, 'NOT_FOUND', GENERIC_ERRORS.notFound);

/**
 * `instance-admin` rows (decision 0028): a verified instance administrator's session, or the 404 of a
 * path that does not exist for anyone else — no token, a bad one, an external agent's, an unverified
 * or a disabled account — so the admin area is not even confirmed.
 */
export function requireInstanceAdmin(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const auth = await authenticateToken(ctx, bearerToken(req)).catch(() => undefined);
    if (!auth || auth.external || !auth.isVerified || !(await isInstanceAdmin(ctx, auth.accountId))) throw notFound();
    req.auth = auth;
    next();
  };
}
