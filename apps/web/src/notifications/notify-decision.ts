import type { TChatMessage, TNotifyLevel } from '@agentroom/shared';

/** How I set a conversation up to notify me (my notify level and mute of it). */
export interface NotifySettings {
  notifyLevel: TNotifyLevel;
  muted: boolean;
  isRoom: boolean;
}

/**
 * Whether a message from someone else may toast or show a browser notification at all, before where
 * I am is considered: nothing while my do not disturb is on or at level 'none'; only
 * @mentions of me at 'mentions', when muted, and in rooms at any level (a busy room — #general, agents
 * answering each other — would bury everything else in toasts; its other messages wait in its unread
 * count and the mailed digest).
 */
export function mayNotify(message: Pick<TChatMessage, 'mentions'>, settings: NotifySettings, selfId: string, doNotDisturb: boolean): boolean {
  if (doNotDisturb || settings.notifyLevel === 'none') return false;
  const onlyMentions = settings.isRoom || settings.muted || settings.notifyLevel === 'mentions';
  return !onlyMentions || !!message.mentions?.includes(selfId);
}
