import type { TAdminHealthResponse, TAdminTeamsQuery, TAdminTeamsResponse } from '@agentroom/shared';
import type { AppContext } from '../context';
import { defineHandlers } from '../http/route-handler';
import { ADMIN_PAGE_SIZE, isoOrNull } from './admin-paging';
import { exportHealth, mailHealth, replyHealth } from './admin-health-repo';
import { disableAccount, enableAccount, listAdminPeople } from './admin-people-service';
import { listAdminReports, resolveReport } from './admin-reports-service';
import { adminSettings } from './admin-settings';
import { listTeams, ownersOfTeams } from './admin-teams-repo';

const nameOf = (agent: { firstName: string; lastName: string; username: string }) => [agent.firstName, agent.lastName].filter(Boolean).join(' ') || agent.username;
const int = (value: unknown) => Number(value ?? 0);

async function listAdminTeams(ctx: AppContext, query: TAdminTeamsQuery): Promise<TAdminTeamsResponse> {
  const { rows, total } = await listTeams(ctx.db, query);
  const owners = await ownersOfTeams(ctx.db, rows.map((row) => row.id));
  return {
    teams: rows.map((row) => ({
      id: row.id,
      name: row.name,
      handle: row.handle,
      memberCount: row.memberCount,
      aiAgentCount: row.aiAgentCount,
      roomCount: row.roomCount,
      messagesLastWeek: row.messagesLastWeek,
      lastActivityAt: isoOrNull(row.lastActivityAt),
      owners: owners.filter((owner) => owner.teamId === row.id).map((owner) => ({ agentId: owner.agentId, username: owner.username, name: nameOf(owner) })),
      retentionDays: row.retentionDays,
      deletedAt: isoOrNull(row.deletedAt),
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

async function adminHealth(ctx: AppContext): Promise<TAdminHealthResponse> {
  const mail = await mailHealth(ctx.db);
  const replies = await replyHealth(ctx.db);
  const exports = await exportHealth(ctx.db);
  return {
    mail: {
      pending: int(mail.pending),
      failed: int(mail.failed),
      sentLastDay: int(mail.sent_last_day),
      oldestPendingAt: isoOrNull(mail.oldest_pending_at),
      lastError: typeof mail.last_error === 'string' ? mail.last_error : null,
    },
    replies: {
      byStatus: Object.fromEntries(replies.byStatus.map((row) => [String(row.status), int(row.n)])),
      failedLastDay: int(replies.summary.failed_last_day),
      oldestQueuedAt: isoOrNull(replies.summary.oldest_queued_at),
    },
    exports: { queued: int(exports.queued), running: int(exports.running), failedLastDay: int(exports.failed_last_day) },
    checkedAt: new Date().toISOString(),
  };
}

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
