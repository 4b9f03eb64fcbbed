import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type { Redis } from 'ioredis';
import { MemoryCounter } from './memory-counter';
import { answerSoon, type FallbackLog, type RateLimitRedis } from './fallback-store';

/**
 * Takes up to ARGV[2] hits of the current window's budget (ARGV[1]) at once: answers {used after,
 * granted, ms until the window ends}. Never grants past the budget, so what all nodes hand out
 * together stays within it. A window starts at its first hit and lasts ARGV[3] ms (the counter's
 * expiry), as rate-limit-redis counts.
 */
const LEASE_SCRIPT = `
local ttl = redis.call('PTTL', KEYS[1])
local used = 0
if ttl > 0 then used = tonumber(redis.call('GET', KEYS[1]) or '0') else redis.call('DEL', KEYS[1]) end
local grant = math.min(tonumber(ARGV[2]), tonumber(ARGV[1]) - used)
if grant > 0 then
  used = redis.call('INCRBY', KEYS[1], grant)
  if ttl <= 0 then
    ttl = tonumber(ARGV[3])
    redis.call('PEXPIRE', KEYS[1], ttl)
  end
end
return {used, grant, ttl}`;

/** The hits one node takes from Redis at a time: a tenth of the budget, at least one, at most 1,000. */
const leaseSize = (limit: number) => Math.min(1000, Math.max(1, Math.floor(limit / 10)));

interface Lease {
  /** When the window ends (this node's clock, from the counter's expiry in Redis); 0 until a grant says. */
  resetAt: number;
  /** Hits taken from Redis and not yet spent on this node. */
  tokens: number;
  /** The window's count in Redis after the last grant (every node's hits taken by then). */
  used: number;
  /** Redis granted nothing: the budget of this window is spent on every node. */
  exhausted: boolean;
  leasing?: Promise<void>;
}

/**
 * A rate-limit store for limiters hit on every request of a busy client (the message limit): the
 * budget of a fixed window still lives in Redis, shared by every node, but a node takes it a slice
 * at a time (`leaseSize`) and spends the slice in memory, so most requests cost no Redis round trip.
 *
 * What holds: all nodes together never admit more than the limit in a window (a grant is atomic and
 * never exceeds what is left). One node alone admits exactly the limit. A person who moves between
 * nodes within one window may be refused up to (nodes − 1) × (leaseSize − 1) hits early, because
 * another node still holds part of the budget. A window starts at a person's first hit on any node
 * and every node learns its end from Redis. While Redis is away the store counts per node in
 * memory, as RedisFallbackStore does.
 */
export class LeasedRedisStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly memory = new MemoryCounter();
  private readonly log: FallbackLog;
  private readonly leases = new Map<string, Lease>();
  private readonly size: number;
  private nextSweep = 0;

  private readonly redis: Redis;

  constructor(
    { client, fallback }: RateLimitRedis,
    prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.redis = client;
    this.prefix = prefix;
    this.log = fallback;
    this.size = leaseSize(limit);
  }

  init(options: Options): void {
    this.memory.init(options);
  }

  increment(key: string): IncrementResponse | Promise<IncrementResponse> {
    const now = Date.now();
    this.sweep(now);
    let lease = this.leases.get(key);
    if (!lease || !this.current(lease, now)) {
      lease = { resetAt: 0, tokens: 0, used: 0, exhausted: false };
      this.leases.set(key, lease);
    }
    return this.spend(lease) ?? this.leaseThenSpend(key, lease);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const lease = this.leases.get(key);
    if (!lease || lease.resetAt === 0 || !this.current(lease, Date.now())) return this.memory.get(key);
    return { totalHits: lease.exhausted ? this.limit + 1 : lease.used - lease.tokens, resetTime: new Date(lease.resetAt) };
  }

  /** A hit that should not have counted (skipped requests) goes back to this node's slice. */
  decrement(key: string): void {
    const lease = this.leases.get(key);
    if (lease && lease.resetAt > 0 && this.current(lease, Date.now()) && !lease.exhausted) lease.tokens += 1;
    else void this.memory.decrement(key);
  }

  async resetKey(key: string): Promise<void> {
    this.leases.delete(key);
    await this.memory.resetKey(key);
    if (this.redis.status === 'ready') await answerSoon(this.redis.del(this.redisKey(key))).catch(() => undefined);
  }

  /** A lease not yet granted (resetAt 0) is current; a granted one until its window ends. */
  private current(lease: Lease, now: number): boolean {
    return lease.resetAt === 0 || now < lease.resetAt;
  }

  /** From this node's slice, without waiting; undefined when a grant is needed first. */
  private spend(lease: Lease): IncrementResponse | undefined {
    if (lease.tokens > 0) {
      lease.tokens -= 1;
      return { totalHits: lease.used - lease.tokens, resetTime: new Date(lease.resetAt) };
    }
    if (lease.exhausted) return { totalHits: this.limit + 1, resetTime: new Date(lease.resetAt) };
    return undefined;
  }

  private async leaseThenSpend(key: string, lease: Lease): Promise<IncrementResponse> {
    for (;;) {
      const spent = this.spend(lease);
      if (spent) return spent;
      if (this.redis.status !== 'ready') {
        this.log.usedMemory();
        return this.memory.increment(key);
      }
      // Requests arriving while a grant is on its way wait for that one instead of asking again.
      lease.leasing ??= this.takeLease(key, lease).finally(() => (lease.leasing = undefined));
      try {
        await lease.leasing;
        this.log.usedRedis();
      } catch (error) {
        this.log.usedMemory(error);
        return this.memory.increment(key);
      }
    }
  }

  private async takeLease(key: string, lease: Lease): Promise<void> {
    const asked = Date.now();
    const [used, granted, ttl] = ((await answerSoon(this.redis.eval(LEASE_SCRIPT, 1, this.redisKey(key), this.limit, this.size, this.windowMs))) as number[]).map(
      Number,
    ) as [number, number, number];
    // Measured from when the question left: the window ends no later here than in Redis.
    lease.resetAt = asked + ttl;
    lease.used = used;
    lease.tokens += granted;
    if (granted === 0) lease.exhausted = true;
  }

  private redisKey(key: string): string {
    return `${this.prefix}${key}`;
  }

  /** Slices of ended windows (and never granted ones, Redis being away) are forgotten, at most once per window length. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.windowMs;
    for (const [key, lease] of this.leases) if (!lease.leasing && (lease.resetAt === 0 || now >= lease.resetAt)) this.leases.delete(key);
  }
}
