const HOUR_MS = 60 * 60 * 1000;

export interface TimestampFormatOptions {
  locale?: string;
  timeZone?: string;
}

/**
 * Spec §4: under 24 hours show the time only; under 168 hours the weekday and time; otherwise the
 * month, day and time. A timestamp in the future (clock skew) counts as recent.
 */
export function formatMessageTimestamp(
  date: Date | string | number,
  now: Date | number = Date.now(),
  { locale, timeZone }: TimestampFormatOptions = {},
): string {
  const at = new Date(date);
  if (Number.isNaN(at.getTime())) return '';
  const ageMs = new Date(now).getTime() - at.getTime();
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone };
  if (ageMs < 24 * HOUR_MS) return at.toLocaleTimeString(locale, time);
  if (ageMs < 168 * HOUR_MS) return at.toLocaleString(locale, { ...time, weekday: 'short' });
  return at.toLocaleString(locale, { ...time, month: 'short', day: 'numeric' });
}
