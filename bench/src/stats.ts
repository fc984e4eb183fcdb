import type { TLoadSample } from './load';

/** Throughput and latency of one target, pooled over its rounds. */
export interface TTargetFigures {
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Latency distribution of a set of samples (ms). */
export interface TLatencyFigures {
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function roundTo(opts: { value: number; digits?: number }): number {
  const f = 10 ** (opts.digits ?? 2);
  return Math.round(opts.value * f) / f;
}

/** Nearest-rank percentile of ascending values. */
export function percentileOf(opts: { sorted: ArrayLike<number>; q: number }): number {
  const { sorted, q } = opts;
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Exact percentiles of every value (no histogram buckets): the sets here are at most a few hundred thousand. */
export function summarizeLatencies(opts: { values: ArrayLike<number> }): TLatencyFigures {
  const sorted = Float64Array.from(opts.values).sort();
  const at = (q: number) => roundTo({ value: percentileOf({ sorted, q }) });
  return { count: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), maxMs: roundTo({ value: sorted.at(-1) ?? NaN }) };
}

/** Pools the rounds of one target: total requests over total time, percentiles over every latency. */
export function summarizeSamples(opts: { samples: TLoadSample[] }): TTargetFigures {
  const { samples } = opts;
  const latency = summarizeLatencies({ values: samples.flatMap((s) => s.latencies) });
  const requests = samples.reduce((n, s) => n + s.requests, 0);
  const seconds = samples.reduce((n, s) => n + s.durationSeconds, 0);
  return {
    reqPerSec: Math.round(requests / seconds),
    p50Ms: latency.p50Ms,
    p95Ms: latency.p95Ms,
    p99Ms: latency.p99Ms,
    requests,
    non2xx: samples.reduce((n, s) => n + s.non2xx, 0),
    errors: samples.reduce((n, s) => n + s.errors, 0),
  };
}

/** ours / baseline, two decimals (NaN-safe for empty runs). */
export function ratioOf(opts: { ours: number; baseline: number }): number {
  return opts.baseline ? roundTo({ value: opts.ours / opts.baseline }) : NaN;
}

/** A plain-text table: first column left-aligned, the others right-aligned. */
export function formatTable(opts: { header: string[]; rows: string[][] }): string {
  const { header, rows } = opts;
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable between processes on one machine. */
export function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

export function sleep(opts: { ms: number }): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, opts.ms)));
}
