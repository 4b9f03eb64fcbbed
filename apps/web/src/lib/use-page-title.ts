import { useEffect, useSyncExternalStore } from 'react';
import { PAGE_TITLE_PREFIX } from '@agentroom/shared';

/** 'Agentroom (beta) — {name}', with '(3) ' in front while 3 messages wait unread. */
export const pageTitle = (name?: string, unread = 0) =>
  `${unread > 0 ? `(${unread}) ` : ''}${name ? `${PAGE_TITLE_PREFIX} — ${name}` : PAGE_TITLE_PREFIX}`;

/*
 * The unread total lives here, outside React's tree, because the app shell knows it while each page
 * owns its title: the shell writes it, every title reads it.
 */
let unreadTotal = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Called by the app shell whenever the total changes (0 when it goes away, e.g. on sign-out). */
export function setTitleUnreadCount(count: number) {
  if (count === unreadTotal) return;
  unreadTotal = count;
  listeners.forEach((listener) => listener());
}

/** The unread total the title shows. */
export const useTitleUnreadCount = () => useSyncExternalStore(subscribe, () => unreadTotal);

/** Sets document.title to '(n) Agentroom (beta) — {name}' while the page is shown (no '(n)' when nothing is unread). */
export function usePageTitle(name?: string) {
  const unread = useTitleUnreadCount();
  useEffect(() => {
    document.title = pageTitle(name, unread);
  }, [name, unread]);
}
