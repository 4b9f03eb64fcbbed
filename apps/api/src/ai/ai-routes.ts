import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import type { ReplyWorker } from './workers/reply-worker';
import { activeReplies, regenerateReply, stopChain, stopReply } from './reply-service';

/** AI reply controls: stop, regenerate, and the replies in progress. */
export const aiRoutes = (ctx: AppContext, replies: ReplyWorker) =>
  defineHandlers({
    stopReply: ({ auth, params }) => stopReply(ctx, replies, auth.agentId, params.streamId),
    stopChain: ({ auth, params }) => stopChain(ctx, replies, auth.agentId, params.id),
    regenerateReply: ({ auth, params }) => regenerateReply(ctx, replies, auth.agentId, params.id),
    listActiveReplies: async ({ auth, params }) => ({ replies: await activeReplies(ctx, replies, auth.agentId, params.id) }),
  });
