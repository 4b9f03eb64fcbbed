import { createContext, startTransition, use, useEffect, useState, type ReactNode } from 'react';
import { formatMessageTimestamp } from '@agentroom/shared';

const ClockContext = createContext<number | undefined>(undefined);

/**
 * A clock for the message times below, ticking every minute so 'time only' turns into 'weekday +
 * time' as messages age. Only the times read it: a tick renders them, not their bubbles; in a
 * transition, so a long list's times update in slices, never as one long task.
 */
export function MessageClock({ children }: { children: ReactNode }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => startTransition(() => setNow(Date.now())), 60_000);
    return () => clearInterval(timer);
  }, []);
  return <ClockContext value={now}>{children}</ClockContext>;
}

/** A message's time as the list shows it (by the clock above; outside one, by the time of the render). */
export function MessageTimeText({ timestamp }: { timestamp: string }) {
  return formatMessageTimestamp(timestamp, use(ClockContext));
}

/**
 * The full date and time of a message (its tooltip), as `Date#toLocaleString()` writes it, from one
 * formatter: toLocaleString builds an Intl formatter per call, which cost a long chat's first render
 * a formatter per message.
 */
let fullTimeFormat: Intl.DateTimeFormat | undefined;
export function fullTimeOf(timestamp: string | number | Date): string {
  fullTimeFormat ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const at = new Date(timestamp);
  return Number.isNaN(at.getTime()) ? 'Invalid Date' : fullTimeFormat.format(at);
}
