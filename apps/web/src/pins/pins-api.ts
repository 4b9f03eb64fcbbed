import { routes } from '@agentroom/shared/routes';
import { call } from '../api/call-route';
import { t } from '../i18n';
import { PIN_FALLBACKS } from './pin-texts';

/** Pins (for everyone in a conversation) and saved messages (for oneself): one function per route. */
export const pinsApi = {
  pins: (conversationId: string) => call(routes.listPins, { params: { id: conversationId }, fallback: t(PIN_FALLBACKS.pins) }).then((d) => d.pins),
  pin: (messageId: string) => call(routes.pinMessage, { params: { id: messageId }, fallback: t(PIN_FALLBACKS.pin) }),
  unpin: (messageId: string) => call(routes.unpinMessage, { params: { id: messageId }, fallback: t(PIN_FALLBACKS.unpin) }),
  saved: (query: { limit: number; before?: string }) => call(routes.listSavedMessages, { query, fallback: t(PIN_FALLBACKS.saved) }),
  save: (messageId: string) => call(routes.saveMessage, { params: { id: messageId }, fallback: t(PIN_FALLBACKS.save) }),
  unsave: (messageId: string) => call(routes.unsaveMessage, { params: { id: messageId }, fallback: t(PIN_FALLBACKS.unsave) }),
};
