import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { defineHandlers } from '../http/route-handler';

// PLACEHOLDER (lead): the retention helper replaces this.
const notYet = (): never => {
  throw new AppError(500, 'INTERNAL', 'Not implemented yet');
};

/** A team's message retention (decision 0028). */
export const retentionRoutes = (_ctx: AppContext) =>
  defineHandlers({
    updateTeamRetention: notYet,
  });
