import autocannon from 'autocannon';
import { serveCommands } from '../support/child-worker';

export interface HttpLoadCommand {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** When set, each request picks one of these paths at random (e.g. history pages). */
  paths?: string[];
  connections: number;
  /** Either a duration or a request count bounds the run. */
  seconds?: number;
  amount?: number;
}

export interface HttpLoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  seconds: number;
}

/** autocannon in its own process, so the load generator's CPU is never counted as the server's. */
serveCommands<HttpLoadCommand>(async (command) => {
  const paths = command.paths;
  const result = await autocannon({
    url: command.url,
    method: command.method,
    headers: command.headers,
    body: command.body,
    connections: command.connections,
    duration: command.seconds,
    amount: command.amount,
    requests: paths
      ? [{ setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)]! }) }]
      : undefined,
  });
  const out: HttpLoadResult = {
    requests: result.requests.total,
    perSecond: Math.round((result['2xx'] / (result.duration || 1)) * 10) / 10,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    seconds: result.duration,
  };
  return out;
});
