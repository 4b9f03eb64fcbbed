import { Router } from 'express';
import { ZTeamUsageQuery } from '@agentroom/shared';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { parseInput } from '../http/validate';
import { teamUsage } from './usage-service';

/** A team's AI usage, under /api/v1/teams: GET /:handle/usage?days= (owners). */
export function usageRoutes(ctx: AppContext): Router {
  const router = Router();
  const verified = requireAuth(ctx, { verified: true });
  router.get('/:handle/usage', verified, async (req, res) => {
    const { days } = parseInput(ZTeamUsageQuery, req.query);
    sendData(res, await teamUsage(ctx, authOf(req).agentId, String(req.params.handle), days));
  });
  return router;
}
