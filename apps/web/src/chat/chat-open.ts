import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { stripAt } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from '../api/call-route';
import { firstScreenNeedsMarkdown, loadMarkdownPipeline } from './markdown-loader';

/**
 * The chat page's first load (POST /chat/open: the agent, the conversation, its newest page) as one
 * query, per signed-in user. Read once per visit: the socket and the gap-fill keep the list current
 * from then on, so it never refetches by itself; the route loader fetches it anew on every way in.
 */
export const chatOpenQuery = (userId: string | undefined, rawUsername: string, teamHandle: string | undefined) => {
  const username = stripAt(rawUsername);
  return queryOptions({
    queryKey: ['chat', 'open', userId, username.toLowerCase(), teamHandle?.toLowerCase() ?? null] as const,
    // Straight through the client, not chatApi: this module is in the entry (the route loader), and
    // chatApi's texts would bring the chat schemas with them. No fallback text: a failed open shows
    // nothing of its own, the separate calls it falls back to do.
    queryFn: async () => {
      // The Markdown pipeline comes beside the data (most chats with an AI agent need it), and the
      // first screen waits for it only if its messages do: it is drawn once, right.
      const pipeline = loadMarkdownPipeline().catch(() => undefined);
      const opened = await call(routes.openChat, { body: { username, ...(teamHandle ? { teamHandle } : {}) } });
      if (opened.page && firstScreenNeedsMarkdown(opened.page.messages.map((message) => message.content))) await pipeline;
      return opened;
    },
    staleTime: Infinity,
    // A failed open falls back to the separate calls, whose own states the page shows.
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
};

/**
 * On the way in to a chat (its route loader): fetch it now, beside the page's code. An earlier
 * visit's answer is dropped first (a new visit starts from the server's state), unless the page is
 * showing that very chat (a search hit in it changes only `?at=`): then it keeps what it has.
 */
export function prefetchChatOpen(queryClient: QueryClient, userId: string, username: string, teamHandle: string | undefined) {
  const options = chatOpenQuery(userId, username, teamHandle);
  const cached = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (cached && cached.getObserversCount() > 0) return;
  queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  void queryClient.prefetchQuery(options);
}
