import type { AppContext } from '../context';
import { defineHandlers, StatusReply } from '../http/route-handler';
import { followThread, listFollowedThreads, openThread } from './thread-service';

/** Threads (decision 0026): open a message's thread, the followed threads, follow and unfollow. */
export const threadRoutes = (ctx: AppContext) =>
  defineHandlers({
    openThread: async ({ auth, params }) => {
      const { created, body } = await openThread(ctx, auth.agentId, params.id);
      return new StatusReply(created ? 201 : 200, body);
    },
    listFollowedThreads: ({ auth, query }) => listFollowedThreads(ctx, auth.agentId, query),
    followThread: ({ auth, params, body }) => followThread(ctx, auth.agentId, params.id, body.following),
  });
