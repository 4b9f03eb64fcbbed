import { LRUCache } from 'lru-cache';
import type { AppCaches, AuthState } from '../context';

/** How long a checked session is trusted without asking the database again. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

/**
 * A few seconds of memory for "this session is live", so a busy client does not cost a database
 * round trip per request (measured: a third of a send's queries). Logout, password reset and email
 * verification publish events whose subscribers forget entries on this node and on the others.
 */
export function createSessionCache(): AppCaches['sessions'] {
  return new LRUCache<string, AuthState>({ max: MAX_ENTRIES, ttl: TTL_MS });
}

export function cachedAuth(cache: AppCaches['sessions'], sessionId: string, accountId: string): AuthState | undefined {
  const state = cache.get(sessionId);
  return state?.accountId === accountId ? state : undefined;
}

/** Remembered for the TTL, never past the session's own end. */
export function rememberAuth(cache: AppCaches['sessions'], state: AuthState, sessionExpiresAt: Date): void {
  cache.set(state.sessionId, state, { ttl: Math.max(1, Math.min(TTL_MS, sessionExpiresAt.getTime() - Date.now())) });
}

export interface AuthInvalidation {
  sessionId?: string;
  accountId?: string;
}

/** Forgets on this node only; the cross-node subscriber (realtime/cross-node.ts) reaches the others. */
export function forgetAuth(cache: AppCaches['sessions'], { sessionId, accountId }: AuthInvalidation): void {
  if (sessionId) cache.delete(sessionId);
  if (accountId) for (const [key, state] of cache.entries()) if (state.accountId === accountId) cache.delete(key);
}
