import type { DomainEvents } from '../core/domain-events';

/** The domain events that make a node's per-node state (its caches) stale, wherever they happen. */
export const NODE_STATE_EVENTS = ['session.revoked', 'session.changed', 'access.changed', 'room.changed', 'agent.updated'] as const;
export type NodeStateEvents = Pick<DomainEvents, (typeof NODE_STATE_EVENTS)[number]>;

/** One of them as a node re-publishes it on the others, through the adapter (realtime/cross-node.ts). */
export type NodeStateEvent = { [K in keyof NodeStateEvents]: { event: K; payload: NodeStateEvents[K] } }[keyof NodeStateEvents];
