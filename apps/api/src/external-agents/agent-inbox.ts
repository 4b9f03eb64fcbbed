import type { AgentInbox } from '../context';
import type { AgentDelivery, DomainEventBus } from '../core/domain-events';
import type { DbOrTx } from '../db/client';

/** Where deliveries go besides the agent's socket room: the webhook outbox (webhooks/), in the same transaction. */
export type DeliverySink = (tx: DbOrTx, deliveries: AgentDelivery[]) => Promise<void>;

/**
 * What external agents are told, in the transaction that caused it (context.ts `AgentInbox`): each
 * delivery is published as `agent.delivery` (its socket room hears it after the commit) and handed to
 * every sink (the webhook outbox) inside the transaction.
 * Placeholder: works out no deliveries yet.
 */
export function createAgentInbox(events: DomainEventBus, sinks: DeliverySink[] = []): AgentInbox {
  const deliver = async (tx: DbOrTx, deliveries: AgentDelivery[]) => {
    if (deliveries.length === 0) return;
    for (const delivery of deliveries) events.publish('agent.delivery', delivery);
    for (const sink of sinks) await sink(tx, deliveries);
  };
  return {
    heard: async (tx) => deliver(tx, []),
    asked: async (tx) => deliver(tx, []),
    ended: async (tx) => deliver(tx, []),
  };
}
