import { sql } from 'drizzle-orm';
import { instantsOfLocalDay } from '@cd/contracts/report-periods';
import { localDayOf } from '@cd/contracts/survey-dates';
import { buildApp } from '@cd/server/src/app';
import { runInScope, type TDatabase } from '@cd/server/src/db/client';
import { computeDaySeries, computeUsageMetrics, rebuildAllRollups } from '@cd/server/src/modules/analytics/analytics.api';
import { findUserByEmail } from '@cd/server/src/modules/users/users.repository';
import { seedInboxAtScale } from './inbox-seed';
import { poolOf, runOnConnection } from './pg-pool';
import { writeResultFile } from './results';
import { BENCH_ADMIN_EMAIL, prepareEnvironment, signIn } from './setup';
import { formatTable, nowMs, roundTo, summarizeLatencies, type TLatencyFigures } from './stats';

/**
 * Analytics of issue 19 on the inbox bench's data (100k customers, 2M messages in Demo Motors): a one-year usage report
 * and the dashboard's single day, read from the daily rollups, against a bare `count(*)` over the raw messages of the
 * same range (the least any answer over raw messages costs). docs/performance.md "Reports and analytics (issue 19)".
 */

const CUSTOMERS = Number(process.env.BENCH_INBOX_CUSTOMERS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_INBOX_MESSAGES ?? 2_000_000);
const REPEATS = Number(process.env.BENCH_ANALYTICS_REPEATS ?? 40);
const DAY_MS = 86_400_000;

interface TCase {
  name: string;
  run: () => Promise<unknown>;
}

/** Each case in turn, interleaved so drift hits all alike, after three unmeasured runs each. */
async function measure(cases: TCase[]): Promise<{ name: string; latency: TLatencyFigures }[]> {
  const times = cases.map(() => [] as number[]);
  for (let i = 0; i < 3; i++) for (const c of cases) await c.run();
  for (let i = 0; i < REPEATS; i++)
    for (const [k, c] of cases.entries()) {
      const t0 = nowMs();
      await c.run();
      times[k]!.push(nowMs() - t0);
    }
  return cases.map((c, k) => ({ name: c.name, latency: summarizeLatencies({ values: times[k]! }) }));
}

async function countRaw(db: TDatabase, companyId: number, start: Date, end: Date): Promise<number> {
  return runInScope(db, { companyId }, async (tx) => {
    const r = await tx.execute(sql`select count(*)::int as n from messages where company_id = ${companyId} and created_at >= ${start} and created_at < ${end}`);
    return Number((r.rows[0] as { n: number }).n);
  });
}

export async function runAnalyticsBenchmark(opts: { databaseUrl: string }): Promise<void> {
  const env = await prepareEnvironment({ databaseUrl: opts.databaseUrl, extraUsers: 0 });
  try {
    const pool = poolOf({ db: env.db });
    const admin = await runInScope(env.db, { companyId: null, system: true }, (tx) => findUserByEmail(tx, BENCH_ADMIN_EMAIL));
    if (!admin?.companyId) throw new Error(`${BENCH_ADMIN_EMAIL} is missing from the seed`);
    const companyId = admin.companyId;
    const { rows: staff } = await runOnConnection({
      pool,
      fn: async (client) => {
        await client.query(`select set_config('app.system', 'on', true)`);
        return client.query(
          'select u.id::int as id, u.email, c.timezone from users u join companies c on c.id = u.company_id where u.company_id = $1 order by u.id',
          [companyId],
        );
      },
    });
    const timeZone = String(staff[0]!.timezone);
    console.log(`seeding ${CUSTOMERS.toLocaleString('en-US')} customers and ${MESSAGES.toLocaleString('en-US')} messages (set-based SQL)…`);
    const seed = await seedInboxAtScale({
      pool,
      companyId,
      ownerIds: staff.slice(0, 4).map((u) => Number(u.id)),
      readerIds: [admin.id],
      customers: CUSTOMERS,
      messages: MESSAGES,
    });
    // The inbox seed writes outbound messages without an author; give most of them one, so the per-agent table and
    // the response times have work to do (a fifth stay automated).
    await runOnConnection({
      pool,
      fn: async (client) => {
        await client.query(`select set_config('app.system', 'on', true)`);
        // Like the inbox seed: the rows keep every foreign key by construction, so a superuser skips the FK triggers.
        const [role] = (await client.query('select rolsuper from pg_roles where rolname = current_user')).rows;
        if (role?.rolsuper === true) await client.query('set local session_replication_role = replica');
        await client.query(
          `update messages set sender = case when id % 5 = 0 then 'system' else 'agent' end,
                  user_id = case when id % 5 = 0 then null else ($2::bigint[])[1 + (id % cardinality($2::bigint[]))] end
           where company_id = $1 and direction = 'OUTBOUND'`,
          [companyId, staff.slice(0, 4).map((u) => Number(u.id))],
        );
        await client.query('analyze messages');
      },
    });
    console.log(`seeded in ${seed.seconds.total} s`);

    const t0 = nowMs();
    const rebuilt = await rebuildAllRollups({ db: env.db, companyIds: [companyId] });
    const rebuildSeconds = roundTo({ value: (nowMs() - t0) / 1000, digits: 1 });
    console.log(`rebuilt ${rebuilt.days} days of rollups in ${rebuildSeconds} s`);
    const { rows: sizes } = await runOnConnection({
      pool,
      fn: async (client) => {
        await client.query(`select set_config('app.system', 'on', true)`);
        return client.query('select count(*)::int as n from analytics_daily where company_id = $1', [companyId]);
      },
    });

    const now = new Date();
    const today = localDayOf({ instant: now, timeZone });
    const yearFrom = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * DAY_MS).toISOString().slice(0, 10);
    const yearStart = instantsOfLocalDay({ day: yearFrom, timeZone }).start;
    const { start: dayStart, end: dayEnd } = instantsOfLocalDay({ day: today, timeZone });
    const deps = { db: env.db };

    const app = await buildApp({ config: env.config, db: env.db, logger: false });
    try {
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const token = await signIn({ baseUrl: base });
      const http = async (path: string) => {
        const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
        await res.arrayBuffer();
      };
      const year = await computeUsageMetrics({ deps, companyId, from: yearFrom, to: today });
      const rawYear = await countRaw(env.db, companyId, yearStart, dayEnd);
      console.log(`one year: ${year.messages.inbound + year.messages.outboundHuman + year.messages.outboundAutomated} messages in the rollups, ${rawYear} raw`);
      const results = await measure([
        { name: 'year: computeUsageMetrics (rollups)', run: () => computeUsageMetrics({ deps, companyId, from: yearFrom, to: today }) },
        { name: 'year: GET /api/analytics (HTTP)', run: () => http(`/api/analytics?from=${yearFrom}&to=${today}`) },
        { name: 'year: bare count(*) over raw messages', run: () => countRaw(env.db, companyId, yearStart, dayEnd) },
        { name: 'today: computeDaySeries (open day)', run: () => computeDaySeries({ deps, companyId, from: today, to: today }) },
        { name: 'today: bare count(*) over raw messages', run: () => countRaw(env.db, companyId, dayStart, dayEnd) },
      ]);
      const p95 = (name: string) => results.find((r) => r.name.startsWith(name))!.latency.p95Ms;
      const ratios = {
        yearService: roundTo({ value: p95('year: computeUsageMetrics') / p95('year: bare'), digits: 2 }),
        yearHttp: roundTo({ value: p95('year: GET') / p95('year: bare'), digits: 2 }),
        today: roundTo({ value: p95('today: computeDaySeries') / p95('today: bare'), digits: 2 }),
      };
      console.log(
        formatTable({
          header: ['case', 'p50 ms', 'p95 ms', 'max ms'],
          rows: results.map((r) => [r.name, String(r.latency.p50Ms), String(r.latency.p95Ms), String(r.latency.maxMs)]),
        }),
      );
      console.log(`p95 ratios (ours / bare count): year ${ratios.yearService} (service), ${ratios.yearHttp} (HTTP); today ${ratios.today}`);
      const file = writeResultFile({
        name: 'analytics',
        report: {
          database: 'postgres',
          customers: CUSTOMERS,
          messages: MESSAGES,
          repeats: REPEATS,
          rebuild: { days: rebuilt.days, seconds: rebuildSeconds, rollupRows: Number(sizes[0]?.n ?? 0) },
          results,
          ratios,
        },
      });
      console.log(`results: ${file}`);
    } finally {
      await app.close();
    }
  } finally {
    await env.dispose();
  }
}
