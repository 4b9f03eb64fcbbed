import { useEffect, useRef } from 'react';

/**
 * Runs `effect` once per distinct key for the life of the component. Emailed tokens work once,
 * so a verification must not be sent twice when React re-runs effects (StrictMode, re-renders).
 */
export function useRunOnce(key: string | null, effect: () => void) {
  const done = useRef<string | null>(null);
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(() => {
    if (key === null || done.current === key) return;
    done.current = key;
    latest.current();
  }, [key]);
}
