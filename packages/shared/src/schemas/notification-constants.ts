// No zod here: the web app imports these constants, and a schema built at the top of a module it
// imports would bring all of zod into its first load (see events.ts). The schemas import them.

/**
 * Notifications: how long unread messages wait before one email lists them. The choices are
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
