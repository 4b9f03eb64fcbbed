import type { AppContext, ReplyRunner } from '../context';
import { startPollLoop, type PollLoop } from '../core/poll-loop';
import { expireLapsedRequests } from './finish-reply';

const SWEEP_EVERY_MS = 5_000;
const BATCH = 50;

export type RequestExpiryWorker = PollLoop;

/**
 * Ends external agents' requests nobody answered in time (EXTERNAL_AGENT_ANSWER_TIMEOUT_MS; decision
 * 0025) with a notice, and wakes the runner: the room's next turn may run now. Started in server.ts
 * beside the reply worker, stopped in its close(); several nodes may sweep at once.
 */
export function startRequestExpiryWorker(ctx: AppContext, replies: ReplyRunner): RequestExpiryWorker {
  return startPollLoop({
    pollMs: Math.min(SWEEP_EVERY_MS, ctx.config.ai.externalAnswerTimeoutMs),
    pass: async () => {
      const found = await expireLapsedRequests(ctx, BATCH);
      if (found > 0) replies.kick();
      return found >= BATCH;
    },
    onError: (error) => ctx.logger.warn({ err: error }, 'request expiry sweep failed'),
  });
}
