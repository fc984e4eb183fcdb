import { cpus } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@cd/server/src/app';
import { DEMO_PASSWORD } from '@cd/server/src/db/seed';
import { buildBaseline } from './baseline';
import { measureLoad, type TLoadSample } from './load';
import { BENCH_ADMIN_EMAIL, prepareEnvironment } from './setup';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = Math.min(2, SECONDS);
const EXTRA_USERS = 200;

const ENDPOINTS = [
  { name: 'GET /api/me', path: '/api/me' },
  { name: 'GET /api/users (page 3 of 30)', path: '/api/users?page=3&itemsPerPage=30' },
] as const;

type TTarget = 'baseline' | 'app';

export interface TTargetFigures {
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface TEndpointResult {
  name: string;
  path: string;
  baseline: TTargetFigures;
  app: TTargetFigures;
  /** app / baseline: below 1 for req/s and above 1 for p95 is the framework's cost. */
  ratio: { reqPerSec: number; p95: number };
}

/** Nearest-rank percentile of ascending values. */
function percentileOf(opts: { sorted: Float64Array; q: number }): number {
  const { sorted, q } = opts;
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Pools the rounds of one target: total requests over total time, percentiles over every latency. */
export function summarizeSamples(opts: { samples: TLoadSample[] }): TTargetFigures {
  const { samples } = opts;
  const sorted = Float64Array.from(samples.flatMap((s) => s.latencies)).sort();
  const requests = samples.reduce((n, s) => n + s.requests, 0);
  const seconds = samples.reduce((n, s) => n + s.durationSeconds, 0);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    reqPerSec: Math.round(requests / seconds),
    p50Ms: round(percentileOf({ sorted, q: 0.5 })),
    p95Ms: round(percentileOf({ sorted, q: 0.95 })),
    p99Ms: round(percentileOf({ sorted, q: 0.99 })),
    requests,
    non2xx: samples.reduce((n, s) => n + s.non2xx, 0),
    errors: samples.reduce((n, s) => n + s.errors, 0),
  };
}

export function formatTable(opts: { results: TEndpointResult[] }): string {
  const header = ['endpoint', 'base req/s', 'app req/s', 'req/s ratio', 'base p95 ms', 'app p95 ms', 'p95 ratio'];
  const rows = opts.results.map((r) => [
    r.name,
    String(r.baseline.reqPerSec),
    String(r.app.reqPerSec),
    r.ratio.reqPerSec.toFixed(2),
    r.baseline.p95Ms.toFixed(2),
    r.app.p95Ms.toFixed(2),
    r.ratio.p95.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function signIn(opts: { baseUrl: string }): Promise<string> {
  const res = await fetch(`${opts.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A benchmark of 401s or 500s would be meaningless: both sides must answer 200 before any load. */
async function checkEndpoint(opts: { url: string; token: string }): Promise<void> {
  const res = await fetch(opts.url, { headers: { authorization: `Bearer ${opts.token}` } });
  if (res.status !== 200) throw new Error(`${opts.url} answered ${res.status}: ${await res.text()}`);
}

export async function runBenchmark(): Promise<TEndpointResult[]> {
  const env = await prepareEnvironment({ databaseUrl: process.env.DATABASE_URL || undefined, extraUsers: EXTRA_USERS });
  const app = await buildApp({ config: env.config, db: env.db, logger: false });
  const baseline = buildBaseline({ config: env.config, db: env.db });
  try {
    const bases: Record<TTarget, string> = {
      app: await app.listen({ host: '127.0.0.1', port: 0 }),
      baseline: await baseline.listen({ host: '127.0.0.1', port: 0 }),
    };
    const token = await signIn({ baseUrl: bases.app });
    console.log(
      `database ${env.db.kind}, ${CONNECTIONS} connections, ${ROUNDS} round(s) of ${SECONDS} s per target after ${WARMUP_SECONDS} s warm-up`,
    );

    for (const endpoint of ENDPOINTS) {
      for (const target of ['baseline', 'app'] as const) {
        const url = bases[target] + endpoint.path;
        await checkEndpoint({ url, token });
        // PGlite's WebAssembly and both servers keep speeding up for a while: whoever ran first would lose.
        await measureLoad({ url, token, connections: CONNECTIONS, seconds: WARMUP_SECONDS, warmupSeconds: 0 });
      }
    }

    const results: TEndpointResult[] = [];
    for (const endpoint of ENDPOINTS) {
      const samples: Record<TTarget, TLoadSample[]> = { baseline: [], app: [] };
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which side goes first so drift on a shared machine does not favour one of them.
        const order: TTarget[] = round % 2 === 0 ? ['baseline', 'app'] : ['app', 'baseline'];
        for (const target of order) {
          const url = bases[target] + endpoint.path;
          samples[target].push(
            await measureLoad({ url, token, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS }),
          );
          console.log(`  ${endpoint.name} ${target} round ${round + 1}: done`);
        }
      }
      const b = summarizeSamples({ samples: samples.baseline });
      const a = summarizeSamples({ samples: samples.app });
      results.push({
        name: endpoint.name,
        path: endpoint.path,
        baseline: b,
        app: a,
        ratio: { reqPerSec: Math.round((a.reqPerSec / b.reqPerSec) * 100) / 100, p95: Math.round((a.p95Ms / b.p95Ms) * 100) / 100 },
      });
    }

    console.log(`\n${formatTable({ results })}\n`);
    console.log('ratio = app / baseline (req/s below 1 and p95 above 1 is the framework overhead); p95 is exact, from every response');
    const failures = results.flatMap((r) => [r.baseline, r.app]).reduce((n, f) => n + f.non2xx + f.errors, 0);
    if (failures) console.warn(`warning: ${failures} non-2xx responses or socket errors during the runs`);

    const outDir = fileURLToPath(new URL('../results/', import.meta.url));
    mkdirSync(outDir, { recursive: true });
    const report = {
      date: new Date().toISOString(),
      revision: env.config.revision,
      database: env.db.kind,
      node: process.version,
      cpus: cpus().length,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      rounds: ROUNDS,
      results,
    };
    writeFileSync(`${outDir}latest.json`, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written ${outDir}latest.json`);
    return results;
  } finally {
    await app.close();
    await baseline.close();
    await env.dispose();
  }
}

await runBenchmark();
