import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { AUTH_ERRORS } from '@agentroom/shared';
import type { AppConfig } from '../config';
import type { AppCaches, AppContext, VerifiedAccessToken } from '../context';
import { unauthenticated } from '../core/app-error';

const ALGORITHM = 'HS256' as const;
const ISSUER = 'agentroom';

export interface AccessClaims {
  sessionId: string;
  accountId: string;
}

type AccessTokenCache = AppCaches['accessTokens'];
type TokenContext = Pick<AppContext, 'config' | 'caches'>;
const VERIFIED_MAX = 20_000;

/**
 * Built once per server (server.ts). A string secret makes jsonwebtoken probe it as a public key on
 * every call (~0.5 ms); a KeyObject made once costs microseconds (measured by the delivery benchmark).
 * Tokens already verified are remembered until they expire: a busy client sends the same token with
 * every request, and verifying it again (an HMAC, base64 and JSON decoding, claim checks) was a few
 * percent of a send's CPU. Only a token string that verified before can hit, and expiry is still
 * checked on every use; whether its session is live is the session cache's concern.
 */
export function createAccessTokenCache(config: AppConfig): AccessTokenCache {
  return {
    key: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')),
    verified: new LRUCache<string, VerifiedAccessToken>({ max: VERIFIED_MAX }),
  };
}

export function signAccessToken({ config, caches }: TokenContext, claims: AccessClaims): string {
  return jwt.sign({ sub: claims.accountId }, caches.accessTokens.key, {
    algorithm: ALGORITHM,
    expiresIn: config.jwtTtlSeconds,
    jwtid: claims.sessionId,
    issuer: ISSUER,
  });
}

/**
 * Verifies signature, algorithm (allow-list of one) and issuer. `allowExpired` is for refresh only:
 * an expired token may be exchanged while its session row is still live.
 */
export function verifyAccessToken({ caches }: TokenContext, token: string, allowExpired = false): AccessClaims {
  const { key, verified: cache } = caches.accessTokens;
  const known = cache.get(token);
  if (known) {
    if (!allowExpired && Date.now() >= known.expiresAt) throw unauthenticated(AUTH_ERRORS.sessionExpired, 'TOKEN_EXPIRED');
    return known.claims;
  }
  let claims: AccessClaims;
  let expiresAt: number;
  try {
    const payload = jwt.verify(token, key, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      ignoreExpiration: allowExpired,
    });
    if (typeof payload === 'string' || !payload.jti || !payload.sub || typeof payload.exp !== 'number') throw new Error('malformed claims');
    claims = { sessionId: payload.jti, accountId: payload.sub };
    expiresAt = payload.exp * 1000;
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw unauthenticated(AUTH_ERRORS.sessionExpired, 'TOKEN_EXPIRED');
    throw unauthenticated(AUTH_ERRORS.authRequired);
  }
  cache.set(token, { claims, expiresAt });
  return claims;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** 32 random bytes for an emailed link; only the hash is stored. */
export function generateEmailToken(): { raw: string; hash: string } {
  const raw = randomBytes(32).toString('base64url');
  return { raw, hash: sha256(raw) };
}
