import type { TChatMessage } from '@agentroom/shared';
import { t } from '../i18n';
import { PIN_TEXTS } from './pin-texts';

/** A listed message as one line: its text, else its files' names; a deleted one says so (in the language on screen). */
export function shownText(message: Pick<TChatMessage, 'deleted' | 'content' | 'attachments'>, snippetOf: (content: string) => string): string {
  if (message.deleted) return t(PIN_TEXTS.deleted);
  return snippetOf(message.content) || message.attachments.map((a) => a.filename).join(', ');
}
