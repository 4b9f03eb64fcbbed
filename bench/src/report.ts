import type { ConnectionsResult } from './scenarios/connections';
import { deliveryRows, deliverySection, machineLines } from './report-delivery';
import type { DeliveryResult } from './scenarios/delivery';
import type { HistoryResult } from './scenarios/history';
import type { InboxResult } from './scenarios/inbox';
import type { SearchResult } from './scenarios/search';
import type { LoginResult } from './scenarios/login';
import type { RoomAiResult, RoomFanoutResult } from './scenarios/rooms';
import type { ToolOverheadResult } from './scenarios/tool-overhead';
import { fmt, lat, type ReportRow } from './report-format';
import { readsRows } from './report-reads';
import type { WebBundleResult } from './scenarios/web-bundle';
import type { WebFirstLoadResult } from './scenarios/web-first-load';
import type { BenchSettings } from './settings';
import type { MachineRecord } from './support/machine';
import { ratio } from './support/stats';

export interface VariantResult {
  name: 'pglite' | 'postgres';
  label: string;
  apiNodes: number;
  login?: LoginResult;
  connections?: ConnectionsResult;
  delivery?: DeliveryResult;
  history?: HistoryResult;
  inbox?: InboxResult;
  search?: SearchResult;
  roomFanout?: RoomFanoutResult;
  roomAi?: RoomAiResult;
  toolOverhead?: ToolOverheadResult;
  errors: Record<string, string>;
}

export interface BenchReport {
  settings: BenchSettings;
  variants: VariantResult[];
  skipped: string[];
  /** The same room load on the bare Socket.IO relay (one run for every variant). */
  roomRelay?: RoomFanoutResult;
  web?: WebBundleResult;
  webFirstLoad?: WebFirstLoadResult;
  notes: string[];
  /** The machine and how shared it was over the run (printed first). */
  machine?: MachineRecord;
}

type Row = ReportRow<VariantResult>;
/** The query of a mix with the highest p99, as `p99 (label)`. */
const slowest = (api?: { byLabel?: Record<string, { p99: number }> }) => {
  const worst = Object.entries(api?.byLabel ?? {}).sort(([, a], [, b]) => b.p99 - a.p99)[0];
  return worst ? `${fmt(worst[1].p99)} (${worst[0]})` : '—';
};
/** The socket send's median over rounds, the figure the raw INSERT baseline is compared with. */
const socketMedian = (v: VariantResult) => v.delivery?.sends.find((s) => s.send === 'socket')?.api?.median;

function rows(variants: VariantResult[], roomRelay?: RoomFanoutResult): Row[] {
  return [
  ...deliveryRows(variants),
  {
    scenario: 'Delivery',
    metric: 'raw single-row INSERT/s (baseline)',
    value: (v) => (v.history ? `${fmt(v.history.rawInsert.perSecond)} (${v.history.rawInsert.concurrency} conn)` : '—'),
  },
  {
    scenario: 'Delivery',
    metric: 'socket sends (median) / raw INSERT (throughput)',
    value: (v) => fmt(ratio(socketMedian(v), v.history?.rawInsert.perSecond)),
  },
  {
    scenario: 'Connections',
    metric: 'idle sockets on one API process',
    value: (v) =>
      v.connections
        ? `${fmt(v.connections.connected)} of ${fmt(v.connections.target)}${v.connections.cappedBy ? ` (capped: ${v.connections.cappedBy})` : ''}`
        : '—',
    target: () => '≥ 20,000',
    met: (v) => (v.connections ? v.connections.connected >= 20_000 && v.connections.failed === 0 : undefined),
  },
  {
    scenario: 'Connections',
    metric: 'memory per connection (KiB of RSS)',
    value: (v) => fmt(v.connections?.kibPerConnection),
    target: () => '< 100',
    met: (v) => (v.connections ? v.connections.kibPerConnection < 100 : undefined),
  },
  {
    scenario: 'Connections',
    metric: 'time to connect them (s) / handshakes per s',
    value: (v) => (v.connections ? `${fmt(v.connections.secondsToConnect)} / ${fmt(v.connections.connectsPerSecond)}` : '—'),
  },
  {
    scenario: 'History',
    metric: 'API page of 50, p50 / p95 / p99 / max (ms)',
    value: (v) => lat(v.history?.api.latency),
    target: () => 'p99 ≤ 25',
    met: (v) => (v.history ? v.history.api.latency.p99 <= 25 && v.history.api.failures === 0 : undefined),
  },
  { scenario: 'History', metric: 'raw SQL page (anchor + 50 rows), p50 / p95 / p99 / max', value: (v) => lat(v.history?.raw.page) },
  { scenario: 'History', metric: 'raw single-row SELECT by id, p50 / p95 / p99 / max', value: (v) => lat(v.history?.raw.byPrimaryKey) },
  {
    scenario: 'History',
    metric: 'ours / raw page (p99 latency)',
    value: (v) => fmt(ratio(v.history?.api.latency.p99, v.history?.raw.page.p99)),
  },
  {
    scenario: 'History',
    metric: 'pages/s with concurrent clients',
    value: (v) => (v.history ? `${fmt(v.history.apiConcurrent.perSecond)} (${v.history.apiConcurrent.concurrency} clients)` : '—'),
  },
  { scenario: 'History', metric: 'messages in the conversation / bulk load (s)', value: (v) => (v.history ? `${fmt(v.history.messages)} / ${fmt(v.history.bulkLoadSeconds)}` : '—') },
  {
    scenario: 'Inbox',
    metric: 'conversations list, page of 100, p50 / p95 / p99 / max (ms)',
    value: (v) => lat(v.inbox?.api.latency),
    target: () => 'p99 ≤ 25',
    met: (v) => (v.inbox ? v.inbox.api.latency.p99 <= 25 && v.inbox.api.failures === 0 : undefined),
  },
  {
    scenario: 'Inbox',
    metric: 'CPU ms per page: API / Postgres / Redis',
    value: (v) => {
      const cpu = v.inbox?.cpuMsPerRequest;
      return cpu ? [cpu.api, cpu.postgres, cpu.redis].map((ms) => (ms === undefined ? '—' : fmt(ms))).join(' / ') : '—';
    },
  },
  {
    scenario: 'Inbox',
    metric: 'conversations / messages / bulk load (s) / unread counts right',
    value: (v) =>
      v.inbox
        ? `${fmt(v.inbox.load.conversations)} / ${fmt(v.inbox.load.messages)} / ${fmt(v.inbox.load.seconds)} / ${v.inbox.unreadTotal.api === v.inbox.unreadTotal.expected ? 'yes' : `no: ${fmt(v.inbox.unreadTotal.api)} of ${fmt(v.inbox.unreadTotal.expected)}`}`
        : '—',
  },
  {
    scenario: 'Search',
    metric: 'search page of 20, query mix, quiet (the search load only), p50 / p95 / p99 / max (ms)',
    value: (v) => lat(v.search?.api.latency),
    target: () => 'p99 ≤ 50',
    met: (v) => (v.search ? v.search.api.latency.p99 <= 50 && v.search.api.failures === 0 : undefined),
  },
  {
    scenario: 'Search',
    metric: 'slowest query of the mix, quiet, p99 (ms)',
    value: (v) => slowest(v.search?.api),
  },
  {
    scenario: 'Search',
    metric: 'messages / the searcher may read / bulk load (s)',
    value: (v) => (v.search ? `${fmt(v.search.load.messages)} / ${fmt(v.search.load.readerMessages)} / ${fmt(v.search.load.seconds)}` : '—'),
  },
  {
    scenario: 'Search',
    metric: 'the same mix, busy (after newer messages in others’ conversations), p50 / p95 / p99 / max (ms)',
    value: (v) => lat(v.search?.busy?.api.latency),
    target: () => 'p99 ≤ 50',
    met: (v) => (v.search?.busy ? v.search.busy.api.latency.p99 <= 50 && v.search.busy.api.failures === 0 : undefined),
  },
  {
    scenario: 'Search',
    metric: 'slowest query of the mix, busy, p99 (ms)',
    value: (v) => slowest(v.search?.busy?.api),
  },
  {
    scenario: 'Search',
    metric: 'busy: newer messages of others / bulk load (s)',
    value: (v) => (v.search?.busy ? `${fmt(v.search.busy.newer.messages)} / ${fmt(v.search.busy.newer.seconds)}` : '—'),
  },
  {
    scenario: 'Login',
    metric: 'argon2id logins/s (19 MiB, t=2)',
    value: (v) => fmt(v.login?.perSecond),
    target: () => '≥ 60',
    met: (v) => (v.login ? v.login.perSecond >= 60 && v.login.non2xx === 0 : undefined),
  },
  { scenario: 'Login', metric: 'login latency p50 / p99 (ms)', value: (v) => (v.login ? `${fmt(v.login.p50)} / ${fmt(v.login.p99)}` : '—') },
  ...roomRows(roomRelay),
  ];
}

const roomBest = (v: VariantResult) => v.roomFanout?.best;

function roomRows(relay?: RoomFanoutResult): Row[] {
  const relayBest = relay?.best;
  return [
    {
      scenario: 'Room fan-out',
      metric: 'sustained deliveries/s (message × member socket; p99 ≤ 100 ms, 0 lost)',
      value: (v) => (v.roomFanout ? `${fmt(roomBest(v)?.deliveriesPerSecond ?? 0)} (${fmt(roomBest(v)?.offeredRate ?? 0)} msg/s × ${v.roomFanout.members})` : '—'),
      target: () => '≥ 50,000',
      met: (v) => (v.roomFanout ? (roomBest(v)?.deliveriesPerSecond ?? 0) >= 50_000 : undefined),
    },
    { scenario: 'Room fan-out', metric: 'delivery latency there p50 / p95 / p99 / max (ms)', value: (v) => lat(roomBest(v)?.latency), target: () => 'p99 ≤ 100' },
    {
      scenario: 'Room fan-out',
      metric: 'CPU % of one core there / API CPU µs per delivery',
      value: (v) => {
        const b = roomBest(v);
        return b ? `${Object.entries(b.cpu).map(([k, c]) => `${k === 'server' ? 'API' : k} ${fmt(c)}`).join(', ')} / ${fmt(b.serverCpuUsPerDelivery)}` : '—';
      },
    },
    {
      scenario: 'Room fan-out',
      metric: 'first failing step',
      value: (v) => {
        const r = v.roomFanout;
        if (!r) return '—';
        const f = r.steps.find((x) => !x.passed);
        if (!f) return `none (stopped on ${r.stoppedBy === 'time' ? 'time' : 'its top rate'})`;
        const why = [f.lost ? `${fmt(f.lost)} of ${fmt(f.expectedDeliveries)} lost` : '', f.httpErrors ? `${f.httpErrors} HTTP errors` : '', f.latency.p99 > r.p99BoundMs ? `p99 ${f.latency.p99} ms` : '']
          .filter(Boolean)
          .join(', ');
        return `${fmt(f.offeredRate)} msg/s (${fmt(f.deliveriesPerSecond)} deliveries/s): ${why}`;
      },
    },
    {
      scenario: 'Room fan-out',
      metric: 'bare Socket.IO relay, same room: sustained deliveries/s; p50 / p95 / p99 / max there; µs CPU per delivery',
      value: (v) =>
        v.roomFanout && relay
          ? `${fmt(relayBest?.deliveriesPerSecond ?? 0)}${relay.stoppedBy === 'failed' ? '' : ' (not its ceiling)'}; ${lat(relayBest?.latency)}; ${fmt(relayBest?.serverCpuUsPerDelivery)}`
          : '—',
    },
    {
      scenario: 'Room fan-out',
      metric: 'ours / relay: sustained deliveries/s; CPU µs per delivery at the same offered rate',
      value: (v) => {
        const ours = roomBest(v);
        if (!v.roomFanout || !relayBest || !ours) return '—';
        // CPU per delivery falls as the rate grows (fixed costs spread), so it is compared step for step.
        const same = relay?.steps.find((x) => x.offeredRate === ours.offeredRate) ?? relay?.steps[relay.steps.length - 1];
        return `${fmt(ratio(ours.deliveriesPerSecond, relayBest.deliveriesPerSecond))}; ${fmt(ratio(ours.serverCpuUsPerDelivery, same?.serverCpuUsPerDelivery))} (at ${fmt(same?.offeredRate)} msg/s)`;
      },
    },
    {
      scenario: 'Room AI streams',
      metric: 'time to first token per viewer p50 / p95 / p99 / max (ms)',
      value: (v) => (v.roomAi ? `${lat(v.roomAi.firstToken)} (${v.roomAi.viewers} viewers' sockets of ${v.roomAi.people} people × ${v.roomAi.rounds} rounds)` : '—'),
    },
    {
      scenario: 'Room AI streams',
      metric: 'stream events delivered/s; gap between events p50 / p99 / max (ms)',
      value: (v) => (v.roomAi ? `${fmt(v.roomAi.streamEventsPerSecond)}; ${fmt(v.roomAi.streamGap.p50)} / ${fmt(v.roomAi.streamGap.p99)} / ${fmt(v.roomAi.streamGap.max)}` : '—'),
    },
    {
      scenario: 'Room AI streams',
      metric: 'replies every viewer got whole (streamed = stored = the model’s text)',
      value: (v) => (v.roomAi ? `${fmt(v.roomAi.complete)} of ${fmt(v.roomAi.expected)}` : '—'),
      target: () => 'all',
      met: (v) => (v.roomAi ? v.roomAi.complete === v.roomAi.expected : undefined),
    },
  ];
}

const mark = (met: boolean | undefined, judged: boolean) => (met === undefined || !judged ? '' : met ? ' ✅' : ' ❌');

export function renderMarkdown(report: BenchReport): string {
  const judged = report.settings.mode === 'full';
  const lines: string[] = [...machineLines(report.machine)];
  const header = ['Scenario', 'Metric', ...report.variants.map((v) => v.label), 'Target'];
  lines.push(`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
  for (const row of [...rows(report.variants, report.roomRelay), ...readsRows(report)]) {
    // Rows of scenarios that did not run in any variant are left out.
    if (report.variants.length > 0 && report.variants.every((v) => row.value(v).startsWith('—'))) continue;
    const cells = report.variants.map((v) => {
      const value = row.value(v);
      // The issue's targets are for the scaled variant; PGlite has its own delivery target, and login is the same code on both.
      const applies = v.name === 'postgres' || row.scenario === 'Login' || row.scenario.startsWith('Room') || row.metric.startsWith('sustained');
      return value + mark(row.met?.(v), judged && applies);
    });
    const targets = report.variants.map((v) => (row.target ? row.target(v) : ''));
    const target = new Set(targets).size > 1 ? report.variants.map((v, i) => `${v.name}: ${targets[i]}`).join('; ') : (targets[0] ?? '');
    lines.push(`| ${row.scenario} | ${row.metric} | ${cells.join(' | ')} | ${target} |`);
  }
  if (report.web) {
    const w = report.web;
    lines.push('', '| Web bundle (gzip) | JS KiB | CSS KiB | Files | Target |', '|---|---|---|---|---|');
    lines.push(`| ${w.signIn.route} initial | ${fmt(w.signIn.jsGzipKiB)}${mark(w.signIn.jsGzipKiB <= 150, judged)} | ${fmt(w.signIn.cssGzipKiB)} | ${w.signIn.files.join(', ')} | JS ≤ 150 |`);
    for (const r of w.lazy) lines.push(`| ${r.route} lazy-loads | ${fmt(r.jsGzipKiB)} | ${fmt(r.cssGzipKiB)} | ${r.files.join(', ') || '—'} | |`);
    lines.push(`| all JS in the build | ${fmt(w.allJsGzipKiB)} | | (read from the ${w.source}) | |`);
  }
  if (report.webFirstLoad) {
    const f = report.webFirstLoad;
    lines.push(
      '',
      '| Web first load (empty cache) | raw KiB | gzip KiB | brotli KiB | code round trips | on main at 6870977: raw (sent uncompressed) / gzip / brotli KiB, round trips |',
      '|---|---|---|---|---|---|',
    );
    for (const r of f.routes) {
      const b = f.before[r.route];
      const missing = r.missingChunks.length ? ` (chunks not found: ${r.missingChunks.join(', ')})` : '';
      lines.push(
        `| ${r.route} (${r.path})${missing} | ${fmt(r.rawKiB)} | ${fmt(r.gzipKiB)} | ${fmt(r.brotliKiB)} | ${r.codeRoundTrips} | ${b ? `${fmt(b.rawKiB)} / ${fmt(b.gzipKiB)} / ${fmt(b.brotliKiB)}, ${b.codeRoundTrips}` : '—'} |`,
      );
    }
  }
  lines.push(...deliverySection(report.variants, judged));
  const errors = report.variants.flatMap((v) => Object.entries(v.errors).map(([s, e]) => `- ${v.label} ${s} failed: ${e.split('\n')[0]}`));
  const notes = [...report.skipped.map((s) => `- skipped: ${s}`), ...report.notes.map((n) => `- ${n}`), ...errors];
  if (notes.length) lines.push('', ...notes);
  return lines.join('\n');
}
