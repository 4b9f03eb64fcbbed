import { and, eq, sql } from 'drizzle-orm';
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
import type { DbOrTx } from '../db/client';
import { accounts, conversationParticipants, conversations } from '../db/schema';
import { accountOfUnsubscribeToken } from './unsubscribe-token';

const isChoice = (minutes: number): minutes is TUnreadEmailDelay => (UNREAD_EMAIL_DELAYS as readonly number[]).includes(minutes);

/** A stored delay that is no longer offered shows as the default; Off stays Off. */
const present = (minutes: number | null): TNotificationSettings => ({
  unreadEmailDelayMinutes: minutes === null ? null : isChoice(minutes) ? minutes : DEFAULT_UNREAD_EMAIL_DELAY,
});

/** GET /users/me/notifications */
export async function notificationSettings(ctx: AppContext, accountId: string): Promise<TNotificationSettings> {
  const [row] = await ctx.db.select({ minutes: accounts.unreadMailDelayMinutes }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) throw unauthenticated(AUTH_ERRORS.authRequired);
  return present(row.minutes);
}

/**
 * Turning the emails on (from Off) counts only messages from then on: what arrived while they were off
 * is marked as mailed, so nobody gets a mail about last month's unread messages a minute later.
 */
async function forgetEarlierMessages(tx: DbOrTx, agentId: string) {
  await tx
    .update(conversationParticipants)
    .set({ mailedSeq: sql`greatest(${conversationParticipants.mailedSeq}, ${conversations.lastSeq})` })
    .from(conversations)
    .where(and(eq(conversations.id, conversationParticipants.conversationId), eq(conversationParticipants.agentId, agentId)));
}

/** PATCH /users/me/notifications: the caller's own delay (minutes) or null for Off. */
export async function updateNotificationSettings(
  ctx: AppContext,
  accountId: string,
  input: { unreadEmailDelayMinutes: TUnreadEmailDelay | null },
): Promise<TNotificationSettings> {
  const minutes = input.unreadEmailDelayMinutes;
  return ctx.db.transaction(async (tx) => {
    // Locks the row (the unread-mail worker takes the same lock), so a mail and a change never interleave.
    const [before] = await tx
      .select({ agentId: accounts.agentId, minutes: accounts.unreadMailDelayMinutes })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for('no key update');
    if (!before) throw unauthenticated(AUTH_ERRORS.authRequired);
    if (before.minutes === null && minutes !== null) await forgetEarlierMessages(tx, before.agentId);
    await tx.update(accounts).set({ unreadMailDelayMinutes: minutes }).where(eq(accounts.id, accountId));
    return present(minutes);
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
  const updated = await ctx.db.update(accounts).set({ unreadMailDelayMinutes: null }).where(eq(accounts.id, accountId)).returning({ id: accounts.id });
  if (updated.length === 0) throw invalid;
}

