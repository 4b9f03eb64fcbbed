import { z } from 'zod';
import { ERROR_CODES } from '../../errors';

/** Every failed API call: `{ success: false, error, code, details? }` (details: field → first message). */
export const ZErrorEnvelope = z
  .strictObject({
    success: z.literal(false),
    error: z.string(),
    code: z.enum(ERROR_CODES),
    details: z.record(z.string(), z.string()).optional(),
    /** The request's `X-Request-Id`: quote it in an error report to find its log lines. */
    requestId: z.string().optional(),
  })
  .meta({ id: 'ErrorEnvelope', description: 'Every failed call answers in this shape.' });

/** Every successful API call: `{ success: true, data }`. */
export const successEnvelope = <T extends z.ZodType>(data: T) => z.strictObject({ success: z.literal(true), data });
