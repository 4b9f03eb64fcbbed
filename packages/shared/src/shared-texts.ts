import { namesText, seenByText, typingText } from './chat/people-text';
import {
  ACCOUNT_PAGE_TEXTS,
  AGENT_TOOL_TEXTS,
  answersEveryMessageText,
  ATTENTION_TEXTS,
  AUTH_FORM_TEXTS,
  CHAT_ACTION_ERRORS,
  COMPOSER_TEXTS,
  EXTERNAL_AGENT_TEXTS,
  NOTIFICATION_TEXTS,
  TEAM_ACTION_ERRORS,
  TEAM_CHANGE_TEXTS,
  TEAM_FETCH_ERRORS,
  TOOL_SETTINGS_TEXTS,
} from './client-texts';
import { ACCOUNT_TEXTS, AUTH_ERRORS, GENERIC_ERRORS, NO_MODEL_SETUP_HINT, noModelNotice, TEAM_ERRORS, VALIDATION } from './messages';
import { HTTP_ERRORS, REPLY_ERRORS } from './protocol';
import { ATTENTION_MESSAGES } from './schemas/attention-constants';
import { AVATAR_ERRORS } from './schemas/avatars';
import { CHAT_ERRORS, CHAT_FALLBACKS, DELETED_MESSAGE_TEXT, THREAD_ERRORS } from './schemas/chat-constants';
import { EXTERNAL_AGENT_ERRORS } from './schemas/external-agents';
import { INVITATION_MESSAGES } from './schemas/invitations';
import { NOTIFICATION_MESSAGES } from './schemas/notification-constants';
import { ROOM_MESSAGES } from './schemas/room-constants';
import { READ_ONLY_LINES, REACH_ERRORS, REPORT_REASON_LABELS, SAFETY_TEXTS } from './schemas/safety';
import { TEAM_MESSAGES } from './schemas/team-constants';
import { TOOL_CALL_ERRORS } from './schemas/tools';
import { MAIL_TEXTS } from './i18n/mail-texts';
import { PUSH_TEXTS } from './i18n/push-texts';
import { GOVERNANCE_ERRORS, GOVERNANCE_TEXTS } from './schemas/governance-constants';

/**
 * Every shared text a person may read (the server's error messages, the web's shared texts, the
 * mail): the catalog check walks them, so each needs a translation in every language (the `shared`
 * catalog area). A text with values in it is a `TextTemplate` (template.ts).
 */
export const SHARED_TEXTS: readonly unknown[] = [
  VALIDATION,
  AUTH_ERRORS,
  ACCOUNT_TEXTS,
  TEAM_ERRORS,
  GENERIC_ERRORS,
  noModelNotice,
  NO_MODEL_SETUP_HINT,
  TEAM_FETCH_ERRORS,
  CHAT_ACTION_ERRORS,
  TEAM_ACTION_ERRORS,
  AUTH_FORM_TEXTS,
  NOTIFICATION_TEXTS,
  COMPOSER_TEXTS,
  ACCOUNT_PAGE_TEXTS,
  answersEveryMessageText,
  ATTENTION_TEXTS,
  TEAM_CHANGE_TEXTS,
  TOOL_SETTINGS_TEXTS,
  AGENT_TOOL_TEXTS,
  EXTERNAL_AGENT_TEXTS,
  NOTIFICATION_MESSAGES,
  ATTENTION_MESSAGES,
  AVATAR_ERRORS,
  TEAM_MESSAGES,
  CHAT_ERRORS,
  THREAD_ERRORS,
  CHAT_FALLBACKS,
  DELETED_MESSAGE_TEXT,
  TOOL_CALL_ERRORS,
  INVITATION_MESSAGES,
  EXTERNAL_AGENT_ERRORS,
  READ_ONLY_LINES,
  REACH_ERRORS,
  REPORT_REASON_LABELS,
  SAFETY_TEXTS,
  ROOM_MESSAGES,
  REPLY_ERRORS,
  HTTP_ERRORS,
  namesText,
  typingText,
  seenByText,
  MAIL_TEXTS,
  PUSH_TEXTS,
  GOVERNANCE_ERRORS,
  GOVERNANCE_TEXTS,
];
