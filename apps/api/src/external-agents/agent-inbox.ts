import type { AgentInbox } from '../context';
import type { AgentDelivery, DomainEventBus } from '../core/domain-events';
import type { DbOrTx } from '../db/client';
import { rulingConversation } from '../chat/thread-parent';
import { findListensTo } from './agent-hearing-repo';

/** Where deliveries go besides the agent's socket room: the webhook outbox (webhooks/), in the same transaction. */
export type DeliverySink = (tx: DbOrTx, deliveries: AgentDelivery[]) => Promise<void>;

/**
 * What external agents are told, in the transaction that caused it (context.ts `AgentInbox`): each
 * delivery is published as `agent.delivery` (its socket room hears it after the commit) and handed to
 * every sink (the webhook outbox) inside the transaction.
 *
 * Hearing: an agent listening to 'all' hears every message of its conversations; one listening to
 * 'mentions' hears 1:1 messages and the room messages that @mention it. Its own messages it never
 * hears. Requests (`agent:request`) come besides, whatever it listens to. A thread's message
 * (decision 0026) is heard as its parent's would be: a room's thread as the room, a 1:1's as the 1:1.
 */
export function createAgentInbox(events: DomainEventBus, sinks: DeliverySink[] = []): AgentInbox {
  const deliver = async (tx: DbOrTx, deliveries: AgentDelivery[]) => {
    if (deliveries.length === 0) return;
    for (const delivery of deliveries) events.publish('agent.delivery', delivery);
    for (const sink of sinks) await sink(tx, deliveries);
  };
  return {
    async heard(tx, { conversation, sender, recipients }, message) {
      const external = recipients.filter((r) => r.isExternal && r.id !== sender.id);
      if (external.length === 0) return;
      const listensTo = await findListensTo(tx, external.map((a) => a.id));
      const mentions = new Set(message.mentions ?? []);
      const oneToOne = (await rulingConversation(tx, conversation)).type !== 'room';
      const deliveries: AgentDelivery[] = [];
      for (const agent of external) {
        const mentioned = mentions.has(agent.id);
        if (listensTo.get(agent.id) !== 'all' && !oneToOne && !mentioned) continue;
        deliveries.push({
          agentId: agent.id,
          event: 'agent:message',
          payload: { conversationId: conversation.id, conversationType: conversation.type, message, mentioned },
        });
      }
      await deliver(tx, deliveries);
    },
    async asked(tx, requests) {
      await deliver(
        tx,
        requests.map(({ job, message, conversation }) => ({
          agentId: job.agentId,
          event: 'agent:request',
          payload: {
            requestId: job.id,
            conversationId: conversation.id,
            conversationType: conversation.type,
            message,
            chainTurn: job.chainTurn,
            askedByAgentId: job.askedByAgentId,
            expiresAt: (job.leaseUntil ?? new Date()).toISOString(),
          },
        })),
      );
    },
    async ended(tx, requests) {
      await deliver(
        tx,
        requests.map(({ jobId, agentId, conversationId, reason }) => ({
          agentId,
          event: 'agent:request:ended',
          payload: { requestId: jobId, conversationId, reason },
        })),
      );
    },
  };
}
