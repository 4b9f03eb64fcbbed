import type { DomainEventBus } from '../core/domain-events';
import type { AgentRow } from '../db/rows';
import { presentAgent } from './presenters';

/**
 * The one producer of `agent.updated` with the agent's new shape (a person's avatar, an AI agent's
 * fields or avatar): everyone who sees the agent hears it. Inside a transaction it waits for the commit.
 */
export function publishAgentUpdated(events: DomainEventBus, agent: AgentRow): void {
  events.publish('agent.updated', { agentId: agent.id, agent: presentAgent(agent) });
}
