import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TConversation } from '@agentroom/shared';
import { useAuth } from '../auth/auth-context';
import { totalUnreadOf } from './inbox-cache';
import { inboxQuery } from './inbox-query';

export { inboxKey } from './inbox-query';

const NONE: readonly TConversation[] = [];

/**
 * My conversations, personal and team-scoped, latest first, and how many messages wait unread in
 * all of them. Kept live by `useInboxLiveUpdates` (mounted once, in the app shell).
 */
export function useInbox() {
  const { user } = useAuth();
  const query = useQuery({ ...inboxQuery(user?.id), enabled: !!user });
  const conversations = query.data ?? NONE;
  const totalUnread = useMemo(() => totalUnreadOf(conversations), [conversations]);
  return { conversations, totalUnread, isPending: query.isPending, error: query.error, refetch: query.refetch };
}
