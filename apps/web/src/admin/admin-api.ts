import { routes } from '@agentroom/shared/routes';
import type { TResolveReportRequest } from '@agentroom/shared';
import { call } from '../api/call-route';

/** The admin area's calls (decision 0028); each answers 404 to anyone but an instance administrator. */
export const adminApi = {
  listPeople: (query: { q?: string; disabled?: 'true'; page: number }) => call(routes.listAdminPeople, { query }),
  disableAccount: (agentId: string, reason: string) => call(routes.disableAccount, { params: { agentId }, body: reason ? { reason } : {} }).then((d) => d.person),
  enableAccount: (agentId: string) => call(routes.enableAccount, { params: { agentId } }).then((d) => d.person),
  listReports: (query: { status: 'open' | 'resolved'; page: number }) => call(routes.listAdminReports, { query }),
  resolveReport: (id: string, action: TResolveReportRequest['action']) => call(routes.resolveReport, { params: { id }, body: { action } }).then((d) => d.report),
  listTeams: (query: { q?: string; page: number }) => call(routes.listAdminTeams, { query }),
  getSettings: () => call(routes.getAdminSettings),
  getHealth: () => call(routes.getAdminHealth),
};

/** Every admin query's key starts here, so a change (disable, resolve) refreshes what it touches. */
export const ADMIN_KEY = ['admin'] as const;
