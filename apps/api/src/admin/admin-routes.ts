import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { defineHandlers } from '../http/route-handler';

// PLACEHOLDER (lead): the admin helper replaces these.
const notYet = (): never => {
  throw new AppError(500, 'INTERNAL', 'Not implemented yet');
};

/** The instance administrators' area (decision 0028); the `instance-admin` guard answers 404 to anyone else. */
export const adminRoutes = (_ctx: AppContext) =>
  defineHandlers({
    listAdminPeople: notYet,
    disableAccount: notYet,
    enableAccount: notYet,
    listAdminReports: notYet,
    resolveReport: notYet,
    listAdminTeams: notYet,
    getAdminSettings: notYet,
    getAdminHealth: notYet,
  });
