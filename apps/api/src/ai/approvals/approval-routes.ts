import type { AppContext, ReplyRunner } from '../../context';
import { defineHandlers } from '../../http/route-handler';
import { decideToolCallAs } from './approval-service';

/** Approve or deny a tool call waiting on its card (approval-service). */
export const approvalRoutes = (ctx: AppContext, replies: ReplyRunner) =>
  defineHandlers({
    approveToolCall: ({ auth, params }) => decideToolCallAs(ctx, replies, auth.agentId, params.id, 'approved'),
    denyToolCall: ({ auth, params }) => decideToolCallAs(ctx, replies, auth.agentId, params.id, 'denied'),
  });
