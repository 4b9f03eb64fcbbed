import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';

/** What an AI reply read. (Being built: decision 0024.) */
export const replyReadRoutes = (_ctx: AppContext) =>
  defineHandlers({
    getReplyContext: () => Promise.reject(new Error('not built yet')),
  });
