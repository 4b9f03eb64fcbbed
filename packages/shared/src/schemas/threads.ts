import { z } from 'zod';
import { FOLLOWED_THREADS_PAGE_SIZE, SAVED_MESSAGES_PAGE_SIZE } from './chat-constants';

/**
 * Threads, pins and saved messages (decision 0026): request schemas. A thread is opened from its
 * root message (`POST /chat/messages/:id/thread`) and is then a conversation like any other.
 */

/** Follow a thread (its new replies count as unread in Threads) or stop following it. */
export const ZFollowThreadRequest = z.strictObject({ following: z.boolean() });
export type TFollowThreadRequest = z.input<typeof ZFollowThreadRequest>;

/** A page of a newest-first list: `before` is the previous page's `nextBefore`. */
const newestFirstPage = (fallback: number) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(fallback),
    before: z.iso.datetime({ error: 'before must be an ISO date-time' }).optional(),
  });

/** The threads the caller follows, by their latest reply, newest first. */
export const ZFollowedThreadsQuery = newestFirstPage(FOLLOWED_THREADS_PAGE_SIZE);
export type TFollowedThreadsQuery = z.output<typeof ZFollowedThreadsQuery>;

/** The caller's saved messages, newest saved first. */
export const ZSavedMessagesQuery = newestFirstPage(SAVED_MESSAGES_PAGE_SIZE);
export type TSavedMessagesQuery = z.output<typeof ZSavedMessagesQuery>;
