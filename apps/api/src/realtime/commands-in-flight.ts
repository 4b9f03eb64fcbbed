/**
 * The socket commands this node has started and not yet answered (their ack not yet sent), so a
 * stopping node can answer them before it disconnects its sockets (graceful-shutdown.ts). One per
 * server. `begin`/`end` are on every send's path: a counter, no allocation and no timer per command;
 * only a waiting `settled()` allocates.
 */
export class CommandsInFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  /** How many commands are under way now. */
  get size(): number {
    return this.count;
  }

  /** A command starts: call `end()` exactly once when its ack has been sent (or it failed). */
  begin(): void {
    this.count += 1;
  }

  end(): void {
    this.count -= 1;
    if (this.count === 0 && this.waiters.length > 0) this.wakeWaiters();
  }

  /**
   * Resolves once no command is under way, or after `deadlineMs` (whichever comes first): a command
   * that does not end must not hold a shutdown up.
   */
  settled(deadlineMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve();
      };
      // Past the deadline this waiter goes; any other keeps waiting for its own.
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        resolve();
      }, deadlineMs);
      this.waiters.push(waiter);
    });
  }

  private wakeWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
