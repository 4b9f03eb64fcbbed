import type { BenchReport, VariantResult } from './report';
import { fmt, lat, type ReportRow } from './report-format';
import type { CheckedReadsResult } from './scenarios/checked-reads';

const perStep = (steps: { offeredRate: number; lost: number; duplicates: number }[]) =>
  steps.map((s) => `${fmt(s.offeredRate)}: ${fmt(s.lost)}/${fmt(s.duplicates)}`).join(', ') || '—';

type ReadsRow = ReportRow<VariantResult>;
const ok = (r?: CheckedReadsResult) => r !== undefined && r.wrong === 0 && r.failed === 0;
/** Each query class's p99, slowest first. */
const classes = (r?: CheckedReadsResult) =>
  r
    ? Object.entries(r.byClass)
        .sort(([, a], [, b]) => b.p99 - a.p99)
        .map(([label, s]) => `${label} ${fmt(s.p99)}`)
        .join('; ')
    : '—';
const counts = (r?: CheckedReadsResult) =>
  r ? `${fmt(r.requests)} (${fmt(r.distinct)} distinct) / ${fmt(r.wrong)} / ${fmt(r.failed)} / ${fmt(r.perSecond)}` : '—';
const checkedRow = (scenario: string, metric: string, pick: (v: VariantResult) => CheckedReadsResult | undefined, bound: number): ReadsRow => ({
  scenario,
  metric,
  value: (v) => {
    const r = pick(v);
    return r ? `${lat(r.latency)} (${r.clients} clients, median of ${r.rounds} rounds)` : '—';
  },
  target: () => `p99 ≤ ${bound}, all right`,
  met: (v) => {
    const r = pick(v);
    return r ? r.latency.p99 <= bound && ok(r) : undefined;
  },
});

/** The rows of the checked concurrent reads, the reads under a write load, the big room's extras and the tool-calling reply. */
export function readsRows(report: BenchReport): ReadsRow[] {
  const inbox = (v: VariantResult) => v.inbox?.concurrent;
  const quiet = (v: VariantResult) => v.search?.concurrent?.quiet;
  const busy = (v: VariantResult) => v.search?.concurrent?.underWrites;
  const writes = (v: VariantResult) => v.search?.concurrent?.writes ?? v.history?.busy?.writes;
  return [
    checkedRow('Inbox', 'concurrent: 8 people at once, every page checked, p50 / p95 / p99 / max (ms)', inbox, 25),
    { scenario: 'Inbox', metric: 'concurrent: p99 by kind of page, slowest first (ms)', value: (v) => classes(inbox(v)) },
    { scenario: 'Inbox', metric: 'concurrent: requests / wrong answers / failed / requests/s', value: (v) => counts(inbox(v)) },
    checkedRow('Search', 'concurrent: 8 searchers, every answer checked, quiet, p50 / p95 / p99 / max (ms)', quiet, 50),
    { scenario: 'Search', metric: 'concurrent, quiet: p99 by query class, slowest first (ms)', value: (v) => classes(quiet(v)) },
    { scenario: 'Search', metric: 'concurrent, quiet: requests / wrong answers / failed / requests/s', value: (v) => counts(quiet(v)) },
    checkedRow('Search', 'concurrent, under a write load, p50 / p95 / p99 / max (ms)', busy, 50),
    { scenario: 'Search', metric: 'concurrent, under a write load: p99 by query class, slowest first (ms)', value: (v) => classes(busy(v)) },
    { scenario: 'Search', metric: 'concurrent, under a write load: requests / wrong answers / failed / requests/s', value: (v) => counts(busy(v)) },
    {
      scenario: 'History',
      metric: 'API page of 50 under a write load, p50 / p95 / p99 / max (ms)',
      value: (v) => (v.history?.busy ? `${lat(v.history.busy.api.latency)} (quiet p99 ${fmt(v.history.api.latency.p99)})` : '—'),
      target: () => 'p99 ≤ 25',
      met: (v) => (v.history?.busy ? v.history.busy.api.latency.p99 <= 25 && v.history.busy.api.failures === 0 : undefined),
    },
    {
      scenario: 'History',
      metric: 'the write load: msg/s sent through the API into other conversations / errors / POST p99 (ms)',
      value: (v) => {
        const w = writes(v);
        return w ? `${fmt(w.achievedRate)} / ${fmt(w.errors)} / ${fmt(w.latency.p99)}` : '—';
      },
    },
    {
      scenario: 'Room fan-out',
      metric: 'room size; team max_members raised in SQL; lost / duplicated per step (msg/s: lost/duplicated)',
      value: (v) => {
        const r = v.roomFanout;
        return r ? `${r.members}; ${r.raisedMaxMembers ? `yes, to ${r.raisedMaxMembers}` : 'no'}; ${perStep(r.steps)}` : '—';
      },
    },
    {
      scenario: 'Room fan-out',
      metric: 'bare relay, same room: lost / duplicated per step',
      value: (v) => (v.roomFanout && report.roomRelay ? perStep(report.roomRelay.steps) : '—'),
    },
    {
      scenario: 'Tool-calling reply',
      metric: 'send → stored reply on the socket, p50 / p95 / p99 / max (ms): plain reply',
      value: (v) => (v.toolOverhead ? `${lat(v.toolOverhead.plain)} (${v.toolOverhead.rounds} rounds)` : '—'),
    },
    {
      scenario: 'Tool-calling reply',
      metric: 'the same with one built-in tool call first (search_messages)',
      value: (v) => (v.toolOverhead ? lat(v.toolOverhead.withTool) : '—'),
    },
    {
      scenario: 'Tool-calling reply',
      metric: 'overhead of the tool call: median ms (% of the plain reply)',
      value: (v) => (v.toolOverhead ? `${fmt(v.toolOverhead.overheadMs)} (${fmt(v.toolOverhead.overheadPercent)} %)` : '—'),
      target: () => 'reported',
    },
  ];
}

/**
 * Wrong answers and failed requests of the checked reads, in any mode: a read that answers fast but
 * wrong fails the run.
 */
export function readsProblems(report: BenchReport): string[] {
  return report.variants.flatMap((v) => {
    const checked: [string, CheckedReadsResult | undefined][] = [
      ['inbox (concurrent)', v.inbox?.concurrent],
      ['search (concurrent, quiet)', v.search?.concurrent?.quiet],
      ['search (concurrent, under writes)', v.search?.concurrent?.underWrites],
    ];
    return [
      ...checked.flatMap(([what, r]) =>
        r && (r.wrong > 0 || r.failed > 0) ? [`${v.name} ${what}: ${r.wrong} wrong answers, ${r.failed} failed of ${r.requests} (${r.firstErrors.join('; ')})`] : [],
      ),
      ...(v.history?.busy?.api.failures ? [`${v.name} history under writes: ${v.history.busy.api.failures} failed pages`] : []),
      ...[v.history?.busy?.writes, v.search?.concurrent?.writes].flatMap((w) => (w?.errors ? [`${v.name} write load: ${w.errors} failed sends of ${w.sent}`] : [])),
    ];
  });
}
