import type { TSavedMessage } from '@agentroom/shared';
import { JUMP_PARAM } from '../chat/use-jump-target';
import { searchHitHref } from '../search/search-links';

/** The URL parameter that opens a thread beside its conversation (its root message's id). */
const THREAD_PARAM = 'thread';

/**
 * Where a saved message opens: its conversation at the message (`?at=<seq>`, as a search hit); a
 * thread reply in its thread's conversation with the thread open at it (`?thread=<root>&at=<seq>`,
 * the seq being its place in the thread). Undefined when the conversation has no page of its own.
 */
export function savedMessageHref({ conversation, message }: Pick<TSavedMessage, 'conversation' | 'message'>): string | undefined {
  const href = searchHitHref(conversation, message.seq);
  if (!href || !message.inThread) return href;
  const path = href.slice(0, href.indexOf('?'));
  return `${path}?${new URLSearchParams({ [THREAD_PARAM]: message.inThread.rootMessageId, [JUMP_PARAM]: String(message.seq) }).toString()}`;
}
