import type { AppContext } from '../context';
import { defineHandlers, StatusReply } from '../http/route-handler';
import { blockAgent, createReport, listBlocks, unblockAgent } from './safety-service';

/** Blocks under /users/me/blocks and reports (decision 0022). */
export const safetyRoutes = (ctx: AppContext) =>
  defineHandlers({
    listBlocks: async ({ auth }) => ({ blocked: await listBlocks(ctx, auth.agentId) }),
    blockAgent: async ({ auth, params }) => {
      await blockAgent(ctx, auth.agentId, params.agentId);
      return { blocked: true };
    },
    unblockAgent: async ({ auth, params }) => {
      await unblockAgent(ctx, auth.agentId, params.agentId);
      return { blocked: false };
    },
    createReport: async ({ auth, body }) => new StatusReply(201, { report: await createReport(ctx, auth.agentId, body) }),
  });
