import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { listAdminAuditEvents, listTeamAuditEvents } from './audit-service';

/** The audit log's reads (decision 0028): a team's for its owners, the whole log for instance administrators. */
export const auditRoutes = (ctx: AppContext) =>
  defineHandlers({
    listTeamAuditEvents: ({ auth, params, query }) => listTeamAuditEvents(ctx, params.handle, auth.agentId, query),
    listAdminAuditEvents: ({ query }) => listAdminAuditEvents(ctx, query),
  });
