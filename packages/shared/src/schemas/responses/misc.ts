import { z } from 'zod';
import { ZIsoDateTime } from './users';

/** GET /health */
export const ZHealthResponse = z.strictObject({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** GET /health/live: the process answers. */
export const ZLiveResponse = z.strictObject({ status: z.literal('ok') });

/** GET /health/ready: every dependency answered (a 503 error envelope lists each state in `details`). */
export const ZReadyResponse = z.strictObject({
  status: z.literal('ok'),
  checks: z.strictObject({ database: z.literal('up'), redis: z.enum(['up', 'not_configured']), storage: z.literal('up') }),
});

/** GET /dev/mailbox (development and test only): the outbox, newest first, without the HTML bodies. */
export const ZDevMailboxResponse = z.strictObject({
  messages: z.array(
    z.looseObject({ id: z.uuid(), to: z.string(), subject: z.string(), text: z.string(), status: z.string(), createdAt: ZIsoDateTime }),
  ),
});
