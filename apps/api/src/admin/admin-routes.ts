import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { adminHealth } from './admin-health';
import { disableAccount, enableAccount, listAdminPeople } from './admin-people-service';
import { listAdminReports, resolveReport } from './admin-reports-service';
import { adminSettings } from './admin-settings';
import { listAdminTeams } from './admin-teams-service';

/** The instance administrators' area (decision 0028); the `instance-admin` guard answers 404 to anyone else. */
export const adminRoutes = (ctx: AppContext) =>
  defineHandlers({
    listAdminPeople: ({ query }) => listAdminPeople(ctx, query),
    disableAccount: async ({ auth, params, body }) => ({ person: await disableAccount(ctx, auth.agentId, params.agentId, body.reason) }),
    enableAccount: async ({ auth, params }) => ({ person: await enableAccount(ctx, auth.agentId, params.agentId) }),
    listAdminReports: ({ query }) => listAdminReports(ctx, query),
    resolveReport: async ({ auth, params, body }) => ({ report: await resolveReport(ctx, auth.agentId, params.id, body.action) }),
    listAdminTeams: ({ query }) => listAdminTeams(ctx, query),
    getAdminSettings: () => adminSettings(ctx.db, ctx.config),
    getAdminHealth: () => adminHealth(ctx),
  });
