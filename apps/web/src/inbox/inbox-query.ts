import { queryOptions } from '@tanstack/react-query';
import { CHAT_FALLBACKS, type TConversation } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from '../api/call-route';
import { t } from '../i18n';
import { sortByActivity } from './inbox-order';

/** Per user, so switching accounts never shows another person's conversations. */
export const inboxKey = (userId: string | undefined) => ['inbox', userId] as const;

const PAGE_SIZE = 100;
/** 500 conversations is more than a sidebar is useful for; older ones stay reachable from their team. */
const MAX_PAGES = 5;

async function fetchInbox(): Promise<readonly TConversation[]> {
  const byId = new Map<string, TConversation>();
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    // Not chatApi: this module is in the first load (the shell's route loader), chatApi is not.
    const { conversations, pagination } = await call(routes.listConversations, {
      query: { page, limit: PAGE_SIZE },
      fallback: t(CHAT_FALLBACKS.getConversations),
    });
    // A conversation that moved up while we paged may come twice: the later copy is the newer one.
    // A thread is no conversation of its own in the list (decision 0026): its replies count in Threads.
    for (const conversation of conversations) if (conversation.conversationType !== 'thread') byId.set(conversation.id, conversation);
    if (!pagination.hasMore) break;
  }
  return sortByActivity([...byId.values()]);
}

/** The inbox as one query, for `useInbox` and the app shell's route loader (which starts it beside the shell's code). */
export const inboxQuery = (userId: string | undefined) => queryOptions({ queryKey: inboxKey(userId), queryFn: fetchInbox });
