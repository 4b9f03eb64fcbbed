import type { TConversation, TNotificationSettings, TNotificationSettingsResponse, TUpdateNotificationSettingsRequest } from '@agentroom/shared';
import { NOTIFICATION_TEXTS } from '@agentroom/shared';
import { http } from './api-client';

/** Notifications (issue 12): the caller's settings, the mailed unsubscribe link, and where a message's conversation opens. */
export const notificationApi = {
  settings: () =>
    http.get<TNotificationSettingsResponse>('/users/me/notifications', { fallback: NOTIFICATION_TEXTS.loadFailed }).then((d) => d.notifications),

  update: (input: TUpdateNotificationSettingsRequest): Promise<TNotificationSettings> =>
    http
      .patch<TNotificationSettingsResponse>('/users/me/notifications', input, { fallback: NOTIFICATION_TEXTS.saveFailed })
      .then((d) => d.notifications),

  unsubscribe: (token: string) =>
    http.post<{ unsubscribed: true }>('/notifications/unsubscribe', { token }, { fallback: NOTIFICATION_TEXTS.unsubscribeFailed }),

  /** One conversation (its team and other agent name the page that opens it). */
  conversation: (id: string) => http.get<{ conversation: TConversation }>(`/chat/conversations/${encodeURIComponent(id)}`).then((d) => d.conversation),
};
