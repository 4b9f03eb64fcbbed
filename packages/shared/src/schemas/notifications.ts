import { z } from 'zod';
import { safeString } from './text';

/**
 * Notifications (issue 12): how long unread messages wait before one email lists them. The choices are
 * minutes; `null` is Off. Servers scale "one minute" with UNREAD_MAIL_MINUTE_MS (tests and demos only).
 */
export const UNREAD_EMAIL_DELAYS = [5, 15, 60, 240] as const;
export type TUnreadEmailDelay = (typeof UNREAD_EMAIL_DELAYS)[number];
export const DEFAULT_UNREAD_EMAIL_DELAY: TUnreadEmailDelay = 15;

export const NOTIFICATION_MESSAGES = {
  delayInvalid: 'Choose one of the offered delays, or Off',
  tokenRequired: 'Unsubscribe token is required',
  invalidUnsubscribeLink: 'This unsubscribe link is invalid. You can turn the emails off in the app, under Notifications.',
} as const;

/** A delay in minutes, or null for Off. */
export const ZUnreadEmailDelay = z.literal(UNREAD_EMAIL_DELAYS, { error: NOTIFICATION_MESSAGES.delayInvalid }).nullable();

export const ZUpdateNotificationSettingsRequest = z.object({
  unreadEmailDelayMinutes: ZUnreadEmailDelay,
});
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
