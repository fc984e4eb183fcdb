import { drizzle } from 'drizzle-orm/node-postgres';
import { buildApp } from '@cd/server/src/app';
import { runInScope, type TDatabase } from '@cd/server/src/db/client';
import { listInbox } from '@cd/server/src/modules/customers/customers.repository';
import { findUserByEmail } from '@cd/server/src/modules/users/users.repository';
import { compareEndpoints, CONNECTIONS, formatEndpointTable, ROUNDS, SECONDS, WARMUP_SECONDS, warnOnFailures, type TEndpointResult, type TTarget } from './api-bench';
import { buildBaseline, decodeInboxCursor } from './baseline';
import { seedInboxAtScale } from './inbox-seed';
import { formatSequentialTable, measureSequential } from './sequential';
import { poolOf, runOnConnection, type TPgPool } from './pg-pool';
import { writeResultFile } from './results';
import { BENCH_ADMIN_EMAIL, prepareEnvironment, signIn } from './setup';
import { formatTable, nowMs, percentileOf, roundTo } from './stats';

const CUSTOMERS = Number(process.env.BENCH_INBOX_CUSTOMERS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_INBOX_MESSAGES ?? 2_000_000);
const ITEMS_PER_PAGE = 15;
/** Page 1, a page a user reaches by scrolling (10) and a much later one (300, 4,500 rows down). */
const PAGES = [1, 10, 300] as const;
/** Timed executions per statement for the SQL split (after 3 untimed ones). */
const SQL_REPEATS = 30;
/** Requests per endpoint in the one-at-a-time phase. */
const SEQUENTIAL_REQUESTS = Number(process.env.BENCH_SEQUENTIAL_REQUESTS ?? 300);

interface TCapturedQuery {
  text: string;
  params: unknown[];
}

interface TPlanSummary {
  executionMs: number;
  planningMs: number;
  /** Each plan node, outermost first: type, index, actual rows (× loops), rows removed by filter, buffers. */
  nodes: { type: string; index: string | null; rows: number; loops: number; removedByFilter: number; sharedHit: number; sharedRead: number }[];
}

interface TSqlSplit {
  page: number;
  /** Median ms per statement (p95 in brackets in the table), measured on one connection in the company scope. */
  medianMs: { scope: number; page: number; count: number; readStates: number };
  p95Ms: { scope: number; page: number; count: number; readStates: number };
  countShareOfSql: number;
  /** The count as a superuser (row-level security bypassed); null when the connecting role is not one. */
  countWithoutRlsMedianMs: number | null;
}

/** Follows `view.next` from the first page; returns the query string of each wanted page (its `before` cursor). */
async function collectPagePaths(opts: { baseUrl: string; token: string; pages: readonly number[] }): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  let path = `/api/customers?itemsPerPage=${ITEMS_PER_PAGE}`;
  const last = Math.max(...opts.pages);
  for (let page = 1; page <= last; page++) {
    if (opts.pages.includes(page)) out.set(page, path);
    if (page === last) break;
    const res = await fetch(opts.baseUrl + path, { headers: { authorization: `Bearer ${opts.token}` } });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    const body = (await res.json()) as { view: { next?: string } };
    if (!body.view.next) throw new Error(`the inbox ended before page ${last}`);
    path = body.view.next;
  }
  return out;
}

/** The exact statements listInbox sends, captured through a logging drizzle over the same pool. */
async function captureInboxQueries(opts: { db: TDatabase; companyId: number; viewerId: number; before?: { bumpedAt: Date; id: number } }): Promise<Record<'scope' | 'page' | 'count' | 'readStates', TCapturedQuery>> {
  const captured: TCapturedQuery[] = [];
  const logged = drizzle({
    client: poolOf({ db: opts.db }) as never,
    logger: { logQuery: (text, params) => void captured.push({ text, params }) },
  });
  // drizzle's own transaction (not the one-round-trip path, which bypasses the logging drizzle): the same statements.
  await runInScope({ ...opts.db, drizzle: logged, scopedTransaction: undefined }, { companyId: opts.companyId }, (tx) =>
    listInbox(tx, { companyId: opts.companyId, ownerId: null, viewerId: opts.viewerId, archived: false, limit: ITEMS_PER_PAGE, before: opts.before }),
  );
  // Picked by content: drizzle also logs the transaction's own begin/commit.
  const find = (what: string, test: (text: string) => boolean) => {
    const q = captured.find((c) => test(c.text.toLowerCase()));
    if (!q) throw new Error(`listInbox sent no ${what} statement: ${captured.map((c) => c.text.slice(0, 40)).join(' | ')}`);
    return q;
  };
  const scope = find('scope', (t) => t.includes('set_config('));
  const page = find('page', (t) => t.includes('from "customers"') && t.includes('order by'));
  // Later keyset pages send no count (the server counts on the first page only); measure the first page's.
  const count = captured.some((c) => c.text.toLowerCase().includes('count('))
    ? find('count', (t) => t.includes('count(') && t.includes('from "customers"'))
    : (await captureInboxQueries({ ...opts, before: undefined })).count;
  const readStates = find('read-state', (t) => t.includes('from "customer_read_states"'));
  return { scope, page, count, readStates };
}

function summarizePlan(opts: { json: unknown }): TPlanSummary {
  const [root] = opts.json as [{ Plan: Record<string, unknown>; 'Execution Time': number; 'Planning Time': number }];
  const nodes: TPlanSummary['nodes'] = [];
  const walk = (node: Record<string, unknown>) => {
    nodes.push({
      type: String(node['Node Type']) + (node['Scan Direction'] === 'Backward' ? ' Backward' : ''),
      index: (node['Index Name'] as string | undefined) ?? null,
      rows: Number(node['Actual Rows'] ?? 0),
      loops: Number(node['Actual Loops'] ?? 1),
      removedByFilter: Number(node['Rows Removed by Filter'] ?? 0),
      sharedHit: Number(node['Shared Hit Blocks'] ?? 0),
      sharedRead: Number(node['Shared Read Blocks'] ?? 0),
    });
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(root!.Plan);
  return { executionMs: roundTo({ value: root!['Execution Time'] }), planningMs: roundTo({ value: root!['Planning Time'] }), nodes };
}

function describePlan(opts: { plan: TPlanSummary }): string {
  const nodes = opts.plan.nodes
    .map((n) => `${n.type}${n.index ? ` on ${n.index}` : ''} rows=${n.rows}${n.loops > 1 ? `×${n.loops}` : ''}${n.removedByFilter ? ` filtered=${n.removedByFilter}` : ''} buffers=${n.sharedHit + n.sharedRead}`)
    .join(' → ');
  return `${opts.plan.executionMs} ms: ${nodes}`;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the captured statements and their timing split, in the same scope as the app
 * (set_config + role switch, so row-level security policies are part of the plan). Rolled back: nothing changes.
 */
async function analyzeInboxSql(opts: { pool: TPgPool; queries: Awaited<ReturnType<typeof captureInboxQueries>>; page: number; print: boolean }) {
  const { queries } = opts;
  return runOnConnection({
    pool: opts.pool,
    rollback: true,
    fn: async (client) => {
      await client.query(queries.scope.text, queries.scope.params);
      const plans: Record<'page' | 'count' | 'readStates', TPlanSummary> = {} as never;
      for (const name of ['page', 'count', 'readStates'] as const) {
        const q = queries[name];
        if (opts.print) {
          const text = await client.query(`explain (analyze, buffers) ${q.text}`, q.params);
          console.log(`\nEXPLAIN (ANALYZE, BUFFERS) ${name} query, page ${opts.page}:\n${q.text}\n${text.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
        }
        const json = await client.query(`explain (analyze, buffers, format json) ${q.text}`, q.params);
        plans[name] = summarizePlan({ json: json.rows[0]!['QUERY PLAN'] });
      }
      // Each statement alone, repeated: the split of the SQL time within one request (client round trip included).
      const times = { scope: [] as number[], page: [] as number[], count: [] as number[], readStates: [] as number[] };
      for (let i = 0; i < SQL_REPEATS + 3; i++) {
        for (const name of ['scope', 'page', 'count', 'readStates'] as const) {
          const t0 = nowMs();
          await client.query(queries[name].text, queries[name].params);
          if (i >= 3) times[name].push(nowMs() - t0);
        }
      }
      // Diagnostic: the same count as the connecting role (role switch undone). For a superuser that bypasses
      // row-level security, which shows how much of the count is the policy's per-row filter.
      const [who] = (await client.query(`select set_config('role', 'none', true), (select rolsuper from pg_roles where rolname = session_user) as su`)).rows;
      const countWithoutRls: number[] = [];
      if (who?.su === true) {
        for (let i = 0; i < SQL_REPEATS + 3; i++) {
          const t0 = nowMs();
          await client.query(queries.count.text, queries.count.params);
          if (i >= 3) countWithoutRls.push(nowMs() - t0);
        }
      }
      const stat = (q: number) =>
        Object.fromEntries(
          Object.entries(times).map(([k, v]) => [k, roundTo({ value: percentileOf({ sorted: Float64Array.from(v).sort(), q }), digits: 3 })]),
        ) as TSqlSplit['medianMs'];
      const medianMs = stat(0.5);
      const total = medianMs.scope + medianMs.page + medianMs.count + medianMs.readStates;
      const split: TSqlSplit = {
        page: opts.page,
        medianMs,
        p95Ms: stat(0.95),
        countShareOfSql: roundTo({ value: medianMs.count / total }),
        countWithoutRlsMedianMs: countWithoutRls.length
          ? roundTo({ value: percentileOf({ sorted: Float64Array.from(countWithoutRls).sort(), q: 0.5 }), digits: 3 })
          : null,
      };
      return { plans, split };
    },
  });
}

/**
 * Inbox at scale on PostgreSQL: GET /api/customers (first page and later pages reached through view.next) on the
 * API against the bare baseline running the same three statements, plus EXPLAIN and the page/count split.
 */
export async function runInboxBenchmark(opts: { databaseUrl: string }): Promise<void> {
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
        return client.query('select id::int as id, email from users where company_id = $1 order by id', [companyId]);
      },
    });
    const agent = staff.find((u) => u.email === 'agent@motors.example.com');
    console.log(`seeding ${CUSTOMERS.toLocaleString('en-US')} customers and ${MESSAGES.toLocaleString('en-US')} messages (set-based SQL)…`);
    const seed = await seedInboxAtScale({
      pool,
      companyId,
      ownerIds: staff.slice(0, 4).map((u) => Number(u.id)),
      readerIds: [admin.id, Number(agent?.id ?? admin.id)],
      customers: CUSTOMERS,
      messages: MESSAGES,
    });
    console.log(`seeded in ${seed.seconds.total} s (${seed.readStates.toLocaleString('en-US')} read states; FK triggers ${seed.fkTriggersSkipped ? 'skipped' : 'kept'})`);

    const app = await buildApp({ config: env.config, db: env.db, logger: false });
    const baseline = buildBaseline({ config: env.config, db: env.db });
    try {
      const bases: Record<TTarget, string> = {
        app: await app.listen({ host: '127.0.0.1', port: 0 }),
        baseline: await baseline.listen({ host: '127.0.0.1', port: 0 }),
      };
      const token = await signIn({ baseUrl: bases.app });
      const pagePaths = await collectPagePaths({ baseUrl: bases.app, token, pages: PAGES });

      // EXPLAIN first page (printed) and the later pages (summarised), with the SQL split of each.
      const analyses = [];
      for (const page of PAGES) {
        const cursor = new URL(pagePaths.get(page)!, 'http://x').searchParams.get('before');
        const queries = await captureInboxQueries({
          db: env.db,
          companyId,
          viewerId: admin.id,
          before: cursor ? decodeInboxCursor({ cursor }) : undefined,
        });
        analyses.push({ page, ...(await analyzeInboxSql({ pool, queries, page, print: page === 1 })) });
      }

      console.log(
        `\ndatabase postgres, ${CONNECTIONS} connections, ${ROUNDS} round(s) of ${SECONDS} s per target after ${WARMUP_SECONDS} s warm-up`,
      );
      const results: TEndpointResult[] = await compareEndpoints({
        endpoints: PAGES.map((page) => ({ name: `GET /api/customers page ${page} × ${ITEMS_PER_PAGE}`, paths: { app: pagePaths.get(page)!, baseline: pagePaths.get(page)! } })),
        bases,
        token,
      });

      console.log(`\n${formatEndpointTable({ results })}\n`);
      // One request at a time: the first page as served (count capped), the same with the full count the first
      // page used to run (`exactTotal=true`), a later page (no count) and the unread badge.
      const sequential = await measureSequential({
        baseUrl: bases.app,
        token,
        requests: SEQUENTIAL_REQUESTS,
        endpoints: [
          { name: 'page 1 (total capped)', path: pagePaths.get(1)! },
          // What the response compression (brotli for this fetch's Accept-Encoding) and the framework cost.
          { name: 'page 1, identity encoding', path: pagePaths.get(1)!, headers: { 'accept-encoding': 'identity' } },
          { name: 'page 1 on the bare baseline', path: pagePaths.get(1)!, baseUrl: bases.baseline },
          { name: 'page 1 with exactTotal=true', path: `${pagePaths.get(1)!}&exactTotal=true` },
          { name: 'page 10 (no total)', path: pagePaths.get(10)! },
          { name: 'GET /api/customers/read_state', path: '/api/customers/read_state' },
        ],
      });
      console.log(`${formatSequentialTable({ results: sequential })}\n`);
      console.log('ratio = app / baseline; the baseline runs the same listInbox statements (page, count, read states) after the same JWT check and user lookup');
      warnOnFailures({ results });
      console.log('\nSQL per request, median ms (p95) on one connection in the company scope:');
      console.log(
        formatTable({
          header: ['page', 'scope', 'page query', 'count(*)', 'read states', 'count share', 'count w/o RLS'],
          rows: analyses.map((a) => [
            String(a.page),
            ...(['scope', 'page', 'count', 'readStates'] as const).map((k) => `${a.split.medianMs[k].toFixed(2)} (${a.split.p95Ms[k].toFixed(2)})`),
            `${Math.round(a.split.countShareOfSql * 100)} %`,
            a.split.countWithoutRlsMedianMs === null ? 'n/a' : a.split.countWithoutRlsMedianMs.toFixed(2),
          ]),
        }),
      );
      console.log('\nplans (EXPLAIN ANALYZE):');
      for (const a of analyses) for (const name of ['page', 'count', 'readStates'] as const) console.log(`  page ${a.page} ${name}: ${describePlan({ plan: a.plans[name] })}`);

      const file = writeResultFile({
        name: 'inbox',
        report: {
          revision: env.config.revision,
          database: 'postgres',
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          rounds: ROUNDS,
          seed,
          results,
          sequential,
          sql: analyses,
        },
      });
      console.log(`written ${file}`);
    } finally {
      await app.close();
      await baseline.close();
    }
  } finally {
    await env.dispose();
  }
}
