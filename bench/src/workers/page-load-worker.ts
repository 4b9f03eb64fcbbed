import { Pool } from 'undici';
import { serveCommands } from '../support/child-worker';
import { summarize, type LatencySummary } from '../support/stats';

export interface PageLoadCommand {
  origin: string;
  token: string;
  paths: string[];
  concurrency: number;
}

export interface PageLoadResult {
  requests: number;
  failures: number;
  perSecond: number;
  latency: LatencySummary;
}

/** Closed-loop GETs over a list of paths (each once), timed to the microsecond by the client. */
serveCommands<PageLoadCommand>(async ({ origin, token, paths, concurrency }) => {
  const pool = new Pool(origin, { connections: concurrency });
  const samples: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const t0 = performance.now();
      try {
        const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } });
        const body = (await res.body.json()) as { data?: { messages?: unknown[] } };
        if (res.statusCode !== 200 || body.data?.messages?.length !== 50) failures += 1;
        samples.push(performance.now() - t0);
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  const result: PageLoadResult = { requests: paths.length, failures, perSecond: Math.round(paths.length / seconds), latency: summarize(samples) };
  return result;
});
