import { EXTERNAL_AGENT_TEXTS, type TCreateExternalAgentRequest, type TUpdateExternalAgentRequest } from '@agentroom/shared';
import { routes } from '@agentroom/shared/routes';
import { call } from '../api/call-route';

/** A team's external agents (owners and admins): seat, change, rotate or revoke the token, remove, see webhook deliveries. */
export const externalAgentsApi = {
  list: (handle: string) =>
    call(routes.listExternalAgents, { params: { handle }, fallback: EXTERNAL_AGENT_TEXTS.listFailed }).then((d) => d.externalAgents),

  /** Answers the token (and webhook secret) this once. */
  create: (handle: string, input: TCreateExternalAgentRequest) =>
    call(routes.createExternalAgent, { params: { handle }, body: input, fallback: EXTERNAL_AGENT_TEXTS.saveFailed }),

  update: (handle: string, agent: string, input: TUpdateExternalAgentRequest) =>
    call(routes.updateExternalAgent, { params: { handle, agent }, body: input, fallback: EXTERNAL_AGENT_TEXTS.saveFailed }).then((d) => d.externalAgent),

  remove: (handle: string, agent: string) => call(routes.deleteExternalAgent, { params: { handle, agent }, fallback: EXTERNAL_AGENT_TEXTS.removeFailed }),

  /** A new token (and webhook secret), shown this once; the old one stops working. */
  rotate: (handle: string, agent: string) => call(routes.rotateExternalAgentToken, { params: { handle, agent }, fallback: EXTERNAL_AGENT_TEXTS.rotateFailed }),

  revoke: (handle: string, agent: string) => call(routes.revokeExternalAgentToken, { params: { handle, agent }, fallback: EXTERNAL_AGENT_TEXTS.revokeFailed }),

  deliveries: (handle: string, agent: string) =>
    call(routes.listWebhookDeliveries, { params: { handle, agent }, fallback: EXTERNAL_AGENT_TEXTS.deliveriesFailed }).then((d) => d.deliveries),
};
