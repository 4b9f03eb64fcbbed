import type { DomainEventBus } from '../core/domain-events';
import type { DeliverySink } from '../external-agents/agent-inbox';
import { agentsWithWebhooks, insertWebhookDeliveries } from './webhook-deliveries-repo';

/**
 * The webhook outbox as a sink of the agent inbox: in the transaction that caused the deliveries, one
 * `webhook_deliveries` row for each one whose agent has a webhook URL (so the event is sent if and
 * only if its cause commits), then `webhooks.queued` so a worker sends them now rather than at its
 * next poll. Most deliveries go to agents without a URL: one lookup, and nothing more.
 */
export function webhookSink(events: DomainEventBus): DeliverySink {
  return async (tx, deliveries) => {
    if (deliveries.length === 0) return;
    const hooked = await agentsWithWebhooks(tx, [...new Set(deliveries.map((d) => d.agentId))]);
    if (hooked.size === 0) return;
    const rows = deliveries
      .filter((d) => hooked.has(d.agentId))
      .map((d) => ({ agentId: d.agentId, event: d.event, payload: d.payload as unknown as Record<string, unknown> }));
    await insertWebhookDeliveries(tx, rows);
    events.publish('webhooks.queued', {});
  };
}
