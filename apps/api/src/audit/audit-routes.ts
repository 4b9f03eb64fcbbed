import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { defineHandlers } from '../http/route-handler';

// PLACEHOLDER (lead): the audit helper replaces these with the real reads.
const notYet = (): never => {
  throw new AppError(500, 'INTERNAL', 'Not implemented yet');
};

/** The audit log's reads (decision 0028): a team's for its owners, the whole log for instance administrators. */
export const auditRoutes = (_ctx: AppContext) =>
  defineHandlers({
    listTeamAuditEvents: notYet,
    listAdminAuditEvents: notYet,
  });
