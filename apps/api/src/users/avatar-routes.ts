import { createAvatar } from '@dicebear/core';
import { glass } from '@dicebear/collection';
import { AVATAR_ERRORS, HTTP_ERRORS, isUuid } from '@agentroom/shared';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../core/app-error';
import { isClientAbort } from '../http/client-abort';
import { sendError } from '../http/envelope';
import { ANSWERED, defineHandlers } from '../http/route-handler';
import { withInitials } from './avatar-images';

const SEED_PATTERN = /^[A-Za-z0-9_.@-]{1,80}$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;
const GENERATED_AVATARS_KEPT = 5000;

/**
 * Avatars served by us, so no third-party image host is needed: uploaded ones (public; the random id
 * is the secret, and a new upload gets a new id, so each address is cached for good) and fallback
 * avatars generated from an id or username.
 */
export function avatarRoutes(ctx: AppContext) {
  const cache = new Map<string, string>();
  return defineHandlers({
    getUploadedAvatar: ({ params, req, res }) => {
      if (!isUuid(params.id)) throw notFound(AVATAR_ERRORS.notFound);
      const headers = {
        'Content-Type': 'image/webp',
        'Cache-Control': `public, max-age=${ONE_YEAR_S}, immutable`,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      };
      res.sendFile(ctx.files.avatarPath(params.id), { headers, dotfiles: 'deny' }, (error) => {
        // Sent, or the client went away (a cancelled download: nothing to answer, nothing to log).
        if (!error || res.headersSent || isClientAbort(error, req, res)) return;
        // A removed or replaced avatar: not found, and not remembered as one either.
        res.removeHeader('Cache-Control');
        sendError(res, 404, 'NOT_FOUND', AVATAR_ERRORS.notFound);
      });
      return ANSWERED;
    },
    getGeneratedAvatar: ({ params, query, res }) => {
      const { seed } = params;
      if (!SEED_PATTERN.test(seed)) throw badRequest(HTTP_ERRORS.invalidAvatarSeed);
      const initials = query.initials ?? '';
      const key = `${seed}?${initials}`;
      let svg = cache.get(key);
      if (!svg) {
        svg = withInitials(createAvatar(glass, { seed, radius: 50 }).toString(), initials);
        if (cache.size > GENERATED_AVATARS_KEPT) cache.clear();
        cache.set(key, svg);
      }
      res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400, immutable').send(svg);
      return ANSWERED;
    },
  });
}
