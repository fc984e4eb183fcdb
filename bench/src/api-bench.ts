import { buildApp } from '@cd/server/src/app';
import { buildBaseline } from './baseline';
import { seedChatAndNotifications } from './chat-seed';
import { measureLoad, type TLoadSample } from './load';
import { writeResultFile } from './results';
import { prepareEnvironment, signIn } from './setup';
import { formatTable, ratioOf, summarizeSamples, type TTargetFigures } from './stats';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const WARMUP_SECONDS = Math.min(2, SECONDS);
const EXTRA_USERS = 200;
const CHAT_MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 3000);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 3000);
/** Every n-th chat message carries an image attachment. */
const CHAT_ATTACHMENT_EVERY = 7;

function apiEndpoints(opts: { threadId: number }) {
  return [
    { name: 'GET /api/me', path: '/api/me' },
    { name: 'GET /api/users (page 3 of 30)', path: '/api/users?page=3&itemsPerPage=30' },
    { name: 'GET /api/internal_chat_messages (newest 15)', path: `/api/internal_chat_messages?thread=${opts.threadId}&per_page=15` },
    { name: 'GET /api/notifications (first page)', path: '/api/notifications' },
  ];
}

export type TTarget = 'baseline' | 'app';

export interface TEndpointResult {
  name: string;
  path: string;
  baseline: TTargetFigures;
  app: TTargetFigures;
  /** app / baseline: below 1 for req/s and above 1 for p95 is the framework's cost. */
  ratio: { reqPerSec: number; p95: number };
}

export function formatEndpointTable(opts: { results: TEndpointResult[] }): string {
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
  return formatTable({ header, rows });
}

/** A benchmark of 401s or 500s would be meaningless: both sides must answer 200 before any load. */
export async function checkEndpoint(opts: { url: string; token: string }): Promise<void> {
  const res = await fetch(opts.url, { headers: { authorization: `Bearer ${opts.token}` } });
  if (res.status !== 200) throw new Error(`${opts.url} answered ${res.status}: ${await res.text()}`);
}

/**
 * Warms every endpoint/target pair, then measures `rounds` rounds per pair, alternating which side goes first
 * so drift on a shared machine does not favour one of them. Shared by the API and inbox benchmarks.
 */
export async function compareEndpoints(opts: {
  endpoints: readonly { name: string; paths: Record<TTarget, string> }[];
  bases: Record<TTarget, string>;
  token: string;
}): Promise<TEndpointResult[]> {
  const { endpoints, bases, token } = opts;
  const load = { token, connections: CONNECTIONS };
  for (const endpoint of endpoints) {
    for (const target of ['baseline', 'app'] as const) {
      const url = bases[target] + endpoint.paths[target];
      await checkEndpoint({ url, token });
      // PGlite's WebAssembly and both servers keep speeding up for a while: whoever ran first would lose.
      await measureLoad({ ...load, url, seconds: WARMUP_SECONDS, warmupSeconds: 0 });
    }
  }

  const results: TEndpointResult[] = [];
  for (const endpoint of endpoints) {
    const samples: Record<TTarget, TLoadSample[]> = { baseline: [], app: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order: TTarget[] = round % 2 === 0 ? ['baseline', 'app'] : ['app', 'baseline'];
      for (const target of order) {
        const url = bases[target] + endpoint.paths[target];
        samples[target].push(await measureLoad({ ...load, url, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS }));
        console.log(`  ${endpoint.name} ${target} round ${round + 1}: done`);
      }
    }
    const b = summarizeSamples({ samples: samples.baseline });
    const a = summarizeSamples({ samples: samples.app });
    results.push({
      name: endpoint.name,
      path: endpoint.paths.app,
      baseline: b,
      app: a,
      ratio: { reqPerSec: ratioOf({ ours: a.reqPerSec, baseline: b.reqPerSec }), p95: ratioOf({ ours: a.p95Ms, baseline: b.p95Ms }) },
    });
  }
  return results;
}

export function warnOnFailures(opts: { results: TEndpointResult[] }): void {
  const failures = opts.results.flatMap((r) => [r.baseline, r.app]).reduce((n, f) => n + f.non2xx + f.errors, 0);
  if (failures) console.warn(`warning: ${failures} non-2xx responses or socket errors during the runs`);
}

/**
 * The original benchmark: /api/me, /api/users, a chat message page and the notification centre against the bare
 * baseline (PGlite unless DATABASE_URL).
 */
export async function runApiBenchmark(): Promise<TEndpointResult[]> {
  const env = await prepareEnvironment({ databaseUrl: process.env.DATABASE_URL || undefined, extraUsers: EXTRA_USERS });
  const app = await buildApp({ config: env.config, db: env.db, logger: false });
  const baseline = buildBaseline({ config: env.config, db: env.db });
  try {
    const bases: Record<TTarget, string> = {
      app: await app.listen({ host: '127.0.0.1', port: 0 }),
      baseline: await baseline.listen({ host: '127.0.0.1', port: 0 }),
    };
    const token = await signIn({ baseUrl: bases.app });
    const chat = await seedChatAndNotifications({ db: env.db, messages: CHAT_MESSAGES, attachmentEvery: CHAT_ATTACHMENT_EVERY, notifications: NOTIFICATIONS });
    console.log(
      `seeded a chat of ${chat.messages} messages (${chat.attachments} with an attachment) and ${chat.notifications} notifications in ${chat.seconds} s`,
    );
    console.log(
      `database ${env.db.kind}, ${CONNECTIONS} connections, ${ROUNDS} round(s) of ${SECONDS} s per target after ${WARMUP_SECONDS} s warm-up`,
    );
    const results = await compareEndpoints({
      endpoints: apiEndpoints({ threadId: chat.threadId }).map((e) => ({ name: e.name, paths: { app: e.path, baseline: e.path } })),
      bases,
      token,
    });

    console.log(`\n${formatEndpointTable({ results })}\n`);
    console.log('ratio = app / baseline (req/s below 1 and p95 above 1 is the framework overhead); p95 is exact, from every response');
    warnOnFailures({ results });
    const file = writeResultFile({
      name: 'latest',
      report: {
        revision: env.config.revision,
        database: env.db.kind,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        rounds: ROUNDS,
        seed: { extraUsers: EXTRA_USERS, ...chat },
        results,
      },
    });
    console.log(`written ${file}`);
    return results;
  } finally {
    await app.close();
    await baseline.close();
    await env.dispose();
  }
}
