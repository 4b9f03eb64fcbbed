import type { Redis } from 'ioredis';
import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { defineHandlers } from './route-handler';

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
export const healthRoutes = (ctx: AppContext, redis?: Redis) =>
  defineHandlers({
    getHealth: async () => {
      try {
        await ctx.database.ping();
      } catch {
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      return { status: 'ok' as const, database: ctx.database.kind };
    },
    getLiveness: () => ({ status: 'ok' as const }),
    getReadiness: async () => {
      const [database, redisState, storage] = await Promise.all([
        answersInTime(() => ctx.database.ping()),
        redis ? answersInTime(() => redis.ping()) : Promise.resolve<DependencyState>('not_configured'),
        // Attachments, avatars and exports: the local folder, or the shared bucket (decision 0029).
        answersInTime(() => ctx.files.check()),
      ]);
      if (database === 'down' || redisState === 'down' || storage === 'down')
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Not ready', { database, redis: redisState, storage });
      return { status: 'ok' as const, checks: { database, redis: redisState, storage } };
    },
  });
