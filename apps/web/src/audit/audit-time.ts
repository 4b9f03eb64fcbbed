import { useLanguage } from '../i18n';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "3 hours ago" and the exact date and time, in the reader's language. */
export function useAuditTime() {
  const language = useLanguage();
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const exact = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
  return {
    relative: (iso: string, now = Date.now()) => {
      const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
      for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
      return relative.format(0, 'second');
    },
    exact: (iso: string) => exact.format(new Date(iso)),
  };
}

/** A date field's day (yyyy-mm-dd) as the instant its local day starts or ends. */
export function dayStart(day: string): string | undefined {
  return day ? new Date(`${day}T00:00:00`).toISOString() : undefined;
}
export function dayEnd(day: string): string | undefined {
  return day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined;
}
