import { useCallback, useRef, useState } from 'react';

/**
 * State whose latest value can be read at once, between renders: socket handlers and gap-fill
 * loops act on what the previous event left, not on what the last render saw. The ref is the
 * truth; the state only re-renders.
 */
export function useSyncedState<S>(initial: () => S) {
  const [state, setState] = useState(initial);
  const ref = useRef(state);
  const update = useCallback((change: (current: S) => S) => {
    const next = change(ref.current);
    if (next === ref.current) return;
    ref.current = next;
    setState(next);
  }, []);
  const get = useCallback(() => ref.current, []);
  return [state, update, get] as const;
}
