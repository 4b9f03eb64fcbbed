// No zod here: the web app's first load uses these (see notification-constants.ts).

/** A status text ("In a meeting") is at most this long. */
export const STATUS_TEXT_MAX = 100;

/** A daily do-not-disturb window in a time zone, e.g. 22:00–08:00 Europe/Lisbon (it may span midnight). */
export interface TDndSchedule {
  /** 'HH:mm', 24-hour clock. */
  start: string;
  end: string;
  /** An IANA time zone name. */
  timeZone: string;
}

export interface TDndState {
  /** Do not disturb until this time (ISO or Date); null: not set. */
  until: string | Date | null;
  schedule: TDndSchedule | null;
}

/** The wall-clock time 'HH:mm' at `now` in `timeZone` (null for a zone this runtime does not know). */
export function wallClockIn(timeZone: string, now: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
    const hour = parts.find((p) => p.type === 'hour')?.value ?? '00';
    const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
    return `${hour}:${minute}`;
  } catch {
    return null;
  }
}

/** Whether `now` falls in the daily window [start, end); a window whose end is before its start spans midnight. */
export function inDailyWindow(schedule: TDndSchedule, now: Date): boolean {
  const clock = wallClockIn(schedule.timeZone, now);
  if (clock === null || schedule.start === schedule.end) return false;
  return schedule.start < schedule.end ? clock >= schedule.start && clock < schedule.end : clock >= schedule.start || clock < schedule.end;
}

/**
 * Whether do not disturb is on at `now`: until a time still ahead, or inside the daily schedule.
 * The mail worker decides the same in SQL (unread-mail-repo.ts).
 */
export function isDoNotDisturbOn(state: TDndState, now: Date = new Date()): boolean {
  if (state.until !== null && new Date(state.until).getTime() > now.getTime()) return true;
  return state.schedule !== null && inDailyWindow(state.schedule, now);
}

/** Whether a status text still shows at `now` (an empty one never does). */
export const isStatusShown = (text: string, expiresAt: string | Date | null, now: Date = new Date()) =>
  text !== '' && (expiresAt === null || new Date(expiresAt).getTime() > now.getTime());

export const ATTENTION_MESSAGES = {
  notifyLevelInvalid: 'Choose all, mentions or none',
  settingsEmpty: 'Nothing to change: send notifyLevel, muted or closed',
  statusTooLong: `A status is at most ${STATUS_TEXT_MAX} characters`,
  expiryInPast: 'The time must be in the future',
  clockInvalid: 'Use a 24-hour time like 22:00',
  timeZoneInvalid: 'Unknown time zone',
  windowEmpty: 'The start and end must differ',
} as const;
