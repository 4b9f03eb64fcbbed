import type { EventBus, EventMap } from './event-bus';

/** Anything that runs a callback in a database transaction (drizzle's db, PGlite's or node-postgres'). */
export interface Transactional<Tx> {
  transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T>;
}

/** Collects events inside a transaction; they are published only once it has committed. */
export type Publish<M extends EventMap> = <K extends keyof M>(event: K, payload: M[K]) => void;

/**
 * Check → write in a transaction → publish: the events collected by `run` go out after commit and
 * never after a rollback, so no subscriber ever sees a write that did not happen (Outline's
 * `afterCommit`, Zulip's `send_event_on_commit`).
 */
export async function inTransaction<Tx, M extends EventMap, T>(
  db: Transactional<Tx>,
  bus: EventBus<M>,
  run: (tx: Tx, publish: Publish<M>) => Promise<T>,
): Promise<T> {
  const pending: [keyof M, M[keyof M]][] = [];
  const result = await db.transaction((tx) => run(tx, (event, payload) => void pending.push([event, payload])));
  for (const [event, payload] of pending) bus.publish(event, payload);
  return result;
}
