import { AsyncLocalStorage } from 'node:async_hooks';

/** Anything that runs a callback in a database transaction (drizzle's db, PGlite's or node-postgres'). */
export interface Transactional<Tx> {
  transaction<T>(run: (tx: Tx) => Promise<T>): Promise<T>;
}

/** What a transaction still has to do once it commits; `open` until it has committed or rolled back. */
interface AfterCommit {
  open: boolean;
  work: (() => void)[];
}

/**
 * The transaction the current call runs inside, if any. It is ambient (Zulip's `on_commit`, Outline's
 * `afterCommit`) so that a domain function publishes the same way whether or not its caller opened a
 * transaction: nothing has to be threaded through, and no write can publish before its commit.
 */
const currentTransaction = new AsyncLocalStorage<AfterCommit>();

/**
 * Runs `work` once the transaction this call runs inside has committed, and never if it rolls back;
 * at once when there is none (or it has already ended: work started inside it that outlived it).
 */
export function afterCommit(work: () => void): void {
  const pending = currentTransaction.getStore();
  if (pending?.open) pending.work.push(work);
  else work();
}

/**
 * The one way to write: `run` gets the transaction, and every event published while it runs (through
 * the domain event bus, which defers through `afterCommit`) goes out only after the commit, in order.
 * A transaction opened inside another's callback hands its events on to the outer one, so they wait
 * for the outermost commit.
 */
export async function inTransaction<Tx, T>(db: Transactional<Tx>, run: (tx: Tx) => Promise<T>): Promise<T> {
  const pending: AfterCommit = { open: true, work: [] };
  let result: T;
  try {
    result = await db.transaction((tx) => currentTransaction.run(pending, () => run(tx)));
  } finally {
    pending.open = false;
  }
  for (const work of pending.work) afterCommit(work);
  return result;
}
