import { ATTENTION_TEXTS as T, type TConversationSettingsRequest, type TDndRequest, type TStatusRequest } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from '../api/call-route';
import { t } from '../i18n';

/** Status, do not disturb and a conversation's notification settings. */
export const attentionApi = {
  get: () => call(routes.getAttention, { fallback: t(T.loadFailed) }).then((d) => d.attention),
  setStatus: (body: TStatusRequest) => call(routes.setStatus, { body, fallback: t(T.saveFailed) }).then((d) => d.attention),
  setDoNotDisturb: (body: TDndRequest) => call(routes.setDoNotDisturb, { body, fallback: t(T.saveFailed) }).then((d) => d.attention),
  conversationSettings: (id: string, body: TConversationSettingsRequest, fallback: string = t(T.settingsFailed)) =>
    call(routes.updateConversationSettings, { params: { id }, body, fallback }).then((d) => d.settings),
};
