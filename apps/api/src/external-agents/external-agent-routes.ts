import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { defineHandlers } from '../http/route-handler';

// Placeholder handlers while the external agents' services are written.
const notYet = (): never => {
  throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Not available yet');
};

/** A team's external agents (owners and admins), and who an agent token speaks for. */
export const externalAgentRoutes = (_ctx: AppContext) =>
  defineHandlers({
    listExternalAgents: notYet,
    createExternalAgent: notYet,
    updateExternalAgent: notYet,
    deleteExternalAgent: notYet,
    rotateExternalAgentToken: notYet,
    revokeExternalAgentToken: notYet,
    getAgentSelf: notYet,
  });
