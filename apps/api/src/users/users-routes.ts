import { Router } from 'express';
import { AUTH_ERRORS } from '@agentroom/shared';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { unauthenticated } from '../http/app-error';
import { presentProfile } from './presenters';
import { findAccountWithAgent } from './users-repo';

export function usersRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/me', requireAuth(ctx), async (req, res) => {
    const row = await findAccountWithAgent(ctx.db, authOf(req).accountId);
    if (!row) throw unauthenticated(AUTH_ERRORS.authRequired);
    sendData(res, { profile: presentProfile(row.account, row.agent) });
  });
  return router;
}
