import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { replyReadContext } from './reply-read-service';

/** What an AI reply read: the messages, files and tool results that went into it. */
export const replyReadRoutes = (ctx: AppContext) =>
  defineHandlers({
    getReplyContext: ({ auth, params }) => replyReadContext(ctx, auth.agentId, params.id),
  });
