import { z } from 'zod';
import { NOTIFY_LEVELS } from '../constants';
import { ATTENTION_MESSAGES as M, STATUS_TEXT_MAX, wallClockIn } from './attention-constants';
import { safeString } from './text';

/** PATCH /chat/conversations/:id/settings: the caller's own notify level and mute, or closing it from the sidebar. */
export const ZConversationSettingsRequest = z
  .strictObject({
    notifyLevel: z.enum(NOTIFY_LEVELS, { error: M.notifyLevelInvalid }).optional(),
    muted: z.boolean().optional(),
    /** true: hide it from the sidebar until a newer message arrives. */
    closed: z.literal(true).optional(),
  })
  .refine((input) => input.notifyLevel !== undefined || input.muted !== undefined || input.closed !== undefined, { error: M.settingsEmpty });
export type TConversationSettingsRequest = z.input<typeof ZConversationSettingsRequest>;

const ZFutureTime = z.iso.datetime({ offset: true });

const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: M.clockInvalid });

export const ZDndScheduleInput = z
  .strictObject({
    start: ZClock,
    end: ZClock,
    timeZone: safeString()
      .max(64)
      .refine((zone) => wallClockIn(zone, new Date(0)) !== null, { error: M.timeZoneInvalid }),
  })
  .refine((window) => window.start !== window.end, { error: M.windowEmpty });

/** PUT /users/me/dnd: until a time (null: off) and a daily schedule (null: none). */
export const ZDndRequest = z.strictObject({ until: ZFutureTime.nullable(), schedule: ZDndScheduleInput.nullable() });
export type TDndRequest = z.input<typeof ZDndRequest>;

/** PUT /users/me/status: a short text ('' clears it) and when it stops showing (null: never). */
export const ZStatusRequest = z.strictObject({
  text: safeString().trim().max(STATUS_TEXT_MAX, { error: M.statusTooLong }),
  expiresAt: ZFutureTime.nullable(),
});
export type TStatusRequest = z.input<typeof ZStatusRequest>;
