import { Router, type Request } from 'express';
import type { Redis } from 'ioredis';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { createRateLimit } from '../http/rate-limit';
import type { ReplyWorker } from './workers/reply-worker';
import { activeReplies, regenerateReply, stopChain, stopReply } from './reply-service';

/** AI reply controls, under /api/v1/chat: stop, regenerate, and the replies in progress. */
export function aiRoutes(ctx: AppContext, replies: ReplyWorker, redis?: Redis): Router {
  const router = Router();
  // Per route, not router.use: every /chat request passes through this router on its way.
  const verified = requireAuth(ctx, { verified: true });
  const worker = () => replies;

  router.post('/replies/:streamId/stop', verified, async (req, res) => {
    sendData(res, await stopReply(ctx, worker(), authOf(req).agentId, String(req.params.streamId)));
  });

  // Per person, like the other chat writes: a brake for scripts, never felt by people.
  const stopLimit = createRateLimit({
    name: 'chain-stops',
    windowMs: ctx.config.rateLimit.windowMs,
    limit: 300,
    redis,
    key: (req: Request) => `agent:${authOf(req).agentId}`,
  });
  router.post('/conversations/:id/chain/stop', verified, stopLimit, async (req, res) => {
    sendData(res, await stopChain(ctx, worker(), authOf(req).agentId, String(req.params.id)));
  });

  router.post('/messages/:id/regenerate', verified, async (req, res) => {
    sendData(res, await regenerateReply(ctx, worker(), authOf(req).agentId, String(req.params.id)), 202);
  });

  router.get('/conversations/:id/replies', verified, async (req, res) => {
    sendData(res, { replies: await activeReplies(ctx, worker(), authOf(req).agentId, String(req.params.id)) });
  });

  return router;
}
