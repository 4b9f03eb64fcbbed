import type { TExternalAgent } from '@agentroom/shared';
import type { AgentTokenRow } from '../db/rows';
import { presentAgent } from '../users/presenters';
import type { ExternalAgentWithSettings, WebhookHealthRow } from './external-agents-repo';

const NO_DELIVERIES: WebhookHealthRow = { delivered: 0, pending: 0, failed: 0, lastError: null };

/** An external agent as its managers see it: never its token nor its webhook secret, only the token's hint and use. */
export function presentExternalAgent(
  { agent, settings }: ExternalAgentWithSettings,
  token: AgentTokenRow | undefined,
  health: WebhookHealthRow | undefined,
  isOnline: boolean | null = null,
): TExternalAgent {
  return {
    agent: presentAgent(agent, isOnline),
    listensTo: settings.listensTo,
    webhookUrl: settings.webhookUrl,
    token: token ? { hint: token.hint, createdAt: token.createdAt.toISOString(), lastUsedAt: token.lastUsedAt?.toISOString() ?? null } : null,
    webhooks: { ...(health ?? NO_DELIVERIES) },
    createdAt: settings.createdAt.toISOString(),
  };
}
