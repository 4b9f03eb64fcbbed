import type { DomainEventBus } from '../core/domain-events';
import type { EventBus } from '../core/event-bus';
import { NODE_STATE_EVENTS, type NodeStateEvent, type NodeStateEvents } from './node-state-events';
import type { AppSocketServer } from './socket-types';

/**
 * The one way a node hears what another node's writes changed: every domain event that makes cached
 * state stale is re-published on `nodeEvents`, here as it happens and on every other node through the
 * adapter. Per-node caches subscribe to `nodeEvents`; the domain bus keeps only this node's own writes,
 * so what its subscribers send to sockets (already cluster-wide through the adapter) goes out once.
 * With the in-memory adapter there are no other nodes to tell.
 */
export function relayNodeStateEvents(
  events: DomainEventBus,
  nodeEvents: EventBus<NodeStateEvents>,
  io: AppSocketServer,
  options: { multiNode: boolean },
): () => void {
  const fromOtherNode = ({ event, payload }: NodeStateEvent) => nodeEvents.publish(event, payload as never);
  io.on('node-state:changed', fromOtherNode);
  const relay = <K extends keyof NodeStateEvents>(event: K) =>
    events.subscribe(event, (payload) => {
      nodeEvents.publish(event, payload);
      if (options.multiNode) io.serverSideEmit('node-state:changed', { event, payload } as NodeStateEvent);
    });
  const unsubscribe = [() => io.off('node-state:changed', fromOtherNode), ...NODE_STATE_EVENTS.map(relay)];
  return () => unsubscribe.forEach((off) => off());
}
