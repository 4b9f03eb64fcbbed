import type { TSearchConversation } from '@agentroom/shared';
import { JUMP_PARAM } from '../chat/use-jump-target';

/**
 * Where a search hit opens: its conversation's page with `?at=<seq>`, which loads the page around
 * that message. A 1:1 conversation lives at /p/:username, or /t/:handle/p/:username inside a team.
 * Undefined when the conversation has no page of its own yet (no single other participant).
 */
export function searchHitHref(conversation: TSearchConversation, seq: number): string | undefined {
  const at = `?${JUMP_PARAM}=${seq}`;
  if (conversation.roomName && conversation.team)
    return `/t/${encodeURIComponent(conversation.team.handle)}/r/${encodeURIComponent(conversation.roomName)}${at}`;
  const other = conversation.otherAgent;
  if (!other) return undefined;
  const person = `p/${encodeURIComponent(other.username)}`;
  return conversation.team && conversation.conversationType === 'team-scoped'
    ? `/t/${encodeURIComponent(conversation.team.handle)}/${person}${at}`
    : `/${person}${at}`;
}
