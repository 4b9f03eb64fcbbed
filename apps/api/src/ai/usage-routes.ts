import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { teamUsage, updateTeamBudget } from './usage-service';

/** A team's AI usage per day, and its budget (owners). */
export const usageRoutes = (ctx: AppContext) =>
  defineHandlers({
    getTeamUsage: ({ auth, params, query }) => teamUsage(ctx, auth.agentId, params.handle, query.days),
    updateTeamBudget: ({ auth, params, body }) => updateTeamBudget(ctx, auth.agentId, params.handle, body),
  });
