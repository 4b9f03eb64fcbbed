import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type IncrementResponse, type Options } from 'express-rate-limit';
import { GENERIC_ERRORS } from '@agentroom/shared';
import { sendError } from './envelope';
import { RedisFallbackStore, type RateLimitRedis } from './fallback-store';
import { LeasedRedisStore } from './leased-store';
import { MemoryCounter } from './memory-counter';

export interface RateLimitOptions {
  /** Distinct per limiter, so counters do not mix in a shared store. */
  name: string;
  windowMs: number;
  limit: number;
  /** With Redis, counters are shared by every API node; otherwise (and while Redis is away) per process. */
  redis?: RateLimitRedis;
  /** Whose budget a request spends; the client IP when omitted (use the agent id behind auth). */
  key?: (req: Request) => string;
}

/**
 * A limiter answering 429 in the envelope with Retry-After.
 * Usage: `router.post('/login', createRateLimit({ name: 'login', windowMs, limit: 20 }), handler)`.
 */
export function createRateLimit({ name, windowMs, limit, redis, key }: RateLimitOptions): RequestHandler {
  const prefix = `agentroom:rl:${name}:`;
  const store = redis ? new RedisFallbackStore(redis, prefix) : undefined;
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store,
    // With TRUST_PROXY=false a client's X-Forwarded-For is ignored on purpose; it must not write an error log line per request.
    validate: { xForwardedForHeader: false },
    ...(key ? { keyGenerator: key } : {}),
    handler: (req, res) => {
      const resetTime = (req as { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
      res.setHeader('Retry-After', String(seconds));
      sendError(res, 429, 'RATE_LIMITED', GENERIC_ERRORS.rateLimited);
    },
  });
}

/** One hit counted against a budget: how many hits its window has seen, and when the window ends. */
export type LimitCount = IncrementResponse;

/** A limit spent by HTTP requests and by socket events alike (the message limit: `POST …/messages` and `message:send`). */
export interface LeasedRateLimit {
  /** Counts one hit on `key`'s budget: at once when the store could answer from memory, else a promise. */
  count(key: string): LimitCount | Promise<LimitCount>;
  /** Whether that hit is within the limit; past it the answer is RATE_LIMITED (429). */
  admits(count: LimitCount): boolean;
  /**
   * Writes the headers express-rate-limit would for that hit (draft-7 `RateLimit` and
   * `RateLimit-Policy`, and Retry-After when refused), for an HTTP answer.
   */
  writeHeaders(res: Response, count: LimitCount): void;
}

/**
 * For limiters on every request of a busy client (messages): each node takes the shared budget from
 * Redis a slice at a time and spends it in memory (LeasedRedisStore), so most hits skip the Redis
 * round trip; and without express-rate-limit's per-request work (configuration checks, an info
 * object, a promise per hit). Never admits more than the limit; not for the guessing limits
 * (login), which count every request in Redis. Measured in docs/benchmarks-history.md.
 */
export function createLeasedRateLimit({ name, windowMs, limit, redis }: Omit<RateLimitOptions, 'key'>): LeasedRateLimit {
  const store = redis ? new LeasedRedisStore(redis, `agentroom:rl:${name}:`, limit, windowMs) : new MemoryCounter();
  store.init({ windowMs } as Options);
  const policy = `${limit};w=${Math.ceil(windowMs / 1000)}`;
  return {
    count: (key) => store.increment(key),
    admits: ({ totalHits }) => totalHits <= limit,
    writeHeaders: (res, { totalHits, resetTime }) => {
      const resetSeconds = resetTime ? Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
      res.setHeader('RateLimit-Policy', policy);
      res.setHeader('RateLimit', `limit=${limit}, remaining=${Math.max(0, limit - totalHits)}, reset=${resetSeconds}`);
      if (totalHits > limit) res.setHeader('Retry-After', String(Math.max(1, resetSeconds)));
    },
  };
}
