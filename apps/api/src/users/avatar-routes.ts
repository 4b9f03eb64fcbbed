import { pipeline } from 'node:stream/promises';
import { createAvatar } from '@dicebear/core';
import { glass } from '@dicebear/collection';
import { AVATAR_ERRORS, HTTP_ERRORS, isUuid } from '@agentroom/shared';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../core/app-error';
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
    getUploadedAvatar: async ({ params, req, res }) => {
      if (!isUuid(params.id)) throw notFound(AVATAR_ERRORS.notFound);
      // An address never changes its bytes, so its id is a strong validator on every node.
      const etag = `"${params.id.toLowerCase()}"`;
      const headers = {
        'Content-Type': 'image/webp',
        'Cache-Control': `public, max-age=${ONE_YEAR_S}, immutable`,
        ETag: etag,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      };
      // A removed or replaced avatar: not found, and not remembered as one either (no caching headers).
      if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
        if (!(await ctx.files.exists('avatars', params.id))) throw notFound(AVATAR_ERRORS.notFound);
        res.status(304).set(headers).end();
        return ANSWERED;
      }
      const file = await ctx.files.get('avatars', params.id);
      if (!file) throw notFound(AVATAR_ERRORS.notFound);
      res.status(200).set({ ...headers, 'Content-Length': String(file.size) });
      if (req.method === 'HEAD') {
        file.body.destroy();
        res.end();
        return ANSWERED;
      }
      // A cancelled download is the error handler's to ignore (http/client-abort).
      await pipeline(file.body, res);
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
