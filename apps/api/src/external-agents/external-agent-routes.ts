import { authOf } from '../auth/require-auth';
import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import {
  createExternalAgent,
  deleteExternalAgent,
  getAgentSelf,
  listExternalAgents,
  revokeExternalAgentToken,
  rotateExternalAgentToken,
  updateExternalAgent,
} from './external-agents-service';

/** A team's external agents (owners and admins), and who an agent token speaks for. */
export const externalAgentRoutes = (ctx: AppContext) =>
  defineHandlers({
    listExternalAgents: async ({ auth, params }) => ({ externalAgents: await listExternalAgents(ctx, params.handle, auth.agentId) }),
    createExternalAgent: async ({ auth, params, body }) => createExternalAgent(ctx, params.handle, auth.agentId, body),
    updateExternalAgent: async ({ auth, params, body }) => ({
      externalAgent: await updateExternalAgent(ctx, params.handle, auth.agentId, params.agent, body),
    }),
    deleteExternalAgent: async ({ auth, params }) => {
      await deleteExternalAgent(ctx, params.handle, auth.agentId, params.agent);
      return { deleted: true as const };
    },
    rotateExternalAgentToken: async ({ auth, params }) => rotateExternalAgentToken(ctx, params.handle, auth.agentId, params.agent),
    revokeExternalAgentToken: async ({ auth, params }) => ({ revoked: await revokeExternalAgentToken(ctx, params.handle, auth.agentId, params.agent) }),
    getAgentSelf: async ({ req }) => getAgentSelf(ctx, authOf(req).agentId),
  });
