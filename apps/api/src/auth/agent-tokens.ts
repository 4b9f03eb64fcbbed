import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { AGENT_TOKEN_PREFIX, AUTH_ERRORS, isUuid } from '@agentroom/shared';
import type { AppContext, AuthState } from '../context';
import { unauthenticated } from '../core/app-error';
import { findLiveAgentToken, touchAgentToken } from './agent-tokens-repo';

/*
 * External agents' API tokens (decision 0025): `art_` + the token row's id (32 hex) + 32 random bytes.
 * The id finds the row without a scan; only the SHA-256 of the whole token is stored, compared in
 * constant time. A checked token is remembered in the session cache under its id, so revoking it
 * (a `session.revoked` for that id, relayed to every node) forgets it and closes its sockets.
 */

const ID_HEX = 32;
/** How often a busy token's "last used" is written: once a minute is plenty for the managers' view. */
const TOUCH_EVERY_MS = 60_000;
const TTL_MS = 10_000;

const hashAgentToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token, its row id and hash (the token itself is shown once and never stored). */
export function newAgentToken(): { id: string; token: string; tokenHash: string; hint: string } {
  const id = uuidv7();
  const token = `${AGENT_TOKEN_PREFIX}${id.replaceAll('-', '')}${randomBytes(32).toString('base64url')}`;
  return { id, token, tokenHash: hashAgentToken(token), hint: token.slice(-4) };
}

export const looksLikeAgentToken = (token: string) => token.startsWith(AGENT_TOKEN_PREFIX);

function tokenIdOf(token: string): string | undefined {
  const hex = token.slice(AGENT_TOKEN_PREFIX.length, AGENT_TOKEN_PREFIX.length + ID_HEX);
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return isUuid(id) ? id : undefined;
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const lastTouched = new Map<string, number>();

/** The caller an agent token speaks for, or 401 (unknown, revoked, its agent removed, its team deleted). */
export async function authenticateAgentToken(ctx: AppContext, token: string): Promise<AuthState> {
  const tokenId = tokenIdOf(token);
  if (!tokenId) throw unauthenticated(AUTH_ERRORS.authRequired);
  const tokenHash = hashAgentToken(token);
  const cached = ctx.caches.sessions.get(tokenId);
  if (cached?.external && sameHash(cached.external.tokenHash, tokenHash)) return cached;
  const row = await findLiveAgentToken(ctx.db, tokenId);
  if (!row || !sameHash(row.tokenHash, tokenHash)) throw unauthenticated(AUTH_ERRORS.authRequired);
  const state: AuthState = {
    sessionId: row.id,
    accountId: row.agentId,
    agentId: row.agentId,
    isVerified: true,
    external: { teamId: row.teamId, tokenHash: row.tokenHash },
  };
  ctx.caches.sessions.set(tokenId, state, { ttl: TTL_MS });
  const now = Date.now();
  if ((lastTouched.get(tokenId) ?? 0) < now - TOUCH_EVERY_MS) {
    lastTouched.set(tokenId, now);
    if (lastTouched.size > 10_000) lastTouched.clear();
    await touchAgentToken(ctx.db, tokenId);
  }
  return state;
}
