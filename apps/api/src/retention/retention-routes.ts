import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { updateTeamRetention } from './retention-service';

/** A team's message retention (decision 0028): owners set it; the worker applies it. */
export const retentionRoutes = (ctx: AppContext) =>
  defineHandlers({
    updateTeamRetention: async ({ params, auth, body }) => ({ retention: await updateTeamRetention(ctx, params.handle, auth.agentId, body) }),
  });
