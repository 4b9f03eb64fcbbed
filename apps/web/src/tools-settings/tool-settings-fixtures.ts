import type { TAgentTool, TMcpServer, TTeamBudget, TTeamUsageResponse } from '@agentroom/shared';
import { makeUser } from '../test/fixtures';

/** Test data for the tool settings, shaped like the API's answers (the routes to render are each test's own). */
export const me = makeUser();

export const CRM_ID = '0193a0c4-0000-7000-8000-00000000c001';

export function makeMcpServer(overrides: Partial<TMcpServer> = {}): TMcpServer {
  return {
    id: CRM_ID,
    name: 'crm',
    url: 'https://mcp.example.com/mcp',
    headerNames: ['Authorization'],
    tools: [
      { name: 'lookup_order', description: 'Finds an order by its number' },
      { name: 'refund', description: 'Refunds an order' },
    ],
    toolsListedAt: '2026-11-27T10:00:00.000Z',
    lastError: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

export const builtinTool = (name: string, overrides: Partial<TAgentTool> = {}): TAgentTool => ({
  key: `builtin:${name}`,
  title: name,
  description: `The built-in ${name}`,
  source: { kind: 'builtin' },
  policy: 'auto',
  approvers: 'requester_and_managers',
  ...overrides,
});

export const mcpTool = (name: string, overrides: Partial<TAgentTool> = {}): TAgentTool => ({
  key: `mcp:${CRM_ID}:${name}`,
  title: `crm.${name}`,
  description: `CRM ${name}`,
  source: { kind: 'mcp', serverId: CRM_ID, serverName: 'crm' },
  policy: 'off',
  approvers: 'requester_and_managers',
  ...overrides,
});

export const makeBudget = (overrides: Partial<TTeamBudget> = {}): TTeamBudget => ({
  ceiling: 500000,
  dailyTokenBudget: null,
  personDailyTokenLimit: null,
  effectiveDailyTokens: 500000,
  usedToday: 123400,
  ...overrides,
});

export const makeUsage = (overrides: Partial<TTeamUsageResponse> = {}): TTeamUsageResponse => ({
  from: '2026-11-21',
  to: '2026-11-27',
  days: 7,
  dailyTokenBudget: 500000,
  totalTokens: 123400,
  byAgent: [],
  byPerson: [],
  budget: makeBudget(),
  byTool: [],
  ...overrides,
});
