import { fmt, type ReportRow } from './report-format';
import type { DeliveryRamp, DeliveryResult, DeliveryStep } from './scenarios/delivery';
import type { MachineRecord } from './support/machine';

/** The slice of a variant's result the delivery report reads (report.ts's VariantResult has it). */
interface VariantLike {
  name: 'pglite' | 'postgres';
  label: string;
  delivery?: DeliveryResult;
}

type RowLike = ReportRow<VariantLike>;
const SEND_LABEL = { socket: "socket (`message:send`)", http: 'HTTP (POST `messages/async`)' } as const;

/** The targets, on medians over rounds: relative to the relay of the same way of sending, or absolute. */
const DELIVERY_TARGETS = {
  socketRatio: 0.5,
  httpRatio: 0.35,
  pgliteSocket: 1500,
} as const;

const sendOf = (v: VariantLike, send: 'socket' | 'http') => v.delivery?.sends.find((s) => s.send === send);
const medianRange = (s?: { median: number; min: number; max: number }) => (s ? `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})` : '—');

function ratioTarget(send: 'socket' | 'http'): number {
  return send === 'socket' ? DELIVERY_TARGETS.socketRatio : DELIVERY_TARGETS.httpRatio;
}

/** Rows of the main table: medians over rounds with their spread, the targets, CPU per message at fixed rates. */
export function deliveryRows(variants: VariantLike[]): RowLike[] {
  const rows: RowLike[] = [];
  for (const send of ['socket', 'http'] as const) {
    const rounds = (v: VariantLike) => sendOf(v, send)?.rounds.length ?? 0;
    rows.push(
      {
        scenario: 'Delivery',
        metric: `sustained msg/s sent over ${SEND_LABEL[send]}, median of rounds (min–max)`,
        value: (v) => (rounds(v) ? `${medianRange(sendOf(v, send)?.api)}, ${rounds(v)} rounds` : '—'),
        target: (v) => (send === 'socket' && v.name === 'pglite' ? `≥ ${fmt(DELIVERY_TARGETS.pgliteSocket)}` : '—'),
        met: (v) => (send === 'socket' && v.name === 'pglite' && rounds(v) ? (sendOf(v, send)?.api?.median ?? 0) >= DELIVERY_TARGETS.pgliteSocket : undefined),
      },
      {
        scenario: 'Delivery',
        metric: `${send} relay (the same work minus auth, validation, database): sustained msg/s, median (min–max)`,
        value: (v) => (rounds(v) ? medianRange(sendOf(v, send)?.relay) : '—'),
      },
      {
        scenario: 'Delivery',
        metric: `${send}: API ÷ ${send} relay, median of the rounds' ratios (min–max)`,
        value: (v) => (rounds(v) ? medianRange(sendOf(v, send)?.ratio) : '—'),
        target: (v) => (v.name === 'postgres' ? `≥ ${ratioTarget(send)}` : '—'),
        met: (v) => (v.name === 'postgres' && sendOf(v, send)?.ratio ? sendOf(v, send)!.ratio!.median >= ratioTarget(send) : undefined),
      },
    );
  }
  const fixedRates = [...new Set(variants.flatMap((v) => v.delivery?.fixed.map((f) => `${f.send} ${f.rate}`) ?? []))];
  for (const [send, rate] of fixedRates.map((k) => k.split(' ')).map(([s, r]) => [s as 'socket' | 'http', Number(r)] as const)) {
    rows.push({
      scenario: 'Delivery',
      metric: `CPU ms per message at ${fmt(rate)} msg/s over ${send}: API / Postgres / Redis`,
      value: (v) => {
        const fixed = v.delivery?.fixed.find((f) => f.send === send && f.rate === rate);
        if (!fixed) return '—';
        const s = fixed.step;
        const others = ['postgres', 'redis'].map((k) => fmt(s.otherCpuMsPerMessage[k]));
        const figures = `${fmt(s.serverCpuMsPerMessage)} / ${others.join(' / ')}`;
        return s.passed ? figures : `not sustained (${s.failedOn}; ${fmt(s.achievedRate)} msg/s delivered): ${figures}`;
      },
    });
  }
  return rows;
}

export function machineLines(m?: MachineRecord): string[] {
  if (!m) return [];
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
  return [
    `Machine: ${m.cpuModel}${m.cpuMHz ? ` at ${fmt(m.cpuMHz)} MHz` : ''}, ${m.cores} cores, ${m.memoryGiB} GiB, node ${m.node}, ${m.platform}. ` +
      `Over the run: CPU time stolen by the hypervisor ${fmt(m.stealPercent)}%, all cores busy ${fmt(m.busyPercent)}%; ` +
      `load average (1 / 5 / 15 min) ${load(m.loadAverageAtStart)} at the start, ${load(m.loadAverageAtEnd)} at the end.`,
    '',
  ];
}

function stepCells(s: DeliveryStep): string {
  const others = Object.keys(s.otherCpuMsPerMessage).map((k) => `${k} ${fmt(s.cpu[k])}%`);
  return [
    fmt(s.offeredRate),
    fmt(s.achievedRate),
    `${fmt(s.latency.p50)} / ${fmt(s.latency.p99)} / ${fmt(s.latency.max)}`,
    `${fmt(s.lost)} / ${fmt(s.duplicates)} / ${fmt(s.errors + s.unanswered)}`,
    `${fmt(s.cpu.server)}% (${fmt(s.serverCpuMaxPercent)}%)`,
    fmt(s.serverCpuMsPerMessage),
    `${fmt(s.cpu.clients)}% (${fmt(s.clientCpuMaxPercent)}%)`,
    others.join(', ') || '—',
    `${fmt(s.machineBusyPercent)}% / ${fmt(s.stealPercent)}%`,
    s.passed ? 'pass' : `FAIL: ${s.failedOn}`,
  ].join(' | ');
}

/** The CPU each side spent per message at its own ceiling: what the API costs beyond the floor, whoever set the limit. */
function cpuCost(api: DeliveryRamp, relay: DeliveryRamp): string {
  const at = (r: DeliveryRamp) => r.steps.find((s) => s.passed && s.offeredRate === r.ceilingOffered)?.serverCpuMsPerMessage;
  const a = at(api);
  const b = at(relay);
  return a === undefined || b === undefined ? '—' : `${fmt(a)} ÷ ${fmt(b)} = ${fmt(Math.round((a / b) * 10) / 10)}×`;
}

/**
 * Whether this machine can saturate the relay at all: the load generators' CPU per message against
 * the relay's, over the relay's passing steps (medians), and what a relay at one full core would need.
 */
function generatorHeadroom(steps: DeliveryStep[]): string | undefined {
  const passing = steps.filter((s) => s.passed && s.achievedRate > 0);
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
  const relay = median(passing.map((s) => s.serverCpuMsPerMessage).filter(Number.isFinite));
  const clients = median(passing.map((s) => (s.cpu.clients! * 10) / s.achievedRate));
  if (!relay || !clients) return undefined;
  const ceiling = 1000 / relay;
  return (
    `Load generators spent ${fmt(Math.round(clients * 1000) / 1000)} ms of CPU per message, the relay ${fmt(relay)} (medians over the relay's passing steps): ` +
    `the relay at one full core (≈ ${fmt(Math.round(ceiling / 10) * 10)} msg/s) would need ≈ ${fmt(Math.round(((ceiling * clients) / 1000) * 10) / 10)} cores of load generators beside it.`
  );
}

function rampLabel(r: DeliveryRamp) {
  return `${r.round === 0 ? 'scout' : `round ${r.round}`} ${r.target === 'api' ? 'API' : 'relay'}`;
}

/** Every round's ceilings and limits, the medians and the targets, then every step of every ramp. */
export function deliverySection(variants: VariantLike[], judged: boolean): string[] {
  const lines: string[] = [];
  for (const v of variants) {
    const d = v.delivery;
    if (!d) continue;
    lines.push('', `### Delivery, ${v.label}`, '');
    lines.push(
      `${d.pairs} pairs, ${d.workers} load-generator processes, p99 bound ${d.p99BoundMs} ms, ${d.stepSeconds} s steps; ${d.seconds} s in all. ` +
        `A step passes with 0 lost, 0 doubled (by message id at the receiver), 0 refused or unanswered and p99 within the bound. Rates: ${d.grid}.`,
      '',
    );
    for (const s of d.sends) {
      lines.push(
        `**${SEND_LABEL[s.send]}**`,
        '',
        '| round | relay msg/s | relay limited by | API msg/s | API limited by | API ÷ relay | CPU ms per message at the ceilings: API (all nodes) ÷ relay |',
        '|---|---|---|---|---|---|---|',
      );
      for (const r of s.rounds)
        lines.push(`| ${r.round} | ${fmt(r.relay.ceiling)} | ${r.relay.limit} | ${fmt(r.api.ceiling)} | ${r.api.limit} | ${fmt(r.ratio)} | ${cpuCost(r.api, r.relay)} |`);
      lines.push(`| median (min–max) | ${medianRange(s.relay)} | | ${medianRange(s.api)} | | ${medianRange(s.ratio)} | |`, '');
      const headroom = generatorHeadroom(s.rounds.flatMap((r) => r.relay.steps));
      if (headroom) lines.push(headroom, '');
      const notOwn = s.rounds.filter((r) => !r.relay.limit.startsWith('relay CPU')).map((r) => r.round);
      if (notOwn.length)
        lines.push(
          `The relay's ceiling was not set by its own CPU in round${notOwn.length > 1 ? 's' : ''} ${notOwn.join(', ')}: its own ceiling is higher, so there API ÷ relay compares the two on this machine, not with the relay's ceiling (an upper bound of that ratio); the last column (CPU per message) does not depend on who set the limit.`,
          '',
        );
    }
    for (const t of targetLines(v)) lines.push(`- ${t}${judged ? '' : ' (quick run: not judged)'}`);
    if (d.fixed.length) {
      lines.push('', 'CPU per message at fixed rates (API nodes together; Postgres backends; Redis):', '');
      lines.push('| send | offered msg/s | delivered msg/s | API ms/msg | Postgres ms/msg | Redis ms/msg | p99 ms | sustained |', '|---|---|---|---|---|---|---|---|');
      for (const f of d.fixed) {
        const s = f.step;
        lines.push(
          `| ${f.send} | ${fmt(f.rate)} | ${fmt(s.achievedRate)} | ${fmt(s.serverCpuMsPerMessage)} | ${fmt(s.otherCpuMsPerMessage.postgres)} | ${fmt(s.otherCpuMsPerMessage.redis)} | ${fmt(s.latency.p99)} | ${s.passed ? 'yes' : `no: ${s.failedOn}`} |`,
        );
      }
    }
    lines.push(
      '',
      '<details><summary>Every step</summary>',
      '',
      '| send | ramp | offered msg/s | achieved | p50 / p99 / max ms | lost / doubled / refused | server CPU % (busiest process) | server ms/msg | load generators CPU % (busiest) | database, Redis CPU % | machine busy / steal % | result |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const s of d.sends)
      for (const ramp of [...s.scouts, ...s.rounds.flatMap((r) => [r.relay, r.api])])
        for (const step of ramp.steps) lines.push(`| ${s.send} | ${rampLabel(ramp)} | ${stepCells(step)} |`);
    lines.push('', '</details>');
  }
  return lines;
}

/** The targets of this variant as sentences with met / not met. */
function targetLines(v: VariantLike): string[] {
  const out: string[] = [];
  const verdict = (met: boolean) => (met ? 'met' : 'not met');
  if (v.name === 'postgres')
    for (const send of ['socket', 'http'] as const) {
      const r = sendOf(v, send)?.ratio;
      if (r) out.push(`${send} sends ≥ ${ratioTarget(send)} × the ${send} relay: median ratio ${fmt(r.median)} (${fmt(r.min)}–${fmt(r.max)}): ${verdict(r.median >= ratioTarget(send))}`);
    }
  if (v.name === 'pglite') {
    const api = sendOf(v, 'socket')?.api;
    if (api) out.push(`socket sends ≥ ${fmt(DELIVERY_TARGETS.pgliteSocket)} msg/s on PGlite, one node: median ${fmt(api.median)} (${fmt(api.min)}–${fmt(api.max)}): ${verdict(api.median >= DELIVERY_TARGETS.pgliteSocket)}`);
  }
  return out;
}
