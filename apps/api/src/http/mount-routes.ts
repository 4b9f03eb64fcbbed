import type { Request, RequestHandler, Response, Router } from 'express';
import { API_ROUTES, pathParamsOf, type ApiRoute, type RateLimitName, type Route, type RouteAuth, type RouteName } from '@agentroom/shared/contract';
import { sendData, sendDataNow } from './envelope';
import { ANSWERED, StatusReply, type HandlerEntry, type RouteHandler } from './route-handler';
import { parseInput } from './validate';

/**
 * A rate limit as a route spends it: per client address (before auth, so failed sign-ins count), per
 * person (after), or by the command the handler calls (the send command spends the message limit the
 * socket's `message:send` shares, in its own order of checks), so the chain adds nothing for it.
 */
export type RouteLimit = { middleware: RequestHandler; per: 'client' | 'person' } | { per: 'command' };

/** What each row's `auth` and `rateLimit` mean on this server. */
export interface RouteGuards {
  auth: Record<RouteAuth, RequestHandler[]>;
  /** Refuses an external agent's token on a row not meant for agents (decision 0025). */
  refuseAgentTokens: RequestHandler;
  limits: Record<RateLimitName, RouteLimit>;
}

type DevOnlyName = { [K in RouteName]: Route<K> extends { devOnly: true } ? K : never }[RouteName];
/** Every row's handler; the development rows only where they are mounted. */
export type RouteHandlers = { [K in Exclude<RouteName, DevOnlyName>]: HandlerEntry<K> } & { [K in DevOnlyName]?: HandlerEntry<K> };

/**
 * Mount order: the sends first (the busiest routes skip every other layer), then routes with fewer
 * path parameters before those with more, so a literal segment wins over a parameter
 * (`/teams/:handle/members/me` before `…/:agentId`), the rule `findApiRoute` follows too.
 */
const HOT_ROUTES = new Set<RouteName>(['sendMessage', 'sendMessageAsync']);
const mountOrder = [...API_ROUTES].sort(
  (a, b) => Number(HOT_ROUTES.has(b.name)) - Number(HOT_ROUTES.has(a.name)) || pathParamsOf(a.path).length - pathParamsOf(b.path).length,
);

/** The row's first declared success status: the one a plain `data` answer goes out with. */
const defaultStatus = (route: ApiRoute) => Number(Object.keys(route.success ?? { 200: true })[0]);

function answer(route: ApiRoute, res: Response, reply: unknown): void {
  if (reply === ANSWERED) return;
  const [status, data] = reply instanceof StatusReply ? [reply.status, reply.data] : [defaultStatus(route), reply];
  // Only a GET answer can be revalidated, so only it pays for res.json's ETag.
  if (route.method === 'get') sendData(res, data, status);
  else sendDataNow(res, data, status);
}

function runHandler(route: ApiRoute, handle: RouteHandler<RouteName>, rawBody: boolean): RequestHandler {
  return async (req: Request, res: Response) => {
    const params = route.params ? { ...req.params, ...parseInput(route.params, req.params) } : req.params;
    const query = route.query ? parseInput(route.query, req.query) : undefined;
    // A row without a body hands its handler none; `rawBody` leaves the parse to the handler's command.
    const body = !route.body ? undefined : rawBody ? req.body : parseInput(route.body, req.body);
    const input = { params, query, body, auth: req.auth, req, res } as Parameters<RouteHandler<RouteName>>[0];
    answer(route, res, await handle(input));
  };
}

/** A row that reads a bearer token but is not meant for external agents. */
const forPeopleOnly = (route: ApiRoute) => route.auth !== 'public' && route.auth !== 'agent-token' && route.auth !== 'instance-admin' && !route.agents;

/** A row's chain, read like a checklist: client limit → authenticate → person limit → its own middleware → parse → handle → answer. */
function chainOf(route: ApiRoute, entry: HandlerEntry<RouteName>, guards: RouteGuards): RequestHandler[] {
  const limit = route.rateLimit ? guards.limits[route.rateLimit] : undefined;
  const { before, handle, rawBody } = typeof entry === 'function' ? { before: [], handle: entry, rawBody: false } : { rawBody: false, ...entry };
  return [
    ...(limit?.per === 'client' ? [limit.middleware] : []),
    ...(forPeopleOnly(route) ? [guards.refuseAgentTokens] : []),
    ...guards.auth[route.auth],
    ...(limit?.per === 'person' ? [limit.middleware] : []),
    ...before,
    runHandler(route, handle, rawBody),
  ];
}

/** Mounts every row of the route table that has a handler, with the auth and rate limit its row names. */
export function mountRoutes(router: Router, guards: RouteGuards, handlers: RouteHandlers): void {
  const byName = handlers as unknown as Partial<Record<RouteName, HandlerEntry<RouteName>>>;
  for (const route of mountOrder) {
    const entry = byName[route.name];
    if (entry) router[route.method](route.path, ...chainOf(route, entry, guards));
  }
}
