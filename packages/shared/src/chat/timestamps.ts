const HOUR_MS = 60 * 60 * 1000;

export interface TimestampFormatOptions {
  locale?: string;
  timeZone?: string;
}

type Shape = 'time' | 'weekday' | 'date';
const SHAPES: Record<Shape, Intl.DateTimeFormatOptions> = {
  time: { hour: 'numeric', minute: '2-digit' },
  weekday: { hour: 'numeric', minute: '2-digit', weekday: 'short' },
  date: { hour: 'numeric', minute: '2-digit', month: 'short', day: 'numeric' },
};

// Building an Intl.DateTimeFormat costs far more than formatting with one (toLocaleString builds one
// per call), and a chat formats a timestamp per message: one formatter per shape, locale and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 64;

function formatterFor(shape: Shape, locale: string | undefined, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${shape}|${locale ?? ''}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...SHAPES[shape], timeZone });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Under 24 hours show the time only; under 168 hours the weekday and time; otherwise the
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
  const shape: Shape = ageMs < 24 * HOUR_MS ? 'time' : ageMs < 168 * HOUR_MS ? 'weekday' : 'date';
  return formatterFor(shape, locale, timeZone).format(at);
}

/**
 * Builds the default time-of-day formatter ahead of need (the first formatter also loads the
 * locale's data, ≈ 20 ms on a fast machine): a chat page calls this while it waits for its data, so
 * its first render does not pay for it. The other shapes (older messages) are built when first used:
 * each costs about as much again, and a chat's newest screen rarely needs them.
 */
export function warmTimestampFormatters(locale?: string): void {
  formatterFor('time', locale, undefined);
}
