import type { TCreateExternalAgentRequest } from '@agentroom/shared';
import type { AgentRow } from '../../src/db/rows';
import { seatExternalAgent } from '../../src/external-agents/seat-external-agent';
import type { TestServer } from '../support/test-server';

let counter = 0;

/**
 * Seats an external agent in `handle` as `manager` (through the seating service the HTTP route uses),
 * answering its row, its API token and its webhook secret. Its username is unique per call.
 */
export async function seatExternal(
  server: TestServer,
  manager: { agentId: string },
  handle: string,
  input: Partial<TCreateExternalAgentRequest> = {},
): Promise<{ agent: AgentRow; token: string; webhookSecret: string | null }> {
  counter += 1;
  const { agent, secrets } = await seatExternalAgent(server.ctx, handle, manager.agentId, {
    username: `ext-${counter}-${Math.random().toString(36).slice(2, 7)}`,
    firstName: 'Relay',
    ...input,
  });
  return { agent, ...secrets };
}
