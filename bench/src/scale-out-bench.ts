import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type TAutocannonOptions } from 'autocannon';
import { spawnServer, stopServer, type TSpawnedServer } from '@cd/server/test/spawn-server';
import type { TLoadSample } from './load';
import { writeResultFile } from './results';
import { DEFAULT_POSTGRES_URL, prepareEnvironment, signIn } from './setup';
import { formatTable, roundTo, summarizeSamples, type TTargetFigures } from './stats';

/*
 * Issue 20 "Scale-out": throughput of 1 vs 2 API processes (WORKER=false, real `src/main.ts` processes) on one
 * PostgreSQL, with one dedicated worker process (WORKER=true) working the sends in both runs. A fixed mix per
 * connection, in turn: inbox list (GET /api/customers), send (POST /api/messages, simulator channel), customer detail.
 * Load comes from a child process (autocannon spreads its connections over the API processes' URLs, like a
 * round-robin balancer). Rounds alternate 1, 2, 1, 2… so drift in the machine's other load hits both alike.
 *
 *   cd bench && npx tsx src/scale-out-bench.ts        (DATABASE_URL = admin connection, default postgres@127.0.0.1/test)
 */
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_SCALE_WARMUP_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 2);
const SELF = fileURLToPath(import.meta.url);
const CHILD_FLAG = 'CD_SCALE_OUT_LOAD_CHILD';

interface TMixLoad {
  urls: string[];
  token: string;
  customerIds: number[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux; 0 elsewhere). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

function measureMix(opts: TMixLoad): Promise<TLoadSample> {
  return new Promise((resolve, reject) => {
    const child = fork(SELF, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, [CHILD_FLAG]: '1' } });
    child.once('message', (sample) => resolve(sample as TLoadSample));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`load generator exited with code ${code} before reporting`)));
    child.send(opts);
  });
}

/** Load-generator child: the mix on every connection, spread over the given API processes. */
async function runMixChild(opts: TMixLoad): Promise<TLoadSample> {
  let n = 0;
  const nextCustomer = () => opts.customerIds[n++ % opts.customerIds.length]!;
  const json = { 'content-type': 'application/json' };
  const build = (duration: number) =>
    ({
      url: opts.urls,
      connections: opts.connections,
      duration,
      headers: { authorization: `Bearer ${opts.token}` },
      requests: [
        { method: 'GET', path: '/api/customers?itemsPerPage=30' },
        {
          method: 'POST',
          path: '/api/messages',
          headers: json,
          setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify({ customerId: nextCustomer(), content: 'Scale-out bench' }) }),
        },
        { method: 'GET', path: '/api/customers/0', setupRequest: (req: Record<string, unknown>) => ({ ...req, path: `/api/customers/${nextCustomer()}` }) },
      ],
      // The typings of autocannon.d.ts cover only the single-URL shape the other benchmarks use.
    }) as unknown as TAutocannonOptions;
  if (opts.warmupSeconds > 0) await autocannon(build(opts.warmupSeconds));
  const latencies: number[] = [];
  const instance = autocannon(build(opts.seconds));
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(Math.round(ms * 1000) / 1000));
  const result = await instance;
  return { requests: result.requests.total, durationSeconds: result.duration, non2xx: result.non2xx, errors: result.errors + result.timeouts, latencies };
}

export async function runScaleOutBenchmark(opts: { databaseUrl: string }): Promise<void> {
  const env = await prepareEnvironment({ databaseUrl: opts.databaseUrl, extraUsers: 0 });
  const nodes: TSpawnedServer[] = [];
  try {
    const nodeEnv = {
      DATABASE_URL: env.config.databaseUrl!,
      // Shares secrets.json (JWT, encryption and Mercure keys) with the seeded database, as nodes behind one balancer do.
      DATA_DIR: env.config.dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED: 'false',
      WEB_DIST: '/nonexistent',
      QUIET_HOURS: 'false',
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
    };
    const started = await Promise.all([
      spawnServer({ env: { ...nodeEnv, WORKER: 'false' }, timeoutMs: 120_000 }),
      spawnServer({ env: { ...nodeEnv, WORKER: 'false' }, timeoutMs: 120_000 }),
      spawnServer({ env: { ...nodeEnv, WORKER: 'true' }, timeoutMs: 120_000 }),
    ]);
    nodes.push(...started);
    const [apiA, apiB] = started as [TSpawnedServer, TSpawnedServer, TSpawnedServer];
    const token = await signIn({ baseUrl: apiA.base });
    const list = await fetch(`${apiA.base}/api/customers?itemsPerPage=50`, { headers: { authorization: `Bearer ${token}` } });
    const customerIds = ((await list.json()) as { member: { id: number }[] }).member.map((c) => c.id);
    if (!customerIds.length) throw new Error('the seed has no customers for the bench admin');

    const samples: Record<'1' | '2', TLoadSample[]> = { '1': [], '2': [] };
    // CPU spent by the server processes per request: less at the mercy of the other load on the machine than req/s.
    const cpu: Record<'1' | '2', { api: number; worker: number; requests: number }> = {
      '1': { api: 0, worker: 0, requests: 0 },
      '2': { api: 0, worker: 0, requests: 0 },
    };
    // `node --import tsx src/main.ts` is the server itself (no wrapper process), so its pid carries its CPU.
    const apiCpu = () => cpuMsOf(apiA.child.pid) + cpuMsOf(apiB.child.pid);
    const workerCpu = () => cpuMsOf(started[2]!.child.pid);
    for (let round = 0; round < ROUNDS; round++) {
      for (const n of ['1', '2'] as const) {
        const urls = n === '1' ? [apiA.base] : [apiA.base, apiB.base];
        // Warm-up first (not counted), then the measured run between two CPU readings.
        await measureMix({ urls, token, customerIds, connections: CONNECTIONS, seconds: WARMUP_SECONDS, warmupSeconds: 0 });
        const [apiBefore, workerBefore] = [apiCpu(), workerCpu()];
        const sample = await measureMix({ urls, token, customerIds, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 0 });
        cpu[n].api += apiCpu() - apiBefore;
        cpu[n].worker += workerCpu() - workerBefore;
        cpu[n].requests += sample.requests;
        samples[n].push(sample);
        console.log(`round ${round + 1}, ${n} API process(es): ${Math.round(sample.requests / sample.durationSeconds)} req/s`);
      }
    }
    const figures: Record<'1' | '2', TTargetFigures> = { '1': summarizeSamples({ samples: samples['1'] }), '2': summarizeSamples({ samples: samples['2'] }) };
    const load = (await import('node:os')).loadavg().map((v) => roundTo({ value: v }));
    console.log(
      formatTable({
        header: ['API processes', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'API CPU ms/req', 'worker CPU ms/req'],
        rows: (['1', '2'] as const).map((n) => [
          n,
          String(figures[n].reqPerSec),
          String(figures[n].p50Ms),
          String(figures[n].p95Ms),
          String(figures[n].p99Ms),
          String(figures[n].requests),
          String(figures[n].non2xx),
          String(figures[n].errors),
          String(roundTo({ value: cpu[n].api / Math.max(1, cpu[n].requests) })),
          String(roundTo({ value: cpu[n].worker / Math.max(1, cpu[n].requests) })),
        ]),
      }),
    );
    console.log(`load average after the run (1, 5, 15 min): ${load.join(', ')}`);
    const file = writeResultFile({
      name: 'scale-out',
      report: {
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: ROUNDS,
        mix: ['GET /api/customers', 'POST /api/messages', 'GET /api/customers/{id}'],
        loadAverage: load,
        figures,
        cpu,
      },
    });
    console.log(`written to ${file}`);
  } finally {
    await Promise.all(nodes.map((n) => stopServer(n)));
    await env.dispose();
  }
}

if (process.env[CHILD_FLAG] === '1') {
  process.once('message', async (opts: TMixLoad) => {
    const sample = await runMixChild(opts);
    process.send!(sample, () => process.disconnect());
  });
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runScaleOutBenchmark({ databaseUrl: process.env.DATABASE_URL || DEFAULT_POSTGRES_URL });
}
