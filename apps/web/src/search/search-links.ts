import type { TSearchConversation, TThreadPlace } from '@agentroom/shared';
import { threadSearch } from '../chat/thread-url';
import { JUMP_PARAM } from '../chat/use-jump-target';

/**
 * A conversation's page with `search` after it: a room at /t/:handle/r/:room; a 1:1 conversation at
 * /p/:username, or /t/:handle/p/:username inside a team. Undefined when the conversation has no page
 * of its own yet (no single other participant).
 */
export function conversationHref(conversation: TSearchConversation, search: string): string | undefined {
  if (conversation.roomName && conversation.team)
    return `/t/${encodeURIComponent(conversation.team.handle)}/r/${encodeURIComponent(conversation.roomName)}${search}`;
  const other = conversation.otherAgent;
  if (!other) return undefined;
  const person = `p/${encodeURIComponent(other.username)}`;
  return conversation.team && conversation.conversationType === 'team-scoped'
    ? `/t/${encodeURIComponent(conversation.team.handle)}/${person}${search}`
    : `/${person}${search}`;
}

/**
 * Where a search hit opens: its conversation's page with `?at=<seq>`, which loads the page around
 * that message; a thread reply (`inThread`) opens in its root's conversation with the thread beside
 * it, at the reply (`?thread=<root>&at=<seq>`, the seq being the reply's place in the thread).
 */
export function searchHitHref(conversation: TSearchConversation, seq: number, inThread?: TThreadPlace): string | undefined {
  return conversationHref(conversation, inThread ? threadSearch(inThread.rootMessageId, seq) : `?${JUMP_PARAM}=${seq}`);
}
