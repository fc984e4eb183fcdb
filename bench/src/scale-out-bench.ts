import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type TAutocannonOptions } from 'autocannon';
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
const SERVER_DIR = fileURLToPath(new URL('../../server/', import.meta.url));
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

interface TNode {
  child: ChildProcess;
  base: string;
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** What `npm start` runs, as a deployment would: its own process, event loop and connection pools. */
async function startNode(opts: { env: Record<string, string> }): Promise<TNode> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...opts.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    const up = await fetch(`${base}/api/get_mercure_jwt`).then(
      () => true,
      () => false,
    );
    if (up) return { child, base, output };
    if (Date.now() > deadline) throw new Error(`server did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopNode(node: TNode | undefined): Promise<void> {
  if (!node || node.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => node.child.once('exit', () => resolve()));
  node.child.kill('SIGTERM');
  const timer = setTimeout(() => node.child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
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
  const nodes: TNode[] = [];
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
      startNode({ env: { ...nodeEnv, WORKER: 'false' } }),
      startNode({ env: { ...nodeEnv, WORKER: 'false' } }),
      startNode({ env: { ...nodeEnv, WORKER: 'true' } }),
    ]);
    nodes.push(...started);
    const [apiA, apiB] = started as [TNode, TNode, TNode];
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
    await Promise.all(nodes.map((n) => stopNode(n)));
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
