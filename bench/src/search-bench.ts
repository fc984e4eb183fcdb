import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { phoneDigitsOf, SEARCH_KINDS, searchTermsOf } from '@cd/contracts/search';
import { buildApp, openDatabase } from '@cd/server/src/app';
import { loadConfig } from '@cd/server/src/config';
import { seedDemoData } from '@cd/server/src/seed/seed';
import { runInScope } from '@cd/server/src/db/client';
import { SEARCH_SETTINGS, searchHits, searchStatement, type TSearchFilter } from '@cd/server/src/modules/search/search.repository';
import { tsqueryOf } from '@cd/server/src/modules/search/search.service';
import { findUserByEmail } from '@cd/server/src/modules/users/users.repository';
import { seedInboxAtScale } from './inbox-seed';
import { poolOf, runOnConnection, type TPgPool } from './pg-pool';
import { writeResultFile } from './results';
import { formatSequentialTable, measureSequential } from './sequential';
import { BENCH_ADMIN_EMAIL, prepareEnvironment, signIn, type TBenchEnvironment } from './setup';
import { formatTable, nowMs, summarizeLatencies } from './stats';

const CUSTOMERS = Number(process.env.BENCH_INBOX_CUSTOMERS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_INBOX_MESSAGES ?? 2_000_000);
const REQUESTS = Number(process.env.BENCH_SEQUENTIAL_REQUESTS ?? 200);
const PAGE = 20;

/**
 * The searches measured. Seeded messages read "Scale message <n>: is the car ready for pickup?", so `pickup` is in
 * every one of the 2M messages, `1234567` in exactly one, `12345` as a prefix in about 111, and `555 0012` is the
 * digits of about 1,000 customers' phone numbers.
 */
const CASES: { name: string; q: string; agent: boolean; channel?: string; lastDays?: number }[] = [
  { name: 'common word "pickup"', q: 'pickup', agent: false },
  { name: 'common word, agent (own customers)', q: 'pickup', agent: true },
  { name: 'common prefix "pick"', q: 'pick', agent: false },
  { name: 'common word, channel filter', q: 'pickup', agent: false, channel: 'sms_provider' },
  { name: 'rare word "1234567"', q: '1234567', agent: false },
  { name: 'rare word, agent', q: '1234567', agent: true },
  { name: 'rare word, last 7 days + channel', q: '1234567', agent: false, channel: 'sms_provider', lastDays: 7 },
  { name: 'prefix "12345*"', q: '12345', agent: false },
  { name: 'phone fragment "555 0012"', q: '555 0012', agent: false },
  { name: 'note word "trade"', q: 'trade', agent: false },
  { name: 'two words "car ready"', q: 'car ready', agent: false },
  { name: 'no match "zzzzqqq"', q: 'zzzzqqq', agent: false },
  { name: 'no match, agent', q: 'zzzzqqq', agent: true },
];

/**
 * Seeding 2M messages takes minutes (far longer on a loaded machine), so the search and suggest benches can share one
 * seeded database: BENCH_DATABASE_URL names a database that is used as it is and kept (seeded on the first run only);
 * BENCH_KEEP_DATABASE=1 keeps the scratch database of this run and prints its URL. Otherwise a scratch database is
 * created and dropped as in every other bench.
 */
export async function openSeedableEnvironment(opts: { databaseUrl: string }): Promise<{ env: TBenchEnvironment; reused: boolean }> {
  const reuse = process.env.BENCH_DATABASE_URL;
  if (reuse) {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cd-bench-')),
      DATABASE_URL: reuse,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      SEED: 'false',
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
    });
    const db = await openDatabase(config);
    await seedDemoData({ db });
    return { env: { config, db, dispose: () => db.close() }, reused: true };
  }
  const env = await prepareEnvironment({ databaseUrl: opts.databaseUrl, extraUsers: 0 });
  if (process.env.BENCH_KEEP_DATABASE !== '1') return { env, reused: false };
  console.log(`keeping the database ${env.config.databaseUrl} (BENCH_DATABASE_URL to reuse it)`);
  return { env: { ...env, dispose: () => env.db.close() }, reused: false };
}

/** Whether a reused database already holds the seeded inbox (the seed is not repeatable on top of itself). */
export async function isInboxSeeded(opts: { pool: TPgPool; companyId: number }): Promise<boolean> {
  const { rows } = await runOnConnection({
    pool: opts.pool,
    rollback: true,
    fn: async (client) => {
      await client.query(`select set_config('app.system', 'on', true)`);
      return client.query(`select exists (select 1 from customers where company_id = $1 and last_name = 'Scale1') as seeded`, [opts.companyId]);
    },
  });
  return rows[0]?.seeded === true;
}

/**
 * The message GIN indexes (search 0052, suggested replies 0048) maintained row by row over 2M inserts cost most of the
 * seeding time; dropped before and built once after (the same definitions as the migrations).
 */
const MESSAGE_GIN_INDEXES = [
  { name: 'messages_content_fts_idx', create: `create index messages_content_fts_idx on messages using gin (to_tsvector('simple'::regconfig, content))` },
  {
    name: 'messages_inbound_content_trgm_idx',
    create: `create index messages_inbound_content_trgm_idx on messages using gin (content gin_trgm_ops) where direction = 'INBOUND' and content is not null`,
  },
];

export async function dropMessageGinIndexes(opts: { pool: TPgPool }): Promise<void> {
  for (const ix of MESSAGE_GIN_INDEXES) await opts.pool.query(`drop index if exists ${ix.name}`);
}

export async function buildMessageGinIndexes(opts: { pool: TPgPool }): Promise<void> {
  for (const ix of MESSAGE_GIN_INDEXES) {
    const t0 = nowMs();
    await runOnConnection({
      pool: opts.pool,
      fn: async (client) => {
        await client.query(`set local maintenance_work_mem = '256MB'`);
        await client.query(ix.create.replace('create index', 'create index if not exists'));
      },
    });
    console.log(`  index ${ix.name}: ${((nowMs() - t0) / 1000).toFixed(1)} s`);
  }
}

/**
 * Search at scale on PostgreSQL: GET /api/search one request at a time for a common word, a rare one, a prefix and a
 * phone fragment on the 2M-message inbox seed, against the bare baseline of the same single SQL statement run
 * directly on the pool (no HTTP, no JWT): ratio = app / baseline. Prints each statement's plan.
 */
export async function runSearchBenchmark(opts: { databaseUrl: string }): Promise<void> {
  const { env, reused } = await openSeedableEnvironment(opts);
  try {
    const pool = poolOf({ db: env.db });
    const admin = await runInScope(env.db, { companyId: null, system: true }, (tx) => findUserByEmail(tx, BENCH_ADMIN_EMAIL));
    if (!admin?.companyId) throw new Error(`${BENCH_ADMIN_EMAIL} is missing from the seed`);
    const companyId = admin.companyId;
    const { rows: staff } = await runOnConnection({
      pool,
      fn: async (client) => {
        await client.query(`select set_config('app.system', 'on', true)`);
        return client.query('select id::int as id, email from users where company_id = $1 order by id', [companyId]);
      },
    });
    const agent = staff.find((u) => u.email === 'agent@motors.example.com') ?? staff[1]!;
    const owners = staff.slice(0, 4).map((u) => Number(u.id));
    if (!owners.includes(Number(agent.id))) owners[owners.length - 1] = Number(agent.id);
    const seeded = reused && (await isInboxSeeded({ pool, companyId }));
    console.log(
      seeded ? 'reusing the seeded inbox' : `seeding ${CUSTOMERS.toLocaleString('en-US')} customers and ${MESSAGES.toLocaleString('en-US')} messages…`,
    );
    if (!seeded) await dropMessageGinIndexes({ pool });
    const seed = seeded ? null : await seedInboxAtScale({ pool, companyId, ownerIds: owners, readerIds: [admin.id], customers: CUSTOMERS, messages: MESSAGES });
    await buildMessageGinIndexes({ pool });
    // Internal notes on every 25th customer, then fresh statistics.
    const t0 = nowMs();
    await runOnConnection({
      pool,
      fn: async (client) => {
        await client.query(`select set_config('app.system', 'on', true)`);
        await client.query(
          `update customers set notes = 'Prefers a text after 5pm; trade-in ' || last_name || ' pending' where company_id = $1 and last_name like 'Scale%' and id % 25 = 0`,
          [companyId],
        );
      },
    });
    await pool.query('vacuum (analyze) customers, messages');
    console.log(`seeded in ${seed?.seconds.total ?? 'an earlier run'} s (+ notes ${((nowMs() - t0) / 1000).toFixed(1)} s)`);
    if (process.env.BENCH_SEED_ONLY === '1') return;

    const app = await buildApp({ config: env.config, db: env.db, logger: false });
    try {
      const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
      const adminToken = await signIn({ baseUrl });
      const agentToken = await signIn({ baseUrl, email: String(agent.email) });

      // One instant for the whole run, so the date filter of the HTTP requests and the bare statements agree.
      const runStart = Date.now();
      const fromOf = (c: (typeof CASES)[number]) => (c.lastDays ? new Date(runStart - c.lastDays * 86_400_000) : undefined);
      const filterOf = (c: (typeof CASES)[number]): TSearchFilter => ({
        companyId,
        ownerId: c.agent ? Number(agent.id) : null,
        kinds: SEARCH_KINDS,
        tsquery: tsqueryOf(searchTermsOf(c.q)),
        phoneDigits: phoneDigitsOf(c.q),
        channel: c.channel,
        from: fromOf(c),
        limit: PAGE,
      });
      const pathOf = (c: (typeof CASES)[number]) =>
        `/api/search?q=${encodeURIComponent(c.q)}&itemsPerPage=${PAGE}` +
        (c.channel ? `&channel=${c.channel}` : '') +
        (c.lastDays ? `&from=${encodeURIComponent(fromOf(c)!.toISOString())}` : '');

      // Plans first (printed), in the company scope with row-level security on.
      const plans: Record<string, string> = {};
      for (const c of CASES) {
        const statement = searchStatement(filterOf(c));
        if (!statement) continue;
        const res = await runInScope(env.db, { companyId }, async (tx) => {
          await tx.execute(SEARCH_SETTINGS);
          return tx.execute(sql`explain (analyze, buffers) ${statement}`);
        });
        plans[c.name] = (res.rows as Record<string, string>[]).map((r) => r['QUERY PLAN']).join('\n');
        console.log(`\nEXPLAIN ANALYZE — ${c.name}:\n${plans[c.name]}`);
      }
      if (process.env.BENCH_PLANS_ONLY === '1') return;

      const sequential = await measureSequential({
        baseUrl,
        token: adminToken,
        requests: REQUESTS,
        endpoints: CASES.map((c) => ({
          name: c.name,
          path: pathOf(c),
          headers: c.agent ? { authorization: `Bearer ${agentToken}` } : undefined,
        })),
      });

      // The bare baseline: the same statement in the same scope, straight on the pool.
      const bare: { name: string; latency: ReturnType<typeof summarizeLatencies> }[] = [];
      for (const c of CASES) {
        const f = filterOf(c);
        for (let i = 0; i < 5; i++) await runInScope(env.db, { companyId }, (tx) => searchHits(tx, f));
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const s = nowMs();
          await runInScope(env.db, { companyId }, (tx) => searchHits(tx, f));
          times.push(nowMs() - s);
        }
        bare.push({ name: c.name, latency: summarizeLatencies({ values: times }) });
      }

      console.log(`\n${formatSequentialTable({ results: sequential })}\n`);
      console.log(
        formatTable({
          header: ['search', 'app p50', 'app p95', 'bare SQL p50', 'bare SQL p95', 'ratio p95', 'target p95 < 100 ms'],
          rows: CASES.map((c, k) => {
            const app95 = sequential[k]!.latency.p95Ms;
            const bare95 = bare[k]!.latency.p95Ms;
            return [
              c.name,
              sequential[k]!.latency.p50Ms.toFixed(2),
              app95.toFixed(2),
              bare[k]!.latency.p50Ms.toFixed(2),
              bare95.toFixed(2),
              (app95 / bare95).toFixed(2),
              app95 < 100 ? 'met' : 'MISSED',
            ];
          }),
        }),
      );
      const file = writeResultFile({
        name: 'search',
        report: { revision: env.config.revision, database: 'postgres', customers: CUSTOMERS, messages: MESSAGES, seed, sequential, bare, plans },
      });
      console.log(`written ${file}`);
    } finally {
      await app.close();
    }
  } finally {
    await env.dispose();
  }
}
