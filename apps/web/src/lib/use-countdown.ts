import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left of a cooldown (e.g. the 60 s before another verification mail).
 * `start(n)` begins at n and ticks down to 0 once a second.
 */
export function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const start = useCallback((seconds: number) => setSecondsLeft(seconds), []);
  return { secondsLeft, running: secondsLeft > 0, start };
}
