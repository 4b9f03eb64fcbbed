import type { RateLimitRedis } from '../http/fallback-store';
import type { AppContext } from '../context';
import { createLeasedRateLimit, type LeasedRateLimit } from '../http/rate-limit';

/** Per person, not per IP: colleagues behind one office NAT must not share a budget. */
export const messageLimitKey = (agentId: string) => `agent:${agentId}`;

/**
 * The message limit, one per server: the send command spends one hit per send, whichever transport
 * it came by, so HTTP sends and the socket's `message:send` share the budget. Shared through Redis
 * but taken a slice at a time (see LeasedRedisStore).
 */
export function createMessageLimit(ctx: AppContext, redis?: RateLimitRedis): LeasedRateLimit {
  return createLeasedRateLimit({ name: 'messages', windowMs: 60_000, limit: ctx.config.rateLimit.messagesPerMinute, redis });
}
