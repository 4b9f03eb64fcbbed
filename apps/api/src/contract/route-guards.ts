import type { RequestHandler } from 'express';
import type { RateLimitName, RouteAuth } from '@agentroom/shared/contract';
import { authOf, refuseAgentTokens, requireAgentToken, requireAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { RouteGuards, RouteLimit } from '../http/mount-routes';
import type { RateLimitRedis } from '../http/fallback-store';
import { createRateLimit } from '../http/rate-limit';
import { requireInstanceAdmin } from '../admin/instance-admin-guard';

/** Writes per client and window on teams, rooms and AI agents: generous for people, a brake for scripts. */
const WRITES_PER_WINDOW = 300;
const AVATAR_WRITES_PER_WINDOW = 60;
const ONE_MINUTE = 60_000;
const EXPORT_CALLS_PER_WINDOW = 30;
/** An external agent's reply calls (start, deltas, finish) per token and minute: a stream of short deltas fits. */
const AGENT_REPLY_CALLS_PER_MINUTE = 1200;

/** A signed `?token=` stands in for the bearer header, so <img src> works; otherwise a verified user. */
const tokenOrVerified =
  (verified: RequestHandler): RequestHandler =>
  (req, res, next) =>
    typeof req.query.token === 'string' ? next() : verified(req, res, next);

function authGuards(ctx: AppContext): Record<RouteAuth, RequestHandler[]> {
  const verified = requireAuth(ctx, { verified: true });
  return {
    public: [],
    'signed-in': [requireAuth(ctx)],
    verified: [verified],
    // The refresh handler reads the (possibly expired) bearer token itself.
    'expired-token': [],
    'download-token': [tokenOrVerified(verified)],
    'agent-token': [requireAgentToken(ctx)],
    // Everyone but an instance administrator gets 404 (decision 0028).
    'instance-admin': [requireInstanceAdmin(ctx)],
  };
}

// Per person, not per IP: colleagues behind one office NAT must not share a budget.
const perPerson = (req: Parameters<RequestHandler>[0]) => `agent:${authOf(req).agentId}`;

/**
 * Each budget once per app, so the routes that name it share it. Guessable tokens get the login
 * budget (they are guessed like passwords); mail-sending routes share the mail budget.
 */
function rateLimits(ctx: AppContext, redis?: RateLimitRedis): Record<RateLimitName, RouteLimit> {
  const { windowMs, loginMax, registerMax, mailMax, messagesPerMinute, uploadsPerMinute } = ctx.config.rateLimit;
  const perClient = (name: RateLimitName, limit: number): RouteLimit => ({
    middleware: createRateLimit({ name, windowMs, limit, redis }),
    per: 'client',
  });
  const byPerson = (name: RateLimitName, limit: number, window = ONE_MINUTE): RouteLimit => ({
    middleware: createRateLimit({ name, windowMs: window, limit, redis, key: perPerson }),
    per: 'person',
  });
  return {
    login: perClient('login', loginMax),
    register: perClient('register', registerMax),
    mail: perClient('mail', mailMax),
    token: perClient('token', loginMax),
    'unsubscribe-token': perClient('unsubscribe-token', loginMax),
    'avatar-writes': perClient('avatar-writes', AVATAR_WRITES_PER_WINDOW),
    'invitation-mail': perClient('invitation-mail', mailMax),
    'invitation-token': perClient('invitation-token', loginMax),
    'invitation-writes': perClient('invitation-writes', loginMax),
    'team-writes': perClient('team-writes', WRITES_PER_WINDOW),
    'room-writes': perClient('room-writes', WRITES_PER_WINDOW),
    'agent-writes': perClient('agent-writes', WRITES_PER_WINDOW),
    // Blocks and reports: a person's own, per person.
    'safety-writes': byPerson('safety-writes', WRITES_PER_WINDOW),
    // MCP servers and agents' tools: each write may reach out to an MCP server, so per person.
    'tool-writes': byPerson('tool-writes', WRITES_PER_WINDOW),
    approvals: byPerson('approvals', messagesPerMinute),
    // Pins, saved messages and following threads: a person's clicks, as many as reactions.
    marks: byPerson('marks', messagesPerMinute),
    'external-agent-writes': perClient('external-agent-writes', WRITES_PER_WINDOW),
    // Per agent, so per token (an agent has one live token).
    'agent-replies': byPerson('agent-replies', AGENT_REPLY_CALLS_PER_MINUTE),
    // A device subscribing or unsubscribing: a few per sign-in.
    'push-writes': byPerson('push-writes', WRITES_PER_WINDOW),
    // Exports build a ZIP in the background and mint download links: a few an hour is plenty.
    exports: byPerson('exports', EXPORT_CALLS_PER_WINDOW, windowMs),
    // Retention and the admin area's actions.
    'governance-writes': byPerson('governance-writes', WRITES_PER_WINDOW),
    // A brake for scripts, never felt by people.
    'chain-stops': byPerson('chain-stops', WRITES_PER_WINDOW, windowMs),
    reactions: byPerson('reactions', messagesPerMinute),
    search: byPerson('search', messagesPerMinute),
    uploads: byPerson('uploads', uploadsPerMinute),
    // Spent by the send command, which the socket's message:send shares (chat/send-message.ts).
    messages: { per: 'command' },
  };
}

/** The server's meaning of each row's `auth` and `rateLimit`, built once per app. */
export function routeGuards(ctx: AppContext, redis?: RateLimitRedis): RouteGuards {
  return { auth: authGuards(ctx), refuseAgentTokens, limits: rateLimits(ctx, redis) };
}
