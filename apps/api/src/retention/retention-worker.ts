import type { AppContext } from '../context';
import { startPollLoop, type PollLoop } from '../core/poll-loop';
import { runRetention, type RetentionRun } from './retention-service';

export interface RetentionWorker extends PollLoop {
  /** One run now, at `now` (tests move the clock instead of waiting days). */
  runOnce(now?: Date): Promise<RetentionRun>;
}

/** Applies every team's retention on start and then every RETENTION_INTERVAL_MS. Started in server.ts, stopped in its close(). */
export function startRetentionWorker(ctx: AppContext): RetentionWorker {
  const loop = startPollLoop({
    pollMs: ctx.config.retention.intervalMs,
    pass: async () => {
      const run = await runRetention(ctx);
      if (run.messages) ctx.logger.info({ retention: run }, 'retention removed messages');
      return false;
    },
    onError: (error) => ctx.logger.warn({ err: error }, 'retention failed'),
  });
  return Object.assign(loop, { runOnce: (now?: Date) => runRetention(ctx, now) });
}
