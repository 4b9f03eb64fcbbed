import { z } from 'zod';
import { ACCOUNT_TEXTS } from '../messages';
import { safeString } from './text';
import { UNREAD_EMAIL_DELAYS, NOTIFICATION_MESSAGES } from './notification-constants';

/** A delay in minutes, or null for Off. */
export const ZUnreadEmailDelay = z.literal(UNREAD_EMAIL_DELAYS, { error: NOTIFICATION_MESSAGES.delayInvalid }).nullable();

export const ZUpdateNotificationSettingsRequest = z
  .object({
    unreadEmailDelayMinutes: ZUnreadEmailDelay.optional(),
    /** Push notifications may show the message's text on the lock screen. */
    pushPreviews: z.boolean().optional(),
  })
  .refine((v) => v.unreadEmailDelayMinutes !== undefined || v.pushPreviews !== undefined, { error: ACCOUNT_TEXTS.nothingToChange });
export type TUpdateNotificationSettingsRequest = z.input<typeof ZUpdateNotificationSettingsRequest>;

export const ZUnsubscribeRequest = z.object({
  token: safeString({ error: NOTIFICATION_MESSAGES.tokenRequired })
    .trim()
    .min(1, { error: NOTIFICATION_MESSAGES.tokenRequired })
    .max(256, { error: NOTIFICATION_MESSAGES.invalidUnsubscribeLink }),
});
export type TUnsubscribeRequest = z.input<typeof ZUnsubscribeRequest>;

/** The one-click form of RFC 8058: the token in the query, `List-Unsubscribe=One-Click` as the form body. */
export const ZUnsubscribeQuery = z.object({
  token: z.string().optional().meta({ description: 'The token of the List-Unsubscribe link (RFC 8058 one-click POST).' }),
});
