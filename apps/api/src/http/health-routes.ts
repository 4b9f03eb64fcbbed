import { Router } from 'express';
import type { Redis } from 'ioredis';
import type { AppContext } from '../context';
import { sendData, sendError } from './envelope';

/** A dependency that does not answer within this is reported down, so the probe itself never hangs. */
const CHECK_TIMEOUT_MS = 1000;

type DependencyState = 'up' | 'down' | 'not_configured';

async function answersInTime(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
  });
  // ioredis queues commands while it reconnects; the late rejection of a queued PING is expected.
  const answered = check().then(
    () => 'up' as const,
    () => 'down' as const,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/health` (database, as before), `/health/live` (the process answers: restart it if not) and
 * `/health/ready` (its dependencies answer: send it traffic only if so; load balancers use this one).
 */
export function healthRoutes(ctx: AppContext, redis?: Redis): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    try {
      await ctx.database.ping();
      sendData(res, { status: 'ok', database: ctx.database.kind });
    } catch {
      sendError(res, 503, 'SERVICE_UNAVAILABLE', 'Database unavailable');
    }
  });
  router.get('/live', (_req, res) => sendData(res, { status: 'ok' }));
  router.get('/ready', async (_req, res) => {
    const [database, redisState] = await Promise.all([
      answersInTime(() => ctx.database.ping()),
      redis ? answersInTime(() => redis.ping()) : Promise.resolve<DependencyState>('not_configured'),
    ]);
    const checks: Record<string, DependencyState> = { database, redis: redisState };
    if (Object.values(checks).includes('down')) return sendError(res, 503, 'SERVICE_UNAVAILABLE', 'Not ready', checks);
    sendData(res, { status: 'ok', checks });
  });
  return router;
}
