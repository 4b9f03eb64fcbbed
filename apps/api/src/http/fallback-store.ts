import { MemoryStore, type ClientRateLimitInfo, type IncrementResponse, type Options, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** A Redis command that has not answered by then is treated as Redis being away. */
const REDIS_ANSWER_MS = 500;

/**
 * Whether the rate limits of one Redis client are counting in memory right now, said once when
 * that starts and once when Redis counts again (not once per request or per limiter).
 */
export class FallbackLog {
  private counting: 'redis' | 'memory' = 'redis';

  constructor(private readonly logger: Logger) {}

  usedMemory(error?: unknown): void {
    if (this.counting === 'memory') return;
    this.counting = 'memory';
    this.logger.warn({ err: error }, 'Redis unreachable: rate limits count per node in memory until it is back');
  }

  usedRedis(): void {
    if (this.counting === 'redis') return;
    this.counting = 'redis';
    this.logger.info('Redis is back: rate limits are shared by all nodes again');
  }
}

/** The Redis client the rate limits of one server count on, and where their fall-backs are said; built by the composition root. */
export interface RateLimitRedis {
  client: Redis;
  fallback: FallbackLog;
}

export const rateLimitRedis = (client: Redis, logger: Logger): RateLimitRedis => ({ client, fallback: new FallbackLog(logger) });

export function answerSoon<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${REDIS_ANSWER_MS} ms`)), REDIS_ANSWER_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * rate-limit-redis while Redis answers; express-rate-limit's MemoryStore while it does not. A
 * request never waits for a reconnect (ioredis would queue and retry it): a client that is not
 * ready, an error or a slow answer sends that request to memory at once. During an outage each node
 * so enforces the full limit on its own; messages keep flowing and the limits keep holding.
 */
export class RedisFallbackStore implements Store {
  /** Counters live in Redis, shared by every limiter instance on every node (given distinct prefixes). */
  readonly localKeys = false;
  readonly prefix: string;
  private readonly redisStore: RedisStore;
  private readonly memory = new MemoryStore();
  private readonly log: FallbackLog;
  private options?: Options;
  /** Loads rate-limit-redis's scripts; again after a failure, since a restarted Redis has none. */
  private redisReady?: Promise<void>;

  private readonly redis: Redis;

  constructor({ client, fallback }: RateLimitRedis, prefix: string) {
    this.redis = client;
    this.prefix = prefix;
    this.log = fallback;
    this.redisStore = new RedisStore({
      prefix,
      sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>,
    });
  }

  init(options: Options): void {
    this.options = options;
    this.memory.init(options);
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.either(() => this.redisStore.increment(key), () => this.memory.increment(key));
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.either(() => this.redisStore.get(key), () => this.memory.get(key));
  }

  decrement(key: string): Promise<void> {
    return this.either(() => this.redisStore.decrement(key), () => this.memory.decrement(key));
  }

  resetKey(key: string): Promise<void> {
    return this.either(() => this.redisStore.resetKey(key), () => this.memory.resetKey(key));
  }

  shutdown(): void {
    this.memory.shutdown();
  }

  private async either<T>(inRedis: () => Promise<T>, inMemory: () => Promise<T> | T): Promise<T> {
    if (this.redis.status !== 'ready') {
      this.log.usedMemory();
      return inMemory();
    }
    try {
      this.redisReady ??= this.redisStore.init(this.options!);
      const result = await answerSoon(this.redisReady.then(inRedis));
      this.log.usedRedis();
      return result;
    } catch (error) {
      this.redisReady = undefined;
      this.log.usedMemory(error);
      return inMemory();
    }
  }
}
