import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { API_BASE_PATH } from '@agentroom/shared';
import type { AppContext } from '../context';

/**
 * The two cookies of a provider sign-in, both httpOnly and only sent to the SSO routes:
 * - the flow cookie carries what the callback must check (PKCE verifier, state, nonce), signed, for
 *   ten minutes; nothing of it is stored in the database;
 * - the link cookie carries the token of a sign-in waiting to be linked to an existing account.
 */
const FLOW_COOKIE = 'ar_sso_flow';
const LINK_COOKIE = 'ar_sso_link';
const COOKIE_PATH = `${API_BASE_PATH}/auth/sso`;
const SSO_FLOW_TTL_S = 10 * 60;
const FLOW_AUDIENCE = 'sso-flow';
const ISSUER = 'agentroom';

export interface SsoFlow {
  provider: string;
  codeVerifier: string;
  state: string;
  nonce: string;
  /** A path of this app to land on afterwards (checked when the flow began). */
  next?: string;
}

// Lax: the provider's redirect back is a top-level GET from another site, which Strict would strip.
const cookieOptions = (ctx: AppContext, maxAgeMs: number): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure: ctx.config.appUrl.startsWith('https:'),
  path: COOKIE_PATH,
  maxAge: maxAgeMs,
});

const clearOptions = (ctx: AppContext): CookieOptions => {
  const { maxAge: _ignored, ...rest } = cookieOptions(ctx, 0);
  return rest;
};

const cookieOf = (req: Request, name: string): string | undefined => {
  const header = req.headers.cookie;
  return header ? parse(header)[name] : undefined;
};

export function setFlowCookie(ctx: AppContext, res: Response, flow: SsoFlow): void {
  // Signed with the access tokens' key, but an audience of its own: neither passes for the other.
  const value = jwt.sign({ ...flow }, ctx.caches.accessTokens.key, {
    algorithm: 'HS256',
    expiresIn: SSO_FLOW_TTL_S,
    audience: FLOW_AUDIENCE,
    issuer: ISSUER,
  });
  res.cookie(FLOW_COOKIE, value, cookieOptions(ctx, SSO_FLOW_TTL_S * 1000));
}

/** The flow this browser began, once: the cookie is cleared whatever it held. Undefined when missing, tampered or expired. */
export function takeFlowCookie(ctx: AppContext, req: Request, res: Response): SsoFlow | undefined {
  const value = cookieOf(req, FLOW_COOKIE);
  res.clearCookie(FLOW_COOKIE, clearOptions(ctx));
  if (!value) return undefined;
  try {
    const claims = jwt.verify(value, ctx.caches.accessTokens.key, { algorithms: ['HS256'], audience: FLOW_AUDIENCE, issuer: ISSUER });
    if (typeof claims === 'string') return undefined;
    const { provider, codeVerifier, state, nonce, next } = claims as Record<string, unknown>;
    if (typeof provider !== 'string' || typeof codeVerifier !== 'string' || typeof state !== 'string' || typeof nonce !== 'string') return undefined;
    return { provider, codeVerifier, state, nonce, next: typeof next === 'string' ? next : undefined };
  } catch {
    return undefined;
  }
}

export function setLinkCookie(ctx: AppContext, res: Response, token: string, ttlMs: number): void {
  res.cookie(LINK_COOKIE, token, cookieOptions(ctx, ttlMs));
}

export const linkCookieOf = (req: Request) => cookieOf(req, LINK_COOKIE);

export function clearLinkCookie(ctx: AppContext, res: Response): void {
  res.clearCookie(LINK_COOKIE, clearOptions(ctx));
}
