import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';

/**
 * A fixed-window hit counter per key in this process's memory, as express-rate-limit's MemoryStore
 * counts (a window starts at a key's first hit), but answering synchronously with a copy. MemoryStore
 * answers with its live counter object through a promise: hits counted in one tick (socket events
 * that arrived in one read) would all read the last count and all be refused at the limit's edge.
 */
export class MemoryCounter implements Store {
  readonly localKeys = true;
  private windowMs = 60_000;
  private readonly clients = new Map<string, { totalHits: number; resetTime: Date }>();
  private nextSweep = 0;

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  increment(key: string): IncrementResponse {
    const now = Date.now();
    this.sweep(now);
    let client = this.clients.get(key);
    if (!client || client.resetTime.getTime() <= now) {
      client = { totalHits: 0, resetTime: new Date(now + this.windowMs) };
      this.clients.set(key, client);
    }
    client.totalHits += 1;
    return { totalHits: client.totalHits, resetTime: client.resetTime };
  }

  get(key: string): ClientRateLimitInfo | undefined {
    const client = this.clients.get(key);
    return client && client.resetTime.getTime() > Date.now() ? { totalHits: client.totalHits, resetTime: client.resetTime } : undefined;
  }

  decrement(key: string): void {
    const client = this.clients.get(key);
    if (client && client.totalHits > 0) client.totalHits -= 1;
  }

  resetKey(key: string): void {
    this.clients.delete(key);
  }

  /** Ended windows are dropped at most once a window, so memory follows the active keys. */
  private sweep(now: number) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.windowMs;
    for (const [key, client] of this.clients) if (client.resetTime.getTime() <= now) this.clients.delete(key);
  }
}
