import { routes } from '@agentroom/shared/routes';
import { call } from '../api/call-route';
import type { AuditPageQuery } from './audit-log-view';

/** The audit log's and retention's calls (decision 0028). */
export const auditApi = {
  teamLog: (handle: string, query: AuditPageQuery) => call(routes.listTeamAuditEvents, { params: { handle }, query }),
  adminLog: (query: AuditPageQuery & { team?: string }) => call(routes.listAdminAuditEvents, { query }),
  setRetention: (handle: string, body: { days: number | null; keepPinned: boolean }) => call(routes.updateTeamRetention, { params: { handle }, body }).then((d) => d.retention),
};
