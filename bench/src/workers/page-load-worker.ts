import { Pool } from 'undici';
import { serveCommands } from '../support/child-worker';
import { summarize, type LatencySummary } from '../support/stats';

export interface PageLoadCommand {
  origin: string;
  token: string;
  paths: string[];
  concurrency: number;
  /** `history` (default): a 200 with 50 messages counts as success; `ok`: any 200. */
  check?: 'history' | 'ok';
  /** One label per path: latencies are also summarized per label. */
  labels?: string[];
}

export interface PageLoadResult {
  requests: number;
  failures: number;
  perSecond: number;
  latency: LatencySummary;
  byLabel?: Record<string, LatencySummary>;
}

/** Closed-loop GETs over a list of paths (each once), timed to the microsecond by the client. */
serveCommands<PageLoadCommand>(async ({ origin, token, paths, concurrency, check = 'history', labels }) => {
  const pool = new Pool(origin, { connections: concurrency });
  const samples: number[] = [];
  const labelled = new Map<string, number[]>();
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    while (next < paths.length) {
      const index = next++;
      const path = paths[index]!;
      const t0 = performance.now();
      try {
        const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } });
        const body = (await res.body.json()) as { data?: { messages?: unknown[] } };
        if (res.statusCode !== 200 || (check === 'history' && body.data?.messages?.length !== 50)) failures += 1;
        const ms = performance.now() - t0;
        samples.push(ms);
        const label = labels?.[index];
        if (label !== undefined) (labelled.get(label) ?? labelled.set(label, []).get(label)!).push(ms);
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  const result: PageLoadResult = { requests: paths.length, failures, perSecond: Math.round(paths.length / seconds), latency: summarize(samples) };
  if (labels) result.byLabel = Object.fromEntries([...labelled].map(([label, ms]) => [label, summarize(ms)]));
  return result;
});
