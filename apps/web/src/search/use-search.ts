import { useEffect, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CHAT_ACTION_ERRORS, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX_LENGTH } from '@agentroom/shared';
import { chatApi } from '../api/chat-api';
import { errorMessage } from '../api/api-error';
import { useAuth } from '../auth/auth-context';
import { t } from '../i18n';

const TYPING_PAUSE_MS = 250;

/** `value`, once it has stopped changing for a moment (so every keystroke is not a request). */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Message search as the reader types: pages of hits, newest first, more on demand. */
export function useMessageSearch(text: string) {
  const { user } = useAuth();
  const q = useSettled(text.trim().slice(0, SEARCH_QUERY_MAX_LENGTH), TYPING_PAUSE_MS);
  const query = useInfiniteQuery({
    queryKey: ['chat', 'search', user?.agentId, q],
    queryFn: ({ pageParam }) => chatApi.search(q, { page: pageParam, limit: SEARCH_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasMore ? last.pagination.page + 1 : undefined),
    enabled: q.length > 0,
    staleTime: 30_000,
    retry: false,
  });
  return {
    /** The text the results are for (what was typed, once typing paused). */
    q,
    results: query.data?.pages.flatMap((page) => page.results) ?? [],
    searching: q.length > 0 && query.isPending,
    error: query.isError ? errorMessage(query.error, t(CHAT_ACTION_ERRORS.search)) : undefined,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
