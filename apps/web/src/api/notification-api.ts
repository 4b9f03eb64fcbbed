import type { TNotificationSettings, TUpdateNotificationSettingsRequest } from '@agentroom/shared';
import { NOTIFICATION_TEXTS } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from './call-route';

/** Notifications: the caller's settings, the mailed unsubscribe link, and where a message's conversation opens. */
export const notificationApi = {
  settings: () => call(routes.getNotificationSettings, { fallback: NOTIFICATION_TEXTS.loadFailed }).then((d) => d.notifications),

  update: (input: TUpdateNotificationSettingsRequest): Promise<TNotificationSettings> =>
    call(routes.updateNotificationSettings, { body: input, fallback: NOTIFICATION_TEXTS.saveFailed }).then((d) => d.notifications),

  unsubscribe: (token: string) => call(routes.unsubscribe, { body: { token }, fallback: NOTIFICATION_TEXTS.unsubscribeFailed }),

  /** One conversation (its team and other agent name the page that opens it). */
  conversation: (id: string) => call(routes.getConversation, { params: { id } }).then((d) => d.conversation),
};
