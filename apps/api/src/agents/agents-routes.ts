import { Router } from 'express';
import type { Redis } from 'ioredis';
import { ZUpdateAiAgentRequest } from '@agentroom/shared';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { createRateLimit } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import { pathParam } from '../teams/teams-routes';
import { findVisibleAgent, updateAiAgent } from './agents-service';

const AGENT_WRITES_PER_WINDOW = 300;

/** Agents by username (spec §5: a leading '@' is stripped) and AI agent edits (DESIGN §4). */
export function agentsRoutes(ctx: AppContext, redis?: Redis): Router {
  const router = Router();
  const verified = requireAuth(ctx, { verified: true });
  const writeLimit = createRateLimit({
    name: 'agent-writes',
    windowMs: ctx.config.rateLimit.windowMs,
    limit: AGENT_WRITES_PER_WINDOW,
    redis,
  });

  router.get('/:username', verified, async (req, res) => {
    sendData(res, { agent: await findVisibleAgent(ctx, pathParam(req, 'username'), authOf(req).agentId) });
  });

  router.patch('/:id', writeLimit, verified, async (req, res) => {
    const input = parseInput(ZUpdateAiAgentRequest, req.body);
    sendData(res, { agent: await updateAiAgent(ctx, pathParam(req, 'id'), authOf(req).agentId, input) });
  });

  return router;
}
