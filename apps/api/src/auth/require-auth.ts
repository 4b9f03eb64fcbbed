import type { Request, RequestHandler } from 'express';
import { AUTH_ERRORS, EXTERNAL_AGENT_ERRORS, isUuid } from '@agentroom/shared';
import type { AppContext, AuthState } from '../context';
import { AppError, unauthenticated } from '../core/app-error';
import { authenticateAgentToken, looksLikeAgentToken } from './agent-tokens';
import { verifyAccessToken } from './tokens';
import { findLiveSessionAuth } from './sessions-repo';
import { cachedAuth, rememberAuth } from './session-cache';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth?: AuthState;
    }
  }
}

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Resolves a token to a live session and its account; shared by HTTP and the socket handshake. */
export async function authenticateToken(ctx: AppContext, token: string | undefined): Promise<AuthState> {
  if (!token) throw unauthenticated(AUTH_ERRORS.authRequired);
  if (looksLikeAgentToken(token)) return authenticateAgentToken(ctx, token);
  const claims = verifyAccessToken(ctx, token);
  if (!isUuid(claims.sessionId) || !isUuid(claims.accountId)) throw unauthenticated(AUTH_ERRORS.authRequired);
  const cached = cachedAuth(ctx.caches.sessions, claims.sessionId, claims.accountId);
  if (cached) return cached;
  // One prepared query: the live session and what it belongs to.
  const [row] = await findLiveSessionAuth(ctx.db).execute({ sessionId: claims.sessionId, accountId: claims.accountId, now: new Date() });
  if (!row) throw unauthenticated(AUTH_ERRORS.sessionExpired);
  const state = { sessionId: row.sessionId, accountId: row.accountId, agentId: row.agentId, isVerified: row.verifiedAt !== null };
  rememberAuth(ctx.caches.sessions, state, row.expiresAt);
  return state;
}

/** `requireAuth(ctx)` lets any signed-in user through; `{ verified: true }` also needs a verified email. */
export function requireAuth(ctx: AppContext, options: { verified?: boolean } = {}): RequestHandler {
  return async (req, _res, next) => {
    req.auth = await authenticateToken(ctx, bearerToken(req));
    if (options.verified && !req.auth.isVerified)
      throw new AppError(403, 'EMAIL_NOT_VERIFIED', AUTH_ERRORS.emailNotVerified);
    next();
  };
}

/** `agent-token` rows: an external agent's token only. */
export function requireAgentToken(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthenticated(AUTH_ERRORS.authRequired);
    if (!looksLikeAgentToken(token)) throw new AppError(403, 'FORBIDDEN', EXTERNAL_AGENT_ERRORS.agentsOnly);
    req.auth = await authenticateAgentToken(ctx, token);
    next();
  };
}

/** Every other row an agent token may not call refuses it (403), whatever its own auth level. */
export const refuseAgentTokens: RequestHandler = (req, _res, next) => {
  const token = bearerToken(req);
  if (req.auth?.external || (token && looksLikeAgentToken(token))) throw new AppError(403, 'FORBIDDEN', EXTERNAL_AGENT_ERRORS.peopleOnly);
  next();
};

/** For handlers behind requireAuth: the auth state, typed as present. */
export function authOf(req: Request): AuthState {
  if (!req.auth) throw unauthenticated(AUTH_ERRORS.authRequired);
  return req.auth;
}
