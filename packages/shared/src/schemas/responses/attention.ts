import { z } from 'zod';
import { NOTIFY_LEVELS } from '../../constants';
import { ZAgentStatus, ZIsoDateTime } from './users';

export const ZDndSchedule = z
  .strictObject({ start: z.string(), end: z.string(), timeZone: z.string() })
  .meta({ id: 'DndSchedule', description: "A daily do-not-disturb window ('HH:mm', may span midnight) in a time zone." });

/** The caller's own status and do-not-disturb settings. */
export const ZAttention = z
  .strictObject({
    status: ZAgentStatus.nullable(),
    dndUntil: ZIsoDateTime.nullable(),
    dndSchedule: ZDndSchedule.nullable(),
    /** Whether do not disturb is on as the server answers. */
    doNotDisturb: z.boolean(),
  })
  .meta({ id: 'Attention' });
export type TAttention = z.infer<typeof ZAttention>;
export const ZAttentionResponse = z.strictObject({ attention: ZAttention });

/** The caller's notify level, mute and close state of one conversation. */
export const ZConversationSettings = z
  .strictObject({ notifyLevel: z.enum(NOTIFY_LEVELS), muted: z.boolean(), closedSeq: z.number().int().nonnegative().nullable() })
  .meta({ id: 'ConversationSettings' });
export type TConversationSettings = z.infer<typeof ZConversationSettings>;
export const ZConversationSettingsResponse = z.strictObject({ settings: ZConversationSettings });
