import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TConversation } from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { useAuth } from '../auth/auth-context';
import { sortByActivity, totalUnreadOf } from './inbox-cache';

/** Per user, so switching accounts never shows another person's conversations. */
export const inboxKey = (userId: string | undefined) => ['inbox', userId] as const;

const PAGE_SIZE = 100;
/** 500 conversations is more than a sidebar is useful for; older ones stay reachable from their team. */
const MAX_PAGES = 5;

async function fetchInbox(): Promise<readonly TConversation[]> {
  const byId = new Map<string, TConversation>();
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { conversations, pagination } = await chatApi.conversations({ page, limit: PAGE_SIZE });
    // A conversation that moved up while we paged may come twice: the later copy is the newer one.
    for (const conversation of conversations) byId.set(conversation.id, conversation);
    if (!pagination.hasMore) break;
  }
  return sortByActivity([...byId.values()]);
}

const NONE: readonly TConversation[] = [];

/**
 * My conversations, personal and team-scoped, latest first, and how many messages wait unread in
 * all of them. Kept live by `useInboxLiveUpdates` (mounted once, in the app shell).
 */
export function useInbox() {
  const { user } = useAuth();
  const query = useQuery({ queryKey: inboxKey(user?.id), queryFn: fetchInbox, enabled: !!user });
  const conversations = query.data ?? NONE;
  const totalUnread = useMemo(() => totalUnreadOf(conversations), [conversations]);
  return { conversations, totalUnread, isPending: query.isPending, error: query.error, refetch: query.refetch };
}
