import { useSyncExternalStore } from 'react';

/**
 * A module no first paint needs, loaded once on demand, with a hook that re-renders its readers
 * when it arrives: until then they draw a stand-in. A failed load (a network error) can be tried again.
 */
export function lazyModule<T>(importer: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const getSnapshot = () => loaded;

  const module = {
    load(): Promise<T> {
      loading ??= importer().then(
        (module) => {
          loaded = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    /** The module once loaded, `undefined` until then. */
    useLoaded: (): T | undefined => useSyncExternalStore(subscribe, getSnapshot),
    isLoaded: () => loaded !== undefined,
    /** For an effect: starts the load once the browser is idle (unless it is in); returns the cancel. */
    loadWhenIdle: (): (() => void) | undefined =>
      loaded === undefined ? whenIdle(() => void module.load().catch(() => {}), 2_000) : undefined,
  };
  return module;
}

/** Runs `work` when the main thread is idle (at the latest after `timeout` ms); returns a cancel. */
function whenIdle(work: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(work, Math.min(timeout, 200));
  return () => clearTimeout(timer);
}
