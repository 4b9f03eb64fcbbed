import { Router } from 'express';
import { REPLY_ERRORS } from '@agentroom/shared';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { sendData } from '../http/envelope';
import type { ReplyWorker } from './reply-worker';
import { activeReplies, regenerateReply, stopReply } from './reply-service';

/** AI reply controls, under /api/v1/chat: stop, regenerate, and the replies in progress. */
export function aiRoutes(ctx: AppContext): Router {
  const router = Router();
  // Per route, not router.use: every /chat request passes through this router on its way.
  const verified = requireAuth(ctx, { verified: true });
  const worker = (): ReplyWorker => {
    if (!ctx.ai) throw new AppError(503, 'SERVICE_UNAVAILABLE', REPLY_ERRORS.aiNotRunning);
    return ctx.ai.replies;
  };

  router.post('/replies/:streamId/stop', verified, async (req, res) => {
    sendData(res, await stopReply(ctx, worker(), authOf(req).agentId, String(req.params.streamId)));
  });

  router.post('/messages/:id/regenerate', verified, async (req, res) => {
    sendData(res, await regenerateReply(ctx, worker(), authOf(req).agentId, String(req.params.id)), 202);
  });

  router.get('/conversations/:id/replies', verified, async (req, res) => {
    sendData(res, { replies: await activeReplies(ctx, worker(), authOf(req).agentId, String(req.params.id)) });
  });

  return router;
}
