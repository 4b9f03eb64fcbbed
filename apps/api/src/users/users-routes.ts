import { Router } from 'express';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { ownProfile } from './users-service';

export function usersRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/me', requireAuth(ctx), async (req, res) => {
    sendData(res, { profile: await ownProfile(ctx, authOf(req).accountId) });
  });
  return router;
}
