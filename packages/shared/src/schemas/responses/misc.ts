import { z } from 'zod';
import { ZIsoDateTime } from './users';

/** GET /health */
export const ZHealthResponse = z.strictObject({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** GET /dev/mailbox (development and test only): the outbox, newest first, without the HTML bodies. */
export const ZDevMailboxResponse = z.strictObject({
  messages: z.array(
    z.looseObject({ id: z.uuid(), to: z.string(), subject: z.string(), text: z.string(), status: z.string(), createdAt: ZIsoDateTime }),
  ),
});
