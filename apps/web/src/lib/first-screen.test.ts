import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';

type State = { initialized: boolean; navigation: { state: string } };

/** The data router's part the watcher reads: its state, and a subscription the test fires. */
function fakeRouter(initialized: boolean) {
  const listeners = new Set<(state: State) => void>();
  const router = {
    state: { initialized, navigation: { state: 'idle' } } as State,
    subscribe(listener: (state: State) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(state: Partial<State>) {
      router.state = { ...router.state, ...state };
      for (const listener of listeners) listener(router.state);
    },
  };
  return router;
}

/** A fresh copy of the module: its "first screen" is per page load. */
const freshModule = async () => {
  vi.resetModules();
  return import('./first-screen');
};

describe('afterFirstScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves at once when no watcher was installed (a component tested on its own)', async () => {
    const { afterFirstScreen } = await freshModule();
    await expect(afterFirstScreen()).resolves.toBeUndefined();
  });

  it('waits for the page code, then for its data, then for an idle moment', async () => {
    const { afterFirstScreen, watchFirstScreen } = await freshModule();
    const router = fakeRouter(false);
    const queryClient = new QueryClient();
    watchFirstScreen(router, queryClient);
    let done = false;
    void afterFirstScreen().then(() => (done = true));

    await vi.advanceTimersByTimeAsync(500);
    expect(done).toBe(false); // the route's code is still loading

    let answer!: (value: string) => void;
    void queryClient.prefetchQuery({ queryKey: ['page'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    router.set({ initialized: true });
    await vi.advanceTimersByTimeAsync(500);
    expect(done).toBe(false); // its data is still loading

    answer('here');
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false); // rendered, not yet idle
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(true);
  });

  it('starts waiting again when a navigation begins before the idle moment', async () => {
    const { afterFirstScreen, watchFirstScreen } = await freshModule();
    const router = fakeRouter(true);
    watchFirstScreen(router, new QueryClient());
    let done = false;
    void afterFirstScreen().then(() => (done = true));

    router.set({ navigation: { state: 'loading' } });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(done).toBe(false);
    router.set({ navigation: { state: 'idle' } });
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(true);
  });

  it('gives up waiting after its longest wait, for a page that keeps loading', async () => {
    const { afterFirstScreen, watchFirstScreen } = await freshModule();
    const queryClient = new QueryClient();
    void queryClient.prefetchQuery({ queryKey: ['never'], queryFn: () => new Promise<string>(() => {}) });
    watchFirstScreen(fakeRouter(true), queryClient, 3_000);
    let done = false;
    void afterFirstScreen().then(() => (done = true));

    await vi.advanceTimersByTimeAsync(2_900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(true);
  });
});
