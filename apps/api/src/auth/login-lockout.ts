import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppConfig } from '../config';

export interface LoginLockout {
  /** Seconds until password sign-in is allowed again for any of these keys, or 0 when none is locked. */
  lockedForSeconds(keys: string[]): Promise<number>;
  /** Counts a failed attempt against every key; the one reaching the limit starts a bounded lock. */
  recordFailure(keys: string[]): Promise<void>;
  /** A successful sign-in or a completed reset forgets the failures. */
  clear(keys: string[]): Promise<void>;
}

/** The keys one attempt counts against: what was typed (so unknown names lock too) and the account. */
export const lockoutKeys = (identifier: string, accountId?: string) => [
  `name:${identifier.trim().replace(/^@/, '').toLowerCase()}`,
  ...(accountId ? [`account:${accountId}`] : []),
];

/**
 * Failed password sign-ins per account, from any address (the per-IP limit cannot see a spread
 * attack). The lock ends by itself after `lockMs`, so an attacker cannot lock a user out for good:
 * at worst they keep re-locking it, while magic link and reset keep working.
 */
export function createLoginLockout(config: AppConfig['loginLockout'], redis?: Redis): LoginLockout {
  const { maxFailures, windowMs, lockMs } = config;
  const options = { keyPrefix: 'agentroom:login-fail', points: maxFailures, duration: windowMs / 1000 };
  // Redis shares counters between API nodes; if it is unreachable, per-process memory still protects.
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
    : new RateLimiterMemory(options);

  return {
    async lockedForSeconds(keys) {
      const states = await Promise.all(keys.map((key) => limiter.get(key)));
      const ms = Math.max(0, ...states.map((s) => (s && s.consumedPoints >= maxFailures ? s.msBeforeNext : 0)));
      return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
    },
    async recordFailure(keys) {
      await Promise.all(
        keys.map(async (key) => {
          const state = await limiter.penalty(key, 1);
          if (state.consumedPoints >= maxFailures) await limiter.block(key, lockMs / 1000);
        }),
      );
    },
    async clear(keys) {
      await Promise.all(keys.map((key) => limiter.delete(key)));
    },
  };
}
