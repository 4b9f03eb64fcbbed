import { lazy, Suspense, useState, type ComponentType } from 'react';
import { lazyModule } from '../lib/lazy-module';

/**
 * A dialog whose code (its form, its zod schema, its radix parts) loads the first time it opens, not
 * with the page that holds its button: no page needs a closed dialog for its first paint. Once opened
 * it stays mounted, so closing keeps its animation and the next opening is instant. `preload` starts
 * the download early, e.g. when a pointer comes near the button.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  // A failed download (offline, say) is asked again by the next preload, or by the first opening.
  const code = lazyModule(load);
  const preload = () => void code.load().catch(() => {});
  const Dialog = lazy(async () => ({ default: await code.load() }));

  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    // Set during render (React's pattern for state that follows a prop): the dialog mounts in the same pass.
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload });
}
