import {
  AUTH_ERRORS,
  DEFAULT_UNREAD_EMAIL_DELAY,
  NOTIFICATION_MESSAGES,
  UNREAD_EMAIL_DELAYS,
  type TNotificationSettings,
  type TUnreadEmailDelay,
} from '@agentroom/shared';
import type { AppContext } from '../context';
import { AppError, unauthenticated } from '../core/app-error';
import { inTransaction } from '../core/transaction';
import { findUnreadMailDelay, lockUnreadMailDelay, markAllMailed, setPushPreviews, setUnreadMailDelay } from './notification-settings-repo';
import { accountOfUnsubscribeToken } from './unsubscribe-token';

const isChoice = (minutes: number): minutes is TUnreadEmailDelay => (UNREAD_EMAIL_DELAYS as readonly number[]).includes(minutes);

/** A stored delay that is no longer offered shows as the default; Off stays Off. */
const present = ({ minutes, pushPreviews }: { minutes: number | null; pushPreviews: boolean }): TNotificationSettings => ({
  unreadEmailDelayMinutes: minutes === null ? null : isChoice(minutes) ? minutes : DEFAULT_UNREAD_EMAIL_DELAY,
  pushPreviews,
});

/** GET /users/me/notifications */
export async function notificationSettings(ctx: AppContext, accountId: string): Promise<TNotificationSettings> {
  const row = await findUnreadMailDelay(ctx.db, accountId);
  if (!row) throw unauthenticated(AUTH_ERRORS.authRequired);
  return present(row);
}

/** PATCH /users/me/notifications: the caller's own delay (minutes, or null for Off) and push previews; either may be left out. */
export async function updateNotificationSettings(
  ctx: AppContext,
  accountId: string,
  input: { unreadEmailDelayMinutes?: TUnreadEmailDelay | null; pushPreviews?: boolean },
): Promise<TNotificationSettings> {
  return inTransaction(ctx.db, async (tx) => {
    // Locks the row (the unread-mail worker takes the same lock), so a mail and a change never interleave.
    const before = await lockUnreadMailDelay(tx, accountId);
    if (!before) throw unauthenticated(AUTH_ERRORS.authRequired);
    const minutes = input.unreadEmailDelayMinutes === undefined ? before.minutes : input.unreadEmailDelayMinutes;
    const pushPreviews = input.pushPreviews ?? before.pushPreviews;
    // Turning the emails on (from Off) counts only messages from then on: what arrived while they were
    // off is marked as mailed, so nobody gets a mail about last month's unread messages a minute later.
    if (before.minutes === null && minutes !== null) await markAllMailed(tx, before.agentId);
    if (minutes !== before.minutes) await setUnreadMailDelay(tx, accountId, minutes);
    if (pushPreviews !== before.pushPreviews) await setPushPreviews(tx, accountId, pushPreviews);
    return present({ minutes, pushPreviews });
  });
}

/**
 * POST /notifications/unsubscribe: the mailed link's token turns the emails off, no sign-in needed.
 * Doing it twice is fine; a token that is not ours (or of an account since deleted) is a 400.
 */
export async function unsubscribeWithToken(ctx: AppContext, token: string): Promise<void> {
  const accountId = accountOfUnsubscribeToken(token, ctx.config.jwtSecret);
  const invalid = new AppError(400, 'TOKEN_INVALID', NOTIFICATION_MESSAGES.invalidUnsubscribeLink);
  if (!accountId) throw invalid;
  if (!(await setUnreadMailDelay(ctx.db, accountId, null))) throw invalid;
}

