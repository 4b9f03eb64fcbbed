import { spawnWorker } from '../support/child-worker';
import { summarize, type LatencySummary } from '../support/stats';
import type { VariantContext } from '../support/variant';
import type { CheckedReadOutcome, CheckedRequest } from '../workers/checked-read-worker';

/** One person's timed requests, each with the answer the seeded data says it must get. */
export interface CheckedPerson {
  token: string;
  requests: CheckedRequest[];
}

interface CheckedRound {
  latency: LatencySummary;
  perSecond: number;
}

export interface CheckedReadsResult {
  clients: number;
  workers: number;
  rounds: number;
  requests: number;
  /** Non-200 answers and transport errors. */
  failed: number;
  /** 200 answers that were not the expected page. */
  wrong: number;
  firstErrors: string[];
  /** The median over rounds of each round's p50, p95, p99, max (all clients pooled) and requests/s. */
  latency: LatencySummary;
  perSecond: number;
  perRound: CheckedRound[];
  /** All rounds pooled, by query class. */
  byClass: Record<string, LatencySummary>;
  /** Distinct requests (path and expected answer) over all clients. */
  distinct: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/**
 * The people's clients spread over worker processes, all at once, closed loop: one untimed warm-up
 * pass (a round's worth, at most each client's whole list), then `rounds` timed rounds of `perClient` requests per client. Each client starts its list
 * at another place each round, so the same query is not asked by everyone at the same moment.
 */
export async function runCheckedReads(ctx: VariantContext, kind: 'inbox' | 'search', people: CheckedPerson[], label: string): Promise<CheckedReadsResult> {
  const s = ctx.settings.reads;
  const workers = Array.from({ length: Math.min(s.workers, people.length) }, () => spawnWorker('checked-read-worker.ts'));
  const clientsOf = (w: number, round: number) =>
    people
      .map((p, i) => ({ p, i }))
      .filter(({ i }) => i % workers.length === w)
      .map(({ p, i }) => ({ token: p.token, origin: ctx.apiUrls[i % ctx.apiUrls.length]!, requests: p.requests, offset: (i * 7 + (round + 1) * 13) % p.requests.length }));
  const runRound = (round: number, perClient: number) => {
    const startAt = performance.timeOrigin + performance.now() + 300;
    return Promise.all(workers.map((w, k) => w.call<CheckedReadOutcome>({ kind, clients: clientsOf(k, round), perClient, startAt })));
  };
  try {
    await runRound(-1, Math.min(s.perClient, Math.max(...people.map((p) => p.requests.length))));
    const outcomes: CheckedReadOutcome[][] = [];
    for (let r = 0; r < s.rounds; r++) outcomes.push(await runRound(r, s.perClient));
    const all = outcomes.flat();
    const perRound = outcomes.map((round) => {
      const samples = round.flatMap((o) => Object.values(o.samples).flat());
      const seconds = Math.max(...round.map((o) => o.seconds));
      return { latency: summarize(samples), perSecond: Math.round(samples.length / seconds) };
    });
    const classes = [...new Set(all.flatMap((o) => Object.keys(o.samples)))];
    const result: CheckedReadsResult = {
      clients: people.length,
      workers: workers.length,
      rounds: s.rounds,
      requests: all.reduce((a, o) => a + o.requests, 0),
      failed: all.reduce((a, o) => a + o.failed, 0),
      wrong: all.reduce((a, o) => a + o.wrong, 0),
      firstErrors: all.flatMap((o) => o.firstErrors).slice(0, 5),
      latency: {
        count: perRound.reduce((a, r) => a + r.latency.count, 0),
        p50: median(perRound.map((r) => r.latency.p50)),
        p95: median(perRound.map((r) => r.latency.p95)),
        p99: median(perRound.map((r) => r.latency.p99)),
        max: median(perRound.map((r) => r.latency.max)),
      },
      perSecond: median(perRound.map((r) => r.perSecond)),
      perRound,
      byClass: Object.fromEntries(classes.map((c) => [c, summarize(all.flatMap((o) => o.samples[c] ?? []))])),
      distinct: new Set(people.flatMap((p) => p.requests.map((q) => `${p.token.slice(-12)} ${q.path}`))).size,
    };
    ctx.log(
      `${kind} (${label}): ${people.length} clients, ${result.requests} checked requests, p50 ${result.latency.p50} p95 ${result.latency.p95} p99 ${result.latency.p99} max ${result.latency.max} ms ` +
        `(medians of ${s.rounds} rounds), ${result.perSecond}/s, ${result.wrong} wrong, ${result.failed} failed${result.firstErrors.length ? `: ${result.firstErrors.join('; ')}` : ''}`,
    );
    return result;
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}
