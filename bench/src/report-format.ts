/** What every part of the report (report.ts, report-delivery.ts, report-reads.ts) formats its figures with. */

/** A row of the report's table: one figure per variant, with its target and whether it was met. */
export interface ReportRow<V> {
  scenario: string;
  metric: string;
  value: (v: V) => string;
  target?: (v: V) => string;
  /** Undefined: no target here, or nothing measured. */
  met?: (v: V) => boolean | undefined;
}

/** A number as the report prints it ('—' when it was not measured). */
export const fmt = (n: number | undefined, unit = '') => (n === undefined || Number.isNaN(n) ? '—' : `${n.toLocaleString('en')}${unit}`);

/** Latencies as `p50 / p95 / p99 / max` (p95 left out where it was not kept). */
export const lat = (s?: { p50: number; p95?: number; p99: number; max: number }) =>
  s ? `${fmt(s.p50)} / ${s.p95 === undefined ? '' : `${fmt(s.p95)} / `}${fmt(s.p99)} / ${fmt(s.max)}` : '—';
