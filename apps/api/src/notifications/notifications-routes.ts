import express from 'express';
import { ZUnsubscribeRequest } from '@agentroom/shared';
import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { parseInput } from '../http/validate';
import { getAttention, setDoNotDisturb, setStatus } from './attention';
import { notificationSettings, unsubscribeWithToken, updateNotificationSettings } from './notification-settings';

/** The caller's notification settings, status and do not disturb, and the public one-click unsubscribe of the unread-messages mail. */
export const notificationsRoutes = (ctx: AppContext) =>
  defineHandlers({
    getNotificationSettings: async ({ auth }) => ({ notifications: await notificationSettings(ctx, auth.accountId) }),
    updateNotificationSettings: async ({ auth, body }) => ({
      notifications: await updateNotificationSettings(ctx, auth.accountId, body),
    }),
    getAttention: async ({ auth }) => ({ attention: await getAttention(ctx, auth.agentId) }),
    setStatus: async ({ auth, body }) => ({ attention: await setStatus(ctx, auth.agentId, body) }),
    setDoNotDisturb: async ({ auth, body }) => ({ attention: await setDoNotDisturb(ctx, auth.agentId, body) }),
    // The SPA page posts { token } as JSON; a mail client's one-click (RFC 8058) posts the form body
    // `List-Unsubscribe=One-Click` to the header's URL, which carries the token in its query.
    unsubscribe: {
      before: [express.urlencoded({ extended: false, limit: '1kb' })],
      handle: async ({ body, query }) => {
        const { token } = parseInput(ZUnsubscribeRequest, { token: body.token ?? query.token });
        await unsubscribeWithToken(ctx, token);
        return { unsubscribed: true };
      },
    },
  });
