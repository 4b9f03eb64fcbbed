import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, live. Where there is no matchMedia (jsdom) it answers
 * `fallback`: layouts that differ by width render one variant, not both hidden by CSS, so there is
 * one badge, one teams button and one set of landmarks on the page.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback);
  return useSyncExternalStore(subscribe, read, () => fallback);
}

/** The app shell's breakpoint: a sidebar from here up, a drawer below. Tailwind's `lg`. */
export const WIDE_SCREEN = '(min-width: 1024px)';
/** From here up the chat's profile is a side panel; below it replaces the chat. Tailwind's `md`. */
export const MEDIUM_SCREEN = '(min-width: 768px)';
