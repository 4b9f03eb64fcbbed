import { Router } from 'express';
import { createAvatar } from '@dicebear/core';
import { glass } from '@dicebear/collection';
import { HTTP_ERRORS } from '@agentroom/shared';
import { sendError } from '../http/envelope';

const SEED_PATTERN = /^[A-Za-z0-9_.@-]{1,80}$/;

/** Fallback avatars generated here from an id or username, so no third-party image host is needed. */
export function avatarRoutes(): Router {
  const router = Router();
  const cache = new Map<string, string>();
  router.get('/:seed.svg', (req, res) => {
    const seed = req.params.seed;
    if (!SEED_PATTERN.test(seed)) {
      sendError(res, 400, 'VALIDATION_ERROR', HTTP_ERRORS.invalidAvatarSeed);
      return;
    }
    let svg = cache.get(seed);
    if (!svg) {
      svg = createAvatar(glass, { seed, radius: 50 }).toString();
      if (cache.size > 5000) cache.clear();
      cache.set(seed, svg);
    }
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400, immutable').send(svg);
  });
  return router;
}
