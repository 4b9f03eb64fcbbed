import { z } from 'zod';
import { ZIsoDateTime } from './users';

/** One signed-in device of the caller (GET /users/me/sessions). */
export const ZAccountSession = z
  .strictObject({
    id: z.uuid(),
    /** "Firefox on Linux", from the user agent; "Unknown device" without one. */
    device: z.string(),
    /** The last refresh or sign-in of this session. */
    lastSeenAt: ZIsoDateTime,
    createdAt: ZIsoDateTime,
    /** The session that asked. */
    current: z.boolean(),
  })
  .meta({ id: 'AccountSession' });
export type TAccountSession = z.infer<typeof ZAccountSession>;

export const ZAccountSessionsResponse = z.strictObject({ sessions: z.array(ZAccountSession) });
export const ZSignedOutSessionsResponse = z.strictObject({ signedOut: z.number().int().nonnegative() });
export const ZPasswordChangedResponse = z.strictObject({ changed: z.literal(true), signedOut: z.number().int().nonnegative() });
export const ZAccountDeletedResponse = z.strictObject({ deleted: z.literal(true) });
