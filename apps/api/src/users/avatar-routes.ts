import { Router } from 'express';
import { createAvatar } from '@dicebear/core';
import { glass } from '@dicebear/collection';
import { AVATAR_ERRORS, HTTP_ERRORS, isUuid } from '@agentroom/shared';
import type { AppContext } from '../context';
import { sendError } from '../http/envelope';

const SEED_PATTERN = /^[A-Za-z0-9_.@-]{1,80}$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Avatars served by us, so no third-party image host is needed: uploaded ones (public; the random id
 * is the secret, and a new upload gets a new id, so each address is cached for good) and fallback
 * avatars generated from an id or username.
 */
export function avatarRoutes(ctx: AppContext): Router {
  const router = Router();
  const cache = new Map<string, string>();

  router.get('/i/:id.webp', (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) {
      sendError(res, 404, 'NOT_FOUND', AVATAR_ERRORS.notFound);
      return;
    }
    res.sendFile(
      ctx.files.avatarPath(id),
      {
        headers: {
          'Content-Type': 'image/webp',
          'Cache-Control': `public, max-age=${ONE_YEAR_S}, immutable`,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        },
        dotfiles: 'deny',
      },
      (error) => {
        if (!error || res.headersSent) return;
        // A removed or replaced avatar: not found, and not remembered as one either.
        res.removeHeader('Cache-Control');
        sendError(res, 404, 'NOT_FOUND', AVATAR_ERRORS.notFound);
      },
    );
  });

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
