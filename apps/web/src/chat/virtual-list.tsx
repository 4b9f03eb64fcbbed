import { use, type Ref } from 'react';
import type { VirtuosoHandle, VirtuosoProps } from 'react-virtuoso';
import { lazyModule } from '../lib/lazy-module';

/*
 * react-virtuoso is half of the chat's code (≈ 18 of 36 KiB brotli) and most chats never need it
 * (docs/decisions/0014-first-screen-without-the-virtual-list.md): it loads when a chat first needs a
 * virtual list, or while the browser is idle after a chat's first screen.
 */
const virtuoso = lazyModule(() => import('react-virtuoso'));

export const loadVirtualList = virtuoso.load;

/** Loads the virtual list's code once the browser has nothing else to do (a failed load is asked again when a chat needs it). */
export function preloadVirtualListWhenIdle(): () => void {
  return virtuoso.loadWhenIdle() ?? (() => {});
}

/** Virtuoso, drawn at once when its code is in, else suspended (the caller's Suspense shows its fallback) until it is. */
export function VirtualList<Item, Context>(props: VirtuosoProps<Item, Context> & { ref?: Ref<VirtuosoHandle> }) {
  const { Virtuoso } = virtuoso.useLoaded() ?? use(virtuoso.load());
  return <Virtuoso {...props} />;
}
