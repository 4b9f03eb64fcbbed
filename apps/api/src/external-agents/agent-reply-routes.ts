import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { defineHandlers } from '../http/route-handler';

// Placeholder handlers while the streamed replies are written.
const notYet = (): never => {
  throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Not available yet');
};

/** An external agent's streamed replies (its own token). */
export const agentReplyRoutes = (_ctx: AppContext) =>
  defineHandlers({
    startAgentReply: notYet,
    appendAgentReply: notYet,
    finishAgentReply: notYet,
  });
