import { Router } from 'express';
import type { Redis } from 'ioredis';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { createRateLimit } from '../http/rate-limit';
import { uploadAvatar, uploadedAvatarBytes } from './avatar-upload';
import { ownProfile, removeOwnAvatar, replaceOwnAvatar } from './users-service';

const AVATAR_WRITES_PER_WINDOW = 60;

export function usersRoutes(ctx: AppContext, redis?: Redis): Router {
  const router = Router();
  const verified = requireAuth(ctx, { verified: true });
  const avatarLimit = createRateLimit({
    name: 'avatar-writes',
    windowMs: ctx.config.rateLimit.windowMs,
    limit: AVATAR_WRITES_PER_WINDOW,
    redis,
  });

  router.get('/me', requireAuth(ctx), async (req, res) => {
    sendData(res, { profile: await ownProfile(ctx, authOf(req).accountId) });
  });

  router.put('/me/avatar', avatarLimit, verified, uploadAvatar(), async (req, res) => {
    sendData(res, { agent: await replaceOwnAvatar(ctx, authOf(req).agentId, uploadedAvatarBytes(req)) });
  });

  router.delete('/me/avatar', avatarLimit, verified, async (req, res) => {
    sendData(res, { agent: await removeOwnAvatar(ctx, authOf(req).agentId) });
  });

  return router;
}
