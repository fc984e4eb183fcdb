import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import { drizzle } from 'drizzle-orm/node-postgres';
import { surveyDateRangeOf, SURVEYS_PER_PAGE } from '@cd/contracts/survey';
import { buildApp } from '@cd/server/src/app';
import type { TConfig } from '@cd/server/src/config';
import { runInScope, type TDatabase, type TTx } from '@cd/server/src/db/client';
import { findCompany } from '@cd/server/src/modules/companies/companies.repository';
import * as read from '@cd/server/src/modules/surveys/surveys-read.repository';
import { findAuthUsers, findUserByEmail } from '@cd/server/src/modules/users/users.repository';
import { poolOf, runOnConnection } from './pg-pool';
import { writeResultFile } from './results';
import { BENCH_ADMIN_EMAIL, prepareEnvironment, signIn } from './setup';
import { formatTable, nowMs, ratioOf, roundTo, summarizeLatencies, type TLatencyFigures } from './stats';
import { seedSurveysAtScale } from './survey-seed';

const SURVEYS = Number(process.env.BENCH_SURVEYS ?? 200_000);
const CUSTOMERS = Number(process.env.BENCH_SURVEY_CUSTOMERS ?? 40_000);
/** Sequential requests per endpoint and target (after WARMUP), app and baseline interleaved. */
const REQUESTS = Number(process.env.BENCH_SURVEY_REQUESTS ?? 200);
const WARMUP = 20;
const SYSTEM = { companyId: null, system: true } as const;

/**
 * The same database work as the survey routes through the same read-repository functions (identical SQL), with none
 * of the framework: the JWT check and user lookup, the company's time zone (a transaction of its own, as the service
 * reads it), then the list page and its count, or the two stats statements, in one company-scope transaction.
 */
function buildSurveyBaseline(opts: { config: TConfig; db: TDatabase }): FastifyInstance {
  const { config, db } = opts;
  const app = Fastify({ logger: false });
  async function companyOf(request: FastifyRequest): Promise<{ companyId: number; timeZone: string } | undefined> {
    const m = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    if (!m) return undefined;
    const { payload } = await jwtVerify(m[1]!, config.jwtSecret, { algorithms: ['HS256'] });
    const [user] = await runInScope(db, SYSTEM, (tx) => findAuthUsers(tx, { id: Number(payload.sub) }));
    if (!user?.companyId) return undefined;
    const companyId = user.companyId;
    const company = await runInScope(db, { companyId }, (tx) => findCompany(tx, companyId));
    return company ? { companyId, timeZone: company.timezone } : undefined;
  }
  app.get('/api/surveys', async (request, reply) => {
    const who = await companyOf(request);
    if (!who) return reply.status(401).send({ error: 'unauthorized' });
    const q = request.query as Record<string, string | undefined>;
    const resolved = q['exists[resolvedAt]'] === undefined ? undefined : q['exists[resolvedAt]'] === 'true';
    const filter: read.TSurveyFilter = { companyId: who.companyId, resolved };
    return runInScope(db, { companyId: who.companyId }, async (tx) => {
      const rows = await read.listSurveys(tx, { filter, limit: SURVEYS_PER_PAGE });
      return { rows, total: await read.countSurveys(tx, { filter }) };
    });
  });
  app.get('/api/surveys/stats', async (request, reply) => {
    const who = await companyOf(request);
    if (!who) return reply.status(401).send({ error: 'unauthorized' });
    const q = request.query as { from: string; to: string };
    const range = { companyId: who.companyId, from: new Date(q.from), to: new Date(q.to), timeZone: who.timeZone };
    return runInScope(db, { companyId: who.companyId }, (tx) => read.surveyStats(tx, range));
  });
  return app;
}

async function timeRequest(opts: { url: string; token: string }): Promise<number> {
  const t0 = nowMs();
  const res = await fetch(opts.url, { headers: { authorization: `Bearer ${opts.token}` } });
  await res.arrayBuffer();
  const ms = nowMs() - t0;
  if (res.status !== 200) throw new Error(`${opts.url} answered ${res.status}`);
  return ms;
}

interface TSingleResult {
  name: string;
  path: string;
  baseline: TLatencyFigures;
  app: TLatencyFigures;
  ratio: { p50: number; p95: number };
}

/** One request at a time, app and baseline alternating (the first of each pair alternates too), after a warm-up. */
async function measureSequential(opts: { name: string; path: string; bases: Record<'app' | 'baseline', string>; token: string }): Promise<TSingleResult> {
  const { bases, token, path } = opts;
  const samples = { app: [] as number[], baseline: [] as number[] };
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const order = i % 2 === 0 ? (['app', 'baseline'] as const) : (['baseline', 'app'] as const);
    for (const target of order) {
      const ms = await timeRequest({ url: bases[target] + path, token });
      if (i >= WARMUP) samples[target].push(ms);
    }
  }
  const app = summarizeLatencies({ values: samples.app });
  const baseline = summarizeLatencies({ values: samples.baseline });
  return {
    name: opts.name,
    path,
    app,
    baseline,
    ratio: { p50: ratioOf({ ours: app.p50Ms, baseline: baseline.p50Ms }), p95: ratioOf({ ours: app.p95Ms, baseline: baseline.p95Ms }) },
  };
}

/** EXPLAIN ANALYZE of the statements `fn` sends (PostgreSQL), in the company scope, rolled back. */
async function explainStatements(opts: { db: TDatabase; companyId: number; fn: (tx: TTx) => Promise<unknown> }): Promise<string[]> {
  const captured: { text: string; params: unknown[] }[] = [];
  const logged = drizzle({ client: poolOf({ db: opts.db }) as never, logger: { logQuery: (text, params) => void captured.push({ text, params }) } });
  await runInScope({ ...opts.db, drizzle: logged, scopedTransaction: undefined }, { companyId: opts.companyId }, opts.fn);
  const scope = captured.find((c) => c.text.includes('set_config('))!;
  const statements = captured.filter((c) => c.text.toLowerCase().includes('from "surveys"'));
  return runOnConnection({
    pool: poolOf({ db: opts.db }),
    rollback: true,
    fn: async (client) => {
      await client.query(scope.text, scope.params);
      const out: string[] = [];
      for (const s of statements) {
        const plan = await client.query(`explain (analyze, buffers) ${s.text}`, s.params);
        out.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return out;
    },
  });
}

/**
 * Surveys at scale: GET /api/surveys/stats (month to date, year to date) and the first page of GET /api/surveys
 * (default filters, unresolved) one request at a time, against the bare baseline running the same SQL.
 */
export async function runSurveyBenchmark(opts: { databaseUrl?: string }): Promise<void> {
  const env = await prepareEnvironment({ databaseUrl: opts.databaseUrl, extraUsers: 0 });
  try {
    const admin = await runInScope(env.db, SYSTEM, (tx) => findUserByEmail(tx, BENCH_ADMIN_EMAIL));
    if (!admin?.companyId) throw new Error(`${BENCH_ADMIN_EMAIL} is missing from the seed`);
    const companyId = admin.companyId;
    const company = (await runInScope(env.db, SYSTEM, (tx) => findCompany(tx, companyId)))!;
    const advisor = await runInScope(env.db, SYSTEM, (tx) => findUserByEmail(tx, 'agent@motors.example.com'));
    console.log(`seeding ${SURVEYS.toLocaleString('en-US')} surveys over two years on ${env.db.kind} (set-based SQL)…`);
    const seed = await seedSurveysAtScale({
      db: env.db,
      companyId,
      adminId: admin.id,
      advisorId: advisor?.id ?? admin.id,
      customers: CUSTOMERS,
      surveys: SURVEYS,
    });
    console.log(`seeded in ${seed.seconds} s: ${JSON.stringify(seed)}`);

    const app = await buildApp({ config: env.config, db: env.db, logger: false });
    const baseline = buildSurveyBaseline({ config: env.config, db: env.db });
    try {
      const bases = { app: await app.listen({ host: '127.0.0.1', port: 0 }), baseline: await baseline.listen({ host: '127.0.0.1', port: 0 }) };
      const token = await signIn({ baseUrl: bases.app });
      const now = new Date();
      const range = (preset: 'month_to_date' | 'year_to_date') => surveyDateRangeOf({ preset, now, timeZone: company.timezone });
      const statsPath = (r: { from: Date; to: Date }) =>
        `/api/surveys/stats?from=${encodeURIComponent(r.from.toISOString())}&to=${encodeURIComponent(r.to.toISOString())}`;
      const endpoints = [
        { name: 'GET /api/surveys/stats month to date', path: statsPath(range('month_to_date')) },
        { name: 'GET /api/surveys/stats year to date', path: statsPath(range('year_to_date')) },
        { name: 'GET /api/surveys first page (30)', path: '/api/surveys' },
        { name: 'GET /api/surveys unresolved first page', path: '/api/surveys?exists%5BresolvedAt%5D=false' },
      ];
      if (env.db.kind === 'postgres') {
        const explained: [string, (tx: TTx) => Promise<unknown>][] = [
          ...(['month_to_date', 'year_to_date'] as const).map(
            (preset) =>
              [`stats ${preset}`, (tx: TTx) => read.surveyStats(tx, { companyId, ...range(preset), timeZone: company.timezone })] as [
                string,
                (tx: TTx) => Promise<unknown>,
              ],
          ),
          ...([undefined, false] as const).map(
            (resolved) =>
              [
                `list resolved=${String(resolved)}`,
                async (tx: TTx) => {
                  await read.listSurveys(tx, { filter: { companyId, resolved }, limit: SURVEYS_PER_PAGE });
                  await read.countSurveys(tx, { filter: { companyId, resolved } });
                },
              ] as [string, (tx: TTx) => Promise<unknown>],
          ),
        ];
        for (const [name, fn] of explained) {
          const plans = await explainStatements({ db: env.db, companyId, fn });
          console.log(`\nEXPLAIN (ANALYZE, BUFFERS) ${name}:\n${plans.join('\n\n')}`);
        }
      }
      console.log(`\ndatabase ${env.db.kind}, ${REQUESTS} sequential requests per target after ${WARMUP} warm-up, app and baseline interleaved`);
      const results: TSingleResult[] = [];
      for (const e of endpoints) {
        results.push(await measureSequential({ ...e, bases, token }));
        console.log(`  ${e.name}: done`);
      }
      console.log(
        `\n${formatTable({
          header: ['endpoint', 'base p50', 'app p50', 'p50 ratio', 'base p95', 'app p95', 'p95 ratio'],
          rows: results.map((r) => [
            r.name,
            r.baseline.p50Ms.toFixed(2),
            r.app.p50Ms.toFixed(2),
            r.ratio.p50.toFixed(2),
            r.baseline.p95Ms.toFixed(2),
            r.app.p95Ms.toFixed(2),
            r.ratio.p95.toFixed(2),
          ]),
        })}\n`,
      );
      console.log('ms per request, one at a time; ratio = app / baseline (the baseline runs the same read-repository SQL)');
      const file = writeResultFile({
        name: `surveys-${env.db.kind}`,
        report: {
          revision: env.config.revision,
          database: env.db.kind,
          requests: REQUESTS,
          warmup: WARMUP,
          seed,
          results: results.map((r) => ({ ...r, app: r.app, baseline: r.baseline })),
        },
      });
      console.log(`written ${file} (${roundTo({ value: SURVEYS / 1000 })}k surveys)`);
    } finally {
      await app.close();
      await baseline.close();
    }
  } finally {
    await env.dispose();
  }
}
