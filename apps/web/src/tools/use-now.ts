import { useEffect, useState } from 'react';

/** The time now, ticking every `everyMs` while `running` (a countdown's clock; no tick when nothing counts down). */
export function useNow(running: boolean, everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [running, everyMs]);
  return now;
}
