import { ROOM_NAME_MAX_LENGTH, ZRoomName } from '@agentroom/shared';
import { t } from '../i18n';

/**
 * The channel-name rule as the user types (the same schema the API parses with): the name the room
 * will get ("Launch Plan" → "launch-plan"), or what is wrong with it. Empty input is neither.
 */
export function checkRoomName(typed: string): { name?: string; error?: string } {
  if (!typed.trim()) return {};
  const result = ZRoomName.safeParse(typed);
  return result.success ? { name: result.data } : { error: result.error.issues[0]?.message };
}

/** The hint under a room name field: the rule, and the name it will be when that differs from what was typed. */
export function roomNameHint(typed: string): string {
  const { name } = checkRoomName(typed);
  const rule = t('Lowercase letters, numbers and hyphens, at most {{max}} characters; spaces become hyphens.', { max: ROOM_NAME_MAX_LENGTH });
  return name && name !== typed ? `${rule} ${t('It will be #{{name}}.', { name })}` : rule;
}
