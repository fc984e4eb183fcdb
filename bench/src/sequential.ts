import { formatTable, nowMs, summarizeLatencies, type TLatencyFigures } from './stats';

export interface TSequentialResult {
  name: string;
  path: string;
  requests: number;
  latency: TLatencyFigures;
  meanMs: number;
}

/**
 * One request at a time (the "single-request" figure of a list's first page): each path in turn, interleaved so
 * drift on a shared machine hits all of them alike, after a few unmeasured warm-up requests.
 */
export async function measureSequential(opts: {
  baseUrl: string;
  token: string;
  /** `baseUrl` per endpoint overrides the shared one (a bare baseline beside the app); `headers` are added. */
  endpoints: { name: string; path: string; baseUrl?: string; headers?: Record<string, string> }[];
  requests: number;
  warmup?: number;
}): Promise<TSequentialResult[]> {
  const times = opts.endpoints.map(() => [] as number[]);
  const one = async (e: (typeof opts.endpoints)[number]) => {
    const res = await fetch((e.baseUrl ?? opts.baseUrl) + e.path, {
      headers: { authorization: `Bearer ${opts.token}`, accept: 'application/ld+json', ...e.headers },
    });
    if (!res.ok) throw new Error(`GET ${e.path} answered ${res.status}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < (opts.warmup ?? 10); i++) for (const e of opts.endpoints) await one(e);
  for (let i = 0; i < opts.requests; i++) {
    for (const [k, e] of opts.endpoints.entries()) {
      const t0 = nowMs();
      await one(e);
      times[k]!.push(nowMs() - t0);
    }
  }
  return opts.endpoints.map((e, k) => ({
    name: e.name,
    path: e.path,
    requests: opts.requests,
    latency: summarizeLatencies({ values: times[k]! }),
    meanMs: times[k]!.reduce((a, b) => a + b, 0) / Math.max(1, times[k]!.length),
  }));
}

export function formatSequentialTable(opts: { results: TSequentialResult[] }): string {
  return formatTable({
    header: ['request (one at a time)', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s'],
    rows: opts.results.map((r) => [
      r.name,
      String(r.requests),
      r.latency.p50Ms.toFixed(2),
      r.latency.p95Ms.toFixed(2),
      r.latency.p99Ms.toFixed(2),
      (1000 / r.meanMs).toFixed(0),
    ]),
  });
}
