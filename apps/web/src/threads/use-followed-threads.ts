import { useEffect } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS } from '@agentroom/shared';
import { threadApi, threadKeys } from '../api/thread-api';
import { useAuth } from '../auth/auth-context';
import { newMessageListeners } from '../realtime/new-message-feed';
import { useRealtime } from '../realtime/realtime-context';
import { subscribe } from '../realtime/socket-subscription';

/**
 * The threads I follow (decision 0026), newest reply first, page by page, and how many of them have
 * unread replies (the sidebar's badge, from the first page: the server counts over all of them).
 */
export function useFollowedThreads() {
  const userId = useAuth().user?.id;
  const query = useInfiniteQuery({
    queryKey: threadKeys.followed(userId),
    queryFn: ({ pageParam }) => threadApi.followed(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled: !!userId,
  });
  return {
    threads: query.data?.pages.flatMap((page) => page.threads) ?? [],
    unreadThreads: query.data?.pages[0]?.unreadThreads ?? 0,
    query,
  };
}

/**
 * Keeps the followed threads current: a new message in a thread (`inThread`; the server sends it to
 * the thread's followers) fetches them again, as does a reconnect or a resync after which events may
 * be missing. Mounted once, beside the sidebar's Threads entry.
 */
export function useFollowedThreadsLive() {
  const { socket } = useRealtime();
  const userId = useAuth().user?.id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || !userId) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: threadKeys.followed(userId) });
    return subscribe(socket, {
      connect: refetch,
      [SOCKET_EVENTS.resync]: refetch,
      ...newMessageListeners((message) => {
        if (message.inThread) refetch();
      }),
    });
  }, [socket, userId, queryClient]);
}
