import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { teamUsage } from './usage-service';

/** A team's AI usage per day (owners). */
export const usageRoutes = (ctx: AppContext) =>
  defineHandlers({
    getTeamUsage: ({ auth, params, query }) => teamUsage(ctx, auth.agentId, params.handle, query.days),
    updateTeamBudget: () => Promise.reject(new Error('not built yet')),
  });
