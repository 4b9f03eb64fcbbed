import { AppError } from '../core/app-error';
import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';

// PLACEHOLDER (lead scaffold): replaced by the threads work of issue 26.
const notYet = () => {
  throw new AppError(501, 'INTERNAL', 'Not built yet');
};

/** Threads (decision 0026): open a message's thread, the followed threads, follow and unfollow. */
export const threadRoutes = (ctx: AppContext) => {
  void ctx;
  return defineHandlers({ openThread: notYet, listFollowedThreads: notYet, followThread: notYet });
};
