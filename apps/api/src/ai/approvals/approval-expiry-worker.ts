import type { AppContext, ReplyRunner } from '../../context';
import { startPollLoop, type PollLoop } from '../../core/poll-loop';
import { expireDueApprovals } from './approval-service';

const SWEEP_EVERY_MS = 30_000;

export type ApprovalExpiryWorker = PollLoop;

/**
 * Expires tool calls nobody approved in time (AI_APPROVAL_TTL_MINUTES) and queues their replies, so
 * the agent answers without them. Started in server.ts beside the reply worker, stopped in its close().
 */
export function startApprovalExpiryWorker(ctx: AppContext, replies: ReplyRunner): ApprovalExpiryWorker {
  return startPollLoop({
    pollMs: SWEEP_EVERY_MS,
    pass: async () => {
      const { expired, requeued } = await expireDueApprovals(ctx);
      if (requeued) replies.kick();
      return expired >= 50;
    },
    onError: (error) => ctx.logger.warn({ err: error }, 'approval expiry sweep failed'),
  });
}
