import { NO_MODEL_NOTICE_CODE, noModelNotice, type TChatMessage } from '@agentroom/shared';
import { t, tf } from '../i18n';

/**
 * The text a message shows. A 'no model' notice is always said the same kind way, by name, older
 * ones too (they carried the set-up details, which only the team's owners are shown now), in the
 * language on screen.
 */
export const shownContent = (message: Pick<TChatMessage, 'content' | 'notice' | 'sender'>): string =>
  message.notice?.code === NO_MODEL_NOTICE_CODE ? tf(noModelNotice, message.sender.firstName || t('This agent')) : message.content;
