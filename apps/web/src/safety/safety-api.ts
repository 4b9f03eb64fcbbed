import type { TCreateReportRequest } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from '../api/call-route';

/** Blocks and reports (decision 0022). */
export const safetyApi = {
  blocked: () => call(routes.listBlocks).then((d) => d.blocked),
  block: (agentId: string) => call(routes.blockAgent, { params: { agentId } }),
  unblock: (agentId: string) => call(routes.unblockAgent, { params: { agentId } }),
  report: (body: TCreateReportRequest) => call(routes.createReport, { body }).then((d) => d.report),
};
