import { describe, expect, it } from 'vitest';
import { inDailyWindow, isDoNotDisturbOn, isStatusShown } from './attention-constants';

const at = (iso: string) => new Date(iso);

describe('do not disturb', () => {
  it('is on until its time, and off from then', () => {
    const state = { until: '2026-01-10T12:00:00Z', schedule: null };
    expect(isDoNotDisturbOn(state, at('2026-01-10T11:59:00Z'))).toBe(true);
    expect(isDoNotDisturbOn(state, at('2026-01-10T12:00:00Z'))).toBe(false);
  });

  it('keeps a daily window that spans midnight in its own time zone', () => {
    // 22:00–07:00 in New York (UTC−5 in January).
    const schedule = { start: '22:00', end: '07:00', timeZone: 'America/New_York' };
    expect(inDailyWindow(schedule, at('2026-01-10T02:59:00Z'))).toBe(false); // 21:59
    expect(inDailyWindow(schedule, at('2026-01-10T03:00:00Z'))).toBe(true); // 22:00
    expect(inDailyWindow(schedule, at('2026-01-10T06:30:00Z'))).toBe(true); // 01:30
    expect(inDailyWindow(schedule, at('2026-01-10T11:59:00Z'))).toBe(true); // 06:59
    expect(inDailyWindow(schedule, at('2026-01-10T12:00:00Z'))).toBe(false); // 07:00
    expect(isDoNotDisturbOn({ until: null, schedule }, at('2026-01-10T06:30:00Z'))).toBe(true);
  });

  it('keeps a window within one day, and ignores an unknown zone', () => {
    const schedule = { start: '09:00', end: '12:00', timeZone: 'UTC' };
    expect(inDailyWindow(schedule, at('2026-01-10T10:00:00Z'))).toBe(true);
    expect(inDailyWindow(schedule, at('2026-01-10T13:00:00Z'))).toBe(false);
    expect(inDailyWindow({ ...schedule, timeZone: 'Mars/Olympus' }, at('2026-01-10T10:00:00Z'))).toBe(false);
  });
});

describe('a status', () => {
  it('shows until it expires, and never when empty', () => {
    expect(isStatusShown('Lunch', '2026-01-10T12:00:00Z', at('2026-01-10T11:00:00Z'))).toBe(true);
    expect(isStatusShown('Lunch', '2026-01-10T12:00:00Z', at('2026-01-10T12:00:00Z'))).toBe(false);
    expect(isStatusShown('Lunch', null, at('2030-01-01T00:00:00Z'))).toBe(true);
    expect(isStatusShown('', null)).toBe(false);
  });
});
