/** The times the status and do-not-disturb choices stand for, in the browser's own clock and zone. */

const HOUR = 3_600_000;

export const inMinutes = (minutes: number, now = new Date()) => new Date(now.getTime() + minutes * 60_000);

/** Tomorrow at 08:00 local time. */
export function tomorrowMorning(now = new Date()): Date {
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(8, 0, 0, 0);
  return next;
}

/** The end of today, local time (a status "for today"). */
export function endOfToday(now = new Date()): Date {
  const end = new Date(now);
  end.setHours(23, 59, 0, 0);
  return end.getTime() > now.getTime() ? end : new Date(now.getTime() + HOUR);
}

/** The browser's IANA time zone (a schedule is kept in it). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** 'HH:mm' or a short date and time when it is not today, as `locale` writes them (the language on screen). */
export function shortTime(iso: string, locale?: string, now = new Date()): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString(locale ?? [], { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleString(locale ?? [], { weekday: 'short', hour: '2-digit', minute: '2-digit' });
}

/** A `<input type="datetime-local">` value as an ISO instant (null when empty or not a date). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
