import type { AppContext } from '../context';
import { authOf } from '../auth/require-auth';
import { defineHandlers } from '../http/route-handler';
import { appendAgentReply, finishAgentReply, startAgentReply } from './agent-replies-service';

/** An external agent's streamed replies (its own token; the socket's `agent:reply:*` are their twins). */
export const agentReplyRoutes = (ctx: AppContext) =>
  defineHandlers({
    startAgentReply: ({ req, body }) => startAgentReply(ctx, authOf(req), body),
    appendAgentReply: ({ req, params, body }) => appendAgentReply(ctx, authOf(req), params.streamId, body.delta),
    finishAgentReply: async ({ req, params, body }) => ({ message: await finishAgentReply(ctx, authOf(req), params.streamId, body.content) }),
  });
