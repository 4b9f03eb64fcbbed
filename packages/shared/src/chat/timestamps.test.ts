import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessageTimestamp } from './timestamps';

const now = new Date('2026-03-20T15:00:00Z'); // a Friday
const utc = { locale: 'en-US', timeZone: 'UTC' };
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe('formatMessageTimestamp', () => {
  it('shows the time only under 24 hours', () => {
    expect(formatMessageTimestamp(hoursAgo(0), now, utc)).toBe('3:00 PM');
    expect(formatMessageTimestamp(hoursAgo(23.99), now, utc)).toBe('3:00 PM');
    expect(formatMessageTimestamp(new Date('2026-03-20T09:05:00Z'), now, utc)).toBe('9:05 AM');
  });

  it('shows weekday and time from 24 up to 168 hours', () => {
    expect(formatMessageTimestamp(hoursAgo(24), now, utc)).toBe('Thu 3:00 PM');
    expect(formatMessageTimestamp(hoursAgo(167), now, utc)).toBe('Fri 4:00 PM');
  });

  it('shows month, day and time from 168 hours on', () => {
    expect(formatMessageTimestamp(hoursAgo(168), now, utc)).toBe('Mar 13, 3:00 PM');
    expect(formatMessageTimestamp('2025-12-25T08:30:00Z', now, utc)).toBe('Dec 25, 8:30 AM');
  });

  it('treats future timestamps as recent and bad input as empty', () => {
    expect(formatMessageTimestamp(new Date(now.getTime() + 60_000), now, utc)).toBe('3:01 PM');
    expect(formatMessageTimestamp('not a date', now, utc)).toBe('');
  });

  it('keeps each locale and time zone apart (formatters are reused per locale, zone and shape)', () => {
    const at = new Date('2026-03-20T09:05:00Z');
    expect(formatMessageTimestamp(at, now, utc)).toBe('9:05 AM');
    expect(formatMessageTimestamp(at, now, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('10:05');
    expect(formatMessageTimestamp(at, now, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('6:05 PM');
    expect(formatMessageTimestamp(at, now, utc)).toBe('9:05 AM');
  });

  it("says what Date's own toLocale*String says, for any time and age", () => {
    const zones = ['UTC', 'America/New_York', 'Asia/Kolkata'];
    fc.assert(
      fc.property(fc.integer({ min: -86_400_000, max: 400 * 86_400_000 }), fc.constantFrom(...zones), fc.constantFrom('en-US', 'fr-FR'), (ago, timeZone, locale) => {
        const at = new Date(now.getTime() - ago);
        const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZone };
        const expected =
          ago < 24 * 3_600_000
            ? at.toLocaleTimeString(locale, time)
            : ago < 168 * 3_600_000
              ? at.toLocaleString(locale, { ...time, weekday: 'short' })
              : at.toLocaleString(locale, { ...time, month: 'short', day: 'numeric' });
        expect(formatMessageTimestamp(at, now, { locale, timeZone })).toBe(expected);
      }),
    );
  });
});
