import { createContext, use, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { JUMP_PARAM, THREAD_PARAM } from './use-jump-target';

/** `?thread=<root>` (and `&at=<seq>`, a reply in it): the thread open beside a room or a 1:1 (decision 0026). */
export function threadSearch(rootMessageId: string, atSeq?: number): string {
  const search = new URLSearchParams({ [THREAD_PARAM]: rootMessageId });
  if (atSeq !== undefined) search.set(JUMP_PARAM, String(atSeq));
  return `?${search.toString()}`;
}

/** The thread open beside this conversation (the root message's id in the URL), and how to open or close one. */
export function useThreadInUrl() {
  const [params, setParams] = useSearchParams();
  const rootMessageId = params.get(THREAD_PARAM) ?? undefined;
  const open = useCallback(
    (id: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(THREAD_PARAM, id);
        next.delete(JUMP_PARAM);
        return next;
      }),
    [setParams],
  );
  const close = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(THREAD_PARAM);
        next.delete(JUMP_PARAM);
        return next;
      }),
    [setParams],
  );
  return { rootMessageId, open, close };
}

/**
 * How a message opens its thread, given by the page the conversation is on (a room's, a 1:1's): null
 * where no thread can open (inside a thread, in a component test), and then no "Reply in thread".
 */
export const ThreadOpenerContext = createContext<((rootMessageId: string) => void) | null>(null);
export const useThreadOpener = () => use(ThreadOpenerContext);
