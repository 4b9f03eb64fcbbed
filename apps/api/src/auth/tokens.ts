import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { AUTH_ERRORS } from '@agentroom/shared';
import type { AppConfig } from '../config';
import { unauthenticated } from '../core/app-error';

const ALGORITHM = 'HS256' as const;
const ISSUER = 'agentroom';

export interface AccessClaims {
  sessionId: string;
  accountId: string;
}

// A string secret makes jsonwebtoken probe it as a public key on every call (~0.5 ms); a KeyObject
// made once per secret costs microseconds. Measured by the delivery benchmark.
const keys = new Map<string, KeyObject>();
function signingKey(config: AppConfig): KeyObject {
  let key = keys.get(config.jwtSecret);
  if (!key) {
    key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
    keys.set(config.jwtSecret, key);
  }
  return key;
}

export function signAccessToken(claims: AccessClaims, config: AppConfig): string {
  return jwt.sign({ sub: claims.accountId }, signingKey(config), {
    algorithm: ALGORITHM,
    expiresIn: config.jwtTtlSeconds,
    jwtid: claims.sessionId,
    issuer: ISSUER,
  });
}

/** A verified token's claims and when it expires (ms since the epoch). */
interface VerifiedToken {
  claims: AccessClaims;
  expiresAt: number;
}

/**
 * Tokens already verified with a key, remembered until they expire: a busy client sends the same
 * token with every request, and verifying it again (an HMAC, base64 and JSON decoding, claim
 * checks) was a few percent of a send's CPU. Only a token string that verified before can hit, and
 * expiry is still checked on every use; whether its session is live is the session cache's concern.
 */
const verifiedByKey = new WeakMap<KeyObject, LRUCache<string, VerifiedToken>>();
const VERIFIED_MAX = 20_000;

function verifiedCache(key: KeyObject): LRUCache<string, VerifiedToken> {
  let cache = verifiedByKey.get(key);
  if (!cache) verifiedByKey.set(key, (cache = new LRUCache<string, VerifiedToken>({ max: VERIFIED_MAX })));
  return cache;
}

/**
 * Verifies signature, algorithm (allow-list of one) and issuer. `allowExpired` is for refresh only:
 * an expired token may be exchanged while its session row is still live.
 */
export function verifyAccessToken(token: string, config: AppConfig, allowExpired = false): AccessClaims {
  const key = signingKey(config);
  const cache = verifiedCache(key);
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
