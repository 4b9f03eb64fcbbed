import type { QueryClient } from '@tanstack/react-query';
import type { TConversation } from '@agentroom/shared';
import { withReadCursor } from './inbox-cache';
import { inboxKey } from './use-inbox';

/**
 * Patches my conversations list with the answer to my own read. The socket's seen event alone is not
 * enough: a chat that opens fast reads before this tab's socket is in the conversation's room, and
 * the list kept its badge.
 */
export function patchInboxAfterRead(queryClient: QueryClient, userId: string | undefined, conversationId: string, unreadCount: number) {
  const key = inboxKey(userId);
  const current = queryClient.getQueryData<readonly TConversation[]>(key);
  if (!current) return;
  const next = withReadCursor(current, conversationId, unreadCount);
  if (next !== current) queryClient.setQueryData(key, next);
}
