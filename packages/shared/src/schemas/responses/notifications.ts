import { z } from 'zod';
import { UNREAD_EMAIL_DELAYS } from '../notification-constants';

/** The signed-in user's notification settings. */
export const ZNotificationSettings = z
  .strictObject({
    /** Minutes unread messages wait before one email lists them; null: no such emails. */
    unreadEmailDelayMinutes: z
      .literal(UNREAD_EMAIL_DELAYS)
      .nullable()
      .meta({ description: 'Minutes unread messages wait before one email lists them; null: Off.' }),
    /** Push notifications carry the message's text (off: only who wrote). */
    pushPreviews: z.boolean(),
  })
  .meta({ id: 'NotificationSettings' });
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

export const ZNotificationSettingsResponse = z.strictObject({ notifications: ZNotificationSettings });
export type TNotificationSettingsResponse = z.infer<typeof ZNotificationSettingsResponse>;

export const ZUnsubscribedResponse = z.strictObject({ unsubscribed: z.literal(true) });
