import type { QueryClient } from '@tanstack/react-query';

/**
 * Work a page's first screen does not need (the live connection and what it catches up on when it
 * connects, read receipts) waits until that screen is drawn: on a phone's few connections, slow
 * network and slow CPU, the first screen then gets them all to itself (docs/decisions/0015).
 *
 * "Drawn" means: the router has the page's code in and its loaders run, no query is loading, and
 * then the browser has been idle, which it is only once React has rendered the page (a transition's
 * slices included) and painted. At the latest after `maxWaitMs`, for a page that keeps loading.
 */

/** The part of react-router's data router this needs. */
interface RouterState {
  initialized: boolean;
  navigation: { state: string };
}
interface WatchedRouter {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
}

/** Without a watcher (tests of a single component) nothing waits. */
let firstScreen: Promise<void> = Promise.resolve();

/** Resolves once the first page of this visit is on screen (at once after that). */
export function afterFirstScreen(): Promise<void> {
  return firstScreen;
}

/** Watches the app's first page load; the app calls it once, with its router, before it renders. */
export function watchFirstScreen(router: WatchedRouter, queryClient: QueryClient, maxWaitMs = 3_000): void {
  firstScreen = new Promise((resolve) => {
    let cancelIdle: (() => void) | undefined;
    const stops: (() => void)[] = [];
    const done = () => {
      cancelIdle?.();
      for (const stop of stops) stop();
      resolve();
    };
    const check = () => {
      const { initialized, navigation } = router.state;
      const loading = !initialized || navigation.state !== 'idle' || queryClient.isFetching() > 0;
      if (loading) {
        cancelIdle?.();
        cancelIdle = undefined;
      } else {
        cancelIdle ??= whenIdle(done);
      }
    };
    stops.push(router.subscribe(check), queryClient.getQueryCache().subscribe(check));
    const timer = setTimeout(done, maxWaitMs);
    stops.push(() => clearTimeout(timer));
    check();
  });
}

/** Runs `work` in the browser's next idle period (a frame has been painted by then); returns a cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 1_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 50);
  return () => clearTimeout(timer);
}
