import { afterCommit } from './transaction';

/**
 * A typed, in-process publish/subscribe bus. Domain modules publish what happened; adapters
 * (Socket.IO fan-out, workers, cross-node cache invalidation) subscribe in the composition root.
 * Publishing inside `inTransaction` waits for the commit (and is dropped on a rollback); outside one
 * it goes at once. A subscriber that throws or rejects is reported and never fails the publisher: the
 * write that caused the event has already committed.
 */
/** Event name → payload. */
export type EventMap = object;
type Subscriber<P> = (payload: P) => void | Promise<void>;

export interface EventBus<M extends EventMap> {
  publish<K extends keyof M>(event: K, payload: M[K]): void;
  subscribe<K extends keyof M>(event: K, subscriber: Subscriber<M[K]>): () => void;
}

export function createEventBus<M extends EventMap>(onError: (error: unknown, event: keyof M) => void): EventBus<M> {
  const subscribers = new Map<keyof M, Set<Subscriber<never>>>();
  return {
    publish(event, payload) {
      afterCommit(() => {
        for (const subscriber of subscribers.get(event) ?? []) {
          try {
            const result = (subscriber as Subscriber<typeof payload>)(payload);
            if (result instanceof Promise) result.catch((error: unknown) => onError(error, event));
          } catch (error) {
            onError(error, event);
          }
        }
      });
    },
    subscribe(event, subscriber) {
      const set = subscribers.get(event) ?? new Set();
      subscribers.set(event, set);
      set.add(subscriber as Subscriber<never>);
      return () => set.delete(subscriber as Subscriber<never>);
    },
  };
}
