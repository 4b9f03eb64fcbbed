import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
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

/**
 * Verifies signature, algorithm (allow-list of one) and issuer. `allowExpired` is for refresh only:
 * an expired token may be exchanged while its session row is still live.
 */
export function verifyAccessToken(token: string, config: AppConfig, allowExpired = false): AccessClaims {
  try {
    const payload = jwt.verify(token, signingKey(config), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      ignoreExpiration: allowExpired,
    });
    if (typeof payload === 'string' || !payload.jti || !payload.sub) throw new Error('malformed claims');
    return { sessionId: payload.jti, accountId: payload.sub };
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw unauthenticated(AUTH_ERRORS.sessionExpired, 'TOKEN_EXPIRED');
    throw unauthenticated(AUTH_ERRORS.authRequired);
  }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** 32 random bytes for an emailed link; only the hash is stored. */
export function generateEmailToken(): { raw: string; hash: string } {
  const raw = randomBytes(32).toString('base64url');
  return { raw, hash: sha256(raw) };
}
