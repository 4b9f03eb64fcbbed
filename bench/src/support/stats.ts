export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles, in the unit of the samples (ms here), rounded to 0.1. */
export function summarize(samples: number[]): LatencySummary {
  if (samples.length === 0) return { count: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN };
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: round(sorted[sorted.length - 1]!) };
}

export const round = (value: number, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** ours / baseline as a fraction, or undefined when either side is missing. */
export const ratio = (ours?: number, baseline?: number) =>
  ours !== undefined && baseline !== undefined && baseline > 0 && Number.isFinite(ours) ? round(ours / baseline, 2) : undefined;

/** Median (the mean of the middle two for an even count), min and max; undefined when empty. */
export function spread(values: number[]): { median: number; min: number; max: number } | undefined {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median: round(median, 3), min: round(sorted[0]!, 3), max: round(sorted[sorted.length - 1]!, 3) };
}
