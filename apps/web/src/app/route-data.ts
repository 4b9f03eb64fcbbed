import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { warmTimestampFormatters } from '@agentroom/shared';
import { currentLanguage } from '../i18n';
import { tokenStorage } from '../api/token-storage';
import { prefetchChatOpen } from '../chat/chat-open';
import { inboxQuery } from '../inbox/inbox-query';
import { myTeamsQuery, teamAgentsQuery, teamQuery } from '../teams/team-keys';

/**
 * The account the stored token is for: its `sub`, read without checking (the server checks every
 * call). It keys the cached data like the signed-in user's id does, so a route's data can start
 * before /auth/me answers. No token, or not one we can read: nothing is fetched ahead.
 */
function storedAccountId(): string | undefined {
  const token = tokenStorage.get();
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const sub = (claims as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' && sub ? sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Route loaders that start a page's data and wait for nothing: the router runs them beside the
 * matched pages' chunks (and the app beside /auth/me), so code and data arrive in parallel. The
 * pages read the same query keys and fetch by themselves whatever was not started here.
 */
/** Every signed-in page: the sidebar's conversations (and the unread count) and the teams list. */
export const shellLoader = (queryClient: QueryClient) => () => {
  const userId = storedAccountId();
  if (userId) {
    void queryClient.prefetchQuery(inboxQuery(userId));
    void queryClient.prefetchQuery(myTeamsQuery(userId));
  }
  return null;
};

/** A team's pages: the team (its header) and its agents (the cards and the sidebar's roster). */
export const teamLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const userId = storedAccountId();
    if (userId && params.handle) {
      void queryClient.prefetchQuery(teamQuery(userId, params.handle));
      void queryClient.prefetchQuery(teamAgentsQuery(userId, params.handle));
    }
    return null;
  };

export const chatLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const userId = storedAccountId();
    if (userId && params.username) prefetchChatOpen(queryClient, userId, params.username, params.handle);
    // The time-of-day formatter (the first one loads the locale's data) is built in a task of its
    // own now, while the page's code and data are on their way: an idle callback often came too late,
    // and the bubbles' first render built it.
    // The reader's language: the chat's timestamps are formatted in it.
    setTimeout(() => warmTimestampFormatters(currentLanguage()), 0);
    return null;
  };
