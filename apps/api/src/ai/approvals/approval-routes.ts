import type { AppContext } from '../../context';
import { defineHandlers } from '../../http/route-handler';

/** Approve or deny a tool call waiting on its card. (Being built: decision 0024.) */
export const approvalRoutes = (_ctx: AppContext) =>
  defineHandlers({
    approveToolCall: () => Promise.reject(new Error('not built yet')),
    denyToolCall: () => Promise.reject(new Error('not built yet')),
  });
