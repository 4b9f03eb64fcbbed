import type { TExternalAgent, TExternalAgentSecrets, TWebhookDelivery } from '@agentroom/shared';
import { makeTeamAgent } from '../test/team-fixtures';

/** Test data for the external agents' settings, shaped like the API's answers. */
export const DEPLOY_ID = '0193a0c4-0000-7000-8000-00000000e001';

export function makeExternalAgent(overrides: Partial<TExternalAgent> = {}): TExternalAgent {
  const { membershipRole: _role, joinedAt: _joined, ...agent } = makeTeamAgent({
    id: DEPLOY_ID,
    username: 'deploy-bot',
    firstName: 'Deploy',
    lastName: '',
    fullName: 'Deploy',
    role: 'Release manager',
    personality: 'Ships builds.',
    isExternal: true,
  });
  return {
    agent,
    listensTo: 'mentions',
    webhookUrl: 'https://agents.example.com/hook',
    token: { hint: 'abcd', createdAt: '2025-01-01T00:00:00.000Z', lastUsedAt: null },
    webhooks: { delivered: 12, pending: 1, failed: 2, lastError: 'The receiver answered 502' },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const makeSecrets = (overrides: Partial<TExternalAgentSecrets> = {}): TExternalAgentSecrets => ({
  externalAgent: makeExternalAgent(),
  token: 'art_0193a0c400007000800000000000e001s3cretT0ken',
  webhookSecret: 'whsec_T0pS3cret',
  ...overrides,
});

export const makeDelivery = (overrides: Partial<TWebhookDelivery> = {}): TWebhookDelivery => ({
  id: '0193a0c4-0000-7000-8000-00000000d001',
  event: 'agent.request',
  status: 'delivered',
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  createdAt: '2025-01-02T10:00:00.000Z',
  deliveredAt: '2025-01-02T10:00:01.000Z',
  nextAttemptAt: null,
  ...overrides,
});
