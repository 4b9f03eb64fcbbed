import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { GENERIC_ERRORS } from '@agentroom/shared';
import type { AppConfig } from '../config';
import { sendError } from '../http/envelope';
import type { Metrics } from './metrics';

/** One label for every request no route matched (static files, 404s): unknown paths must not add series. */
const UNMATCHED_ROUTE = '<unmatched>';

/**
 * Times every request into the latency histogram, labelled with the Express route pattern
 * (`/api/v1/chat/conversations/:id/messages`), never the raw URL, so label cardinality stays bounded.
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const stop = metrics.httpRequestDuration.startTimer();
    const routeOf = captureRoutePattern(req);
    res.once('finish', () => stop({ method: req.method, route: routeOf(), status_code: res.statusCode }));
    next();
  };
}

/**
 * The full pattern of the route that handled the request. Express sets `req.route` when a route
 * matches, while `req.baseUrl` still holds the routers' mount paths; an error passed on with
 * `next(err)` has already unwound `baseUrl` by the time the response finishes, so the pattern is
 * taken at the moment of the match. `baseUrl` is the matched text, not a pattern: routers are mounted
 * at fixed paths, and a parameter in a mount path would put its values into the label.
 */
function captureRoutePattern(req: Request): () => string {
  let pattern: string | undefined;
  let route: unknown = req.route;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (value?.path !== undefined) pattern = `${req.baseUrl}${typeof value.path === 'string' ? value.path : String(value.path)}`;
    },
  });
  return () => pattern ?? UNMATCHED_ROUTE;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * `/metrics` in the Prometheus text format. With METRICS_TOKEN set it needs `Authorization: Bearer
 * <token>`; without one it is open in development and test, and absent (404) in production.
 */
export function metricsEndpoint(metrics: Metrics, config: Pick<AppConfig, 'env' | 'metricsToken'>): RequestHandler {
  const expected = config.metricsToken ? sha256(`Bearer ${config.metricsToken}`) : undefined;
  const enabled = Boolean(expected) || config.env !== 'production';
  return async (req, res, next) => {
    if (!enabled) return sendError(res, 404, 'NOT_FOUND', GENERIC_ERRORS.notFound);
    // Hashes have equal length, so the comparison takes the same time whatever was sent.
    if (expected && !timingSafeEqual(sha256(req.get('authorization') ?? ''), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendError(res, 401, 'UNAUTHENTICATED', 'A valid metrics token is required');
    }
    try {
      const body = await metrics.registry.metrics();
      res.setHeader('Content-Type', metrics.registry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.send(body);
    } catch (error) {
      next(error);
    }
  };
}
