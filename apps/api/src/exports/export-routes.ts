import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { defineHandlers } from '../http/route-handler';

// PLACEHOLDER (lead): the exports helper replaces these.
const notYet = (): never => {
  throw new AppError(500, 'INTERNAL', 'Not implemented yet');
};

/** Exports of one's own data and of a team (decision 0028). */
export const exportRoutes = (_ctx: AppContext) =>
  defineHandlers({
    listMyExports: notYet,
    requestMyExport: notYet,
    listTeamExports: notYet,
    requestTeamExport: notYet,
    createExportLink: notYet,
    downloadExport: notYet,
  });
