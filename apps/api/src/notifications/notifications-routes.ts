import express, { Router } from 'express';
import type { Redis } from 'ioredis';
import { ZUnsubscribeRequest, ZUpdateNotificationSettingsRequest } from '@agentroom/shared';
import { authOf, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { sendData } from '../http/envelope';
import { createRateLimit } from '../http/rate-limit';
import { parseInput } from '../http/validate';
import { notificationSettings, unsubscribeWithToken, updateNotificationSettings } from './notification-settings';

/**
 * Notification settings (issue 12), mounted at the API root: the caller's own under /users/me, and the
 * public one-click unsubscribe of the unread-messages mail under /notifications.
 */
export function notificationsRoutes(ctx: AppContext, redis?: Redis): Router {
  const router = Router();
  const signedIn = requireAuth(ctx);
  const { windowMs, loginMax } = ctx.config.rateLimit;
  // Tokens are guessed like passwords, so their checks get the login budget (as the other mailed links do).
  const tokenLimit = createRateLimit({ name: 'unsubscribe-token', windowMs, limit: loginMax, redis });

  router.get('/users/me/notifications', signedIn, async (req, res) => {
    sendData(res, { notifications: await notificationSettings(ctx, authOf(req).accountId) });
  });

  router.patch('/users/me/notifications', signedIn, async (req, res) => {
    const input = parseInput(ZUpdateNotificationSettingsRequest, req.body);
    sendData(res, { notifications: await updateNotificationSettings(ctx, authOf(req).accountId, input) });
  });

  // The SPA page posts { token } as JSON; a mail client's one-click (RFC 8058) posts the form body
  // `List-Unsubscribe=One-Click` to the header's URL, which carries the token in its query.
  router.post('/notifications/unsubscribe', tokenLimit, express.urlencoded({ extended: false, limit: '1kb' }), async (req, res) => {
    const body = (req.body ?? {}) as { token?: unknown };
    const { token } = parseInput(ZUnsubscribeRequest, { token: body.token ?? req.query.token });
    await unsubscribeWithToken(ctx, token);
    sendData(res, { unsubscribed: true });
  });

  return router;
}
