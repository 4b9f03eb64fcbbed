import { routes } from '@agentroom/shared/routes';
import { call } from './call-route';

/** Fallback texts when the server gives none (a network error keeps its own). */
export const THREAD_FALLBACKS = {
  open: "Couldn't open the thread",
  follow: "Couldn't change whether you follow the thread",
  list: "Couldn't load your threads",
} as const;

/** The threads calls (decision 0026): a thread is then a conversation like any other, read through chatApi. */
export const threadApi = {
  /** The thread of a message, made on its first open: its conversation and its root message. */
  open: (rootMessageId: string) => call(routes.openThread, { params: { id: rootMessageId }, fallback: THREAD_FALLBACKS.open }),

  follow: (threadConversationId: string, following: boolean) =>
    call(routes.followThread, { params: { id: threadConversationId }, body: { following }, fallback: THREAD_FALLBACKS.follow }).then((d) => d.following),

  /** The threads I follow, latest reply first, with how many have unread replies (the sidebar's badge). */
  followed: (before?: string) => call(routes.listFollowedThreads, { query: before ? { before } : {}, fallback: THREAD_FALLBACKS.list }),
};

/** The query keys of threads, shared by the thread panel (which reads a thread) and the Threads view. */
export const threadKeys = {
  followed: (userId: string | undefined) => ['threads', 'followed', userId ?? null] as const,
  open: (userId: string | undefined, rootMessageId: string) => ['threads', 'open', userId ?? null, rootMessageId] as const,
};
