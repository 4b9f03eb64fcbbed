/** A moment as the reader's language writes it: date, and the time too when asked. */
export function formatWhen(iso: string, language: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'long' }).format(date);
}

/** A whole number of days in the reader's language ("7 days", "7 Tage"), with the language's own plural. */
export function formatDays(days: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}

export function formatPercent(progress: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent' }).format(progress / 100);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a ready export is kept, from one that has both dates (null while none has). */
export function keptForDays(items: readonly { finishedAt: string | null; expiresAt: string | null }[]): number | null {
  const dated = items.find((item) => item.finishedAt && item.expiresAt);
  if (!dated) return null;
  const days = Math.round((Date.parse(dated.expiresAt!) - Date.parse(dated.finishedAt!)) / DAY_MS);
  return days > 0 ? days : null;
}
