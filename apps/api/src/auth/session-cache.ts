import type { AppContext } from '../context';
import type { AuthState } from './require-auth';

/** How long a checked session is trusted without asking the database again. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  state: AuthState;
  until: number;
}

const caches = new WeakMap<AppContext, Map<string, Entry>>();
const cacheOf = (ctx: AppContext) => {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
};

/**
 * A few seconds of memory for "this session is live", so a busy client does not cost a database
 * round trip per request (measured: a third of a send's queries). Logout, password reset and email
 * verification forget entries at once on this node and, through the Socket.IO adapter, on the others.
 */
export function cachedAuth(ctx: AppContext, sessionId: string, accountId: string): AuthState | undefined {
  const entry = cacheOf(ctx).get(sessionId);
  if (!entry) return undefined;
  if (entry.until <= Date.now() || entry.state.accountId !== accountId) {
    cacheOf(ctx).delete(sessionId);
    return undefined;
  }
  return entry.state;
}

export function rememberAuth(ctx: AppContext, state: AuthState, sessionExpiresAt: Date): void {
  const cache = cacheOf(ctx);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(state.sessionId, { state, until: Math.min(Date.now() + TTL_MS, sessionExpiresAt.getTime()) });
}

export interface AuthInvalidation {
  sessionId?: string;
  accountId?: string;
}

/** Forgets on this node only; use `invalidateAuth` (realtime registry) to reach every node. */
export function forgetAuth(ctx: AppContext, { sessionId, accountId }: AuthInvalidation): void {
  const cache = cacheOf(ctx);
  if (sessionId) cache.delete(sessionId);
  if (accountId) for (const [key, entry] of cache) if (entry.state.accountId === accountId) cache.delete(key);
}
