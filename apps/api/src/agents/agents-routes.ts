import { Router } from 'express';
import type { Redis } from 'ioredis';
import { ZUpdateAiAgentRequest } from '@agentroom/shared';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { createRateLimit } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import { pathParam } from '../teams/teams-routes';
import { uploadAvatar, uploadedAvatarBytes } from '../users/avatar-upload';
import { assertMayEditAiAgent, findVisibleAgent, removeAiAgentAvatar, replaceAiAgentAvatar, updateAiAgent } from './agents-service';

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

  // Who may change the avatar is settled before the upload is read: an outsider's bytes are never parsed.
  router.put(
    '/:id/avatar',
    writeLimit,
    verified,
    async (req, res, next) => {
      res.locals.agentId = (await assertMayEditAiAgent(ctx, pathParam(req, 'id'), authOf(req).agentId)).id;
      next();
    },
    uploadAvatar(),
    async (req, res) => {
      sendData(res, { agent: await replaceAiAgentAvatar(ctx, res.locals.agentId as string, uploadedAvatarBytes(req)) });
    },
  );

  router.delete('/:id/avatar', writeLimit, verified, async (req, res) => {
    sendData(res, { agent: await removeAiAgentAvatar(ctx, pathParam(req, 'id'), authOf(req).agentId) });
  });

  return router;
}
