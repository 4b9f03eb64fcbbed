import { use, type Ref } from 'react';
import type * as VirtuosoModule from 'react-virtuoso';
import type { VirtuosoHandle, VirtuosoProps } from 'react-virtuoso';

/*
 * react-virtuoso is half of the chat's code (≈ 18 of 36 KiB brotli) and most chats never need it
 * (docs/decisions/0014-first-screen-without-the-virtual-list.md): it loads when a chat first needs a
 * virtual list, or while the browser is idle after a chat's first screen.
 */
let loaded: typeof VirtuosoModule | undefined;
let loading: Promise<typeof VirtuosoModule> | undefined;

export function loadVirtualList(): Promise<typeof VirtuosoModule> {
  loading ??= import('react-virtuoso').then(
    (module) => (loaded = module),
    (err: unknown) => {
      // Offline, say: the next need (or preload) asks again instead of failing for good.
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/** A preload that fails is asked again when a chat needs the list (which then shows the error). */
const ignore = () => {};

/** Loads the virtual list's code once the browser has nothing else to do. */
export function preloadVirtualListWhenIdle(): () => void {
  if (loaded) return () => {};
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => loadVirtualList().catch(ignore), { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(() => loadVirtualList().catch(ignore), 2_000);
  return () => clearTimeout(timer);
}

/** Virtuoso, drawn at once when its code is in, else suspended (the caller's Suspense shows its fallback) until it is. */
export function VirtualList<Item, Context>(props: VirtuosoProps<Item, Context> & { ref?: Ref<VirtuosoHandle> }) {
  const { Virtuoso } = loaded ?? use(loadVirtualList());
  return <Virtuoso {...props} />;
}
