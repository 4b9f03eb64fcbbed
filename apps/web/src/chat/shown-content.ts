import { NO_MODEL_NOTICE_CODE, noModelNotice, type TChatMessage } from '@agentroom/shared';

/**
 * The text a message shows. A 'no model' notice is always said the same kind way, by name, older
 * ones too (they carried the set-up details, which only the team's owners are shown now).
 */
export const shownContent = (message: Pick<TChatMessage, 'content' | 'notice' | 'sender'>): string =>
  message.notice?.code === NO_MODEL_NOTICE_CODE ? noModelNotice(message.sender.firstName || 'This agent') : message.content;
