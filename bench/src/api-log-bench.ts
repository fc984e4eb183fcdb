import { pathToFileURL } from 'node:url';
/**
 * The outgoing API log (issue 20): (1) what logging costs the send path, the Twilio client sending to a local fake
 * with and without the log's writer installed, rounds interleaved in one run; (2) the log's list queries over a
 * PostgreSQL table of BENCH_API_LOG_ROWS rows (default 5M, made with generate_series), p95 of: newest page, vendor
 * filter, company filter, and text searches `q` (trigram indexes of migration 0042). Run: `npx tsx src/api-log-bench.ts` (PostgreSQL at
 * BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; a scratch database is created and dropped).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendTwilioMessage } from '@cd/server/src/channels/sms-provider/twilio-client';
import { createDatabase, runInScope, type TDatabase } from '@cd/server/src/db/client';
import { migrateDatabase } from '@cd/server/src/db/migrate';
import { apiCallWriterOf } from '@cd/server/src/jobs/ops-log-purge';
import { flushOutsideCalls, installOutsideCallSink } from '@cd/server/src/lib/outside-calls/recorder';
import { listApiCalls, type TApiCallFilter } from '@cd/server/src/modules/development/api-requests.repository';
import { writeResultFile } from './results';
import { DEFAULT_POSTGRES_URL } from './setup';
import { formatTable, nowMs, ratioOf, roundTo, summarizeLatencies } from './stats';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
const ROWS = Number(process.env.BENCH_API_LOG_ROWS ?? 5_000_000);
const SENDS = Number(process.env.BENCH_API_LOG_SENDS ?? 2000);
const CONCURRENCY = 8;
const ROUNDS = 3;
const QUERY_RUNS = Number(process.env.BENCH_API_LOG_QUERY_RUNS ?? 30);
const SYSTEM = { companyId: null, system: true } as const;

async function scratchDatabase(): Promise<{ db: TDatabase; drop: () => Promise<void> }> {
  const name = `bench_apilog_${randomBytes(4).toString('hex')}`;
  const admin = await createDatabase({ databaseUrl: DATABASE_URL, poolSize: 1 });
  await admin.exec(`create database ${name}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const db = await createDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  await migrateDatabase(db);
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

async function startFakeTwilio(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** Sends/s of SENDS messages, CONCURRENCY at a time, through the real Twilio client (requestProvider). */
async function sendRound(baseUrl: string): Promise<number> {
  const creds = { accountSid: 'ACbench', authToken: 'bench-auth-token-123456', baseUrl };
  let next = 0;
  const started = nowMs();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SENDS) {
        next++;
        await sendTwilioMessage({ creds, from: '+15555550100', to: '+15555550123', body: 'Your car is ready for pick-up. Reply STOP to opt out.' });
      }
    }),
  );
  return SENDS / ((nowMs() - started) / 1000);
}

async function benchSendPath(db: TDatabase) {
  const fake = await startFakeTwilio();
  const off: number[] = [];
  const on: number[] = [];
  try {
    await sendRound(fake.url); // warm-up
    for (let i = 0; i < ROUNDS; i++) {
      off.push(await sendRound(fake.url));
      const remove = installOutsideCallSink({ write: apiCallWriterOf(db) });
      on.push(await sendRound(fake.url));
      await flushOutsideCalls();
      await remove();
    }
  } finally {
    await fake.close();
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    withoutLog: roundTo({ value: mean(off), digits: 0 }),
    withLog: roundTo({ value: mean(on), digits: 0 }),
    ratio: ratioOf({ ours: mean(on), baseline: mean(off) }),
  };
}

/** The text-search indexes of migration 0042: dropped while the table is filled in bulk, built again after (timed). */
const TRGM_INDEXES: ReadonlyArray<[string, string]> = [
  ['api_calls_url_trgm_idx', 'using gin (url gin_trgm_ops)'],
  ['api_calls_operation_trgm_idx', 'using gin (operation gin_trgm_ops)'],
  ['api_calls_error_trgm_idx', 'using gin (error gin_trgm_ops) where error is not null'],
  ['api_calls_request_body_trgm_idx', 'using gin (request_body gin_trgm_ops) where request_body is not null'],
  ['api_calls_response_body_trgm_idx', 'using gin (response_body gin_trgm_ops) where response_body is not null'],
];

async function fillLog(db: TDatabase): Promise<{ fillSeconds: number; indexSeconds: number }> {
  await db.exec('truncate api_calls');
  for (const [name] of TRGM_INDEXES) await db.exec(`drop index if exists ${name}`);
  const chunk = 500_000;
  const started = nowMs();
  for (let from = 1; from <= ROWS; from += chunk) {
    const to = Math.min(ROWS, from + chunk - 1);
    // Spread over 14 days, newest last; 12 vendors, 500 companies (5 % of calls of no company), 3 % errors.
    await db.exec(`
      insert into api_calls (company_id, vendor, operation, method, url, status, duration_ms, error, request_headers,
                             request_body, response_headers, response_body, subject_type, subject_id, created_at)
      select case when g % 20 = 0 then null else 1 + g % 500 end,
             (array['twilio','whatsapp','viber','sms_gateway','dealertrack','cdk','usaepay','next_variant','url_fetch','twilio','twilio','whatsapp'])[1 + g % 12],
             'messages.create', 'POST',
             'https://api.twilio.com/2010-04-01/Accounts/AC' || (g % 500) || '/Messages.json',
             case when g % 33 = 0 then 503 when g % 29 = 0 then 400 else 201 end,
             50 + g % 400,
             case when g % 33 = 0 then 'HTTP 503' when g % 29 = 0 then 'HTTP 400' end,
             '{"authorization":"[redacted]","content-type":"application/x-www-form-urlencoded"}'::jsonb,
             'To=%2B1555' || lpad((g % 10000000)::text, 7, '0') || '&From=%2B15555550100&Body=Your+car+number+' || g || '+is+ready',
             '{"content-type":"application/json"}'::jsonb,
             '{"sid":"SM' || md5(g::text) || '","status":"queued"}',
             'message', g,
             now() - interval '14 days' + (g::double precision / ${ROWS}) * interval '14 days'
      from generate_series(${from}, ${to}) g`);
  }
  const filled = nowMs();
  await db.exec("set maintenance_work_mem = '256MB'");
  for (const [name, def] of TRGM_INDEXES) await db.exec(`create index ${name} on api_calls ${def}`);
  await db.exec('analyze api_calls');
  return { fillSeconds: roundTo({ value: (filled - started) / 1000, digits: 1 }), indexSeconds: roundTo({ value: (nowMs() - filled) / 1000, digits: 1 }) };
}

async function benchQueries(db: TDatabase) {
  const dayAgo = new Date(Date.now() - 86_400_000);
  const cases: Array<[string, TApiCallFilter]> = [
    ['newest page', {}],
    ['vendor filter (viber)', { vendor: 'viber' }],
    ['company filter', { companyId: 137 }],
    ['q in a 24 h range (rare: one message number)', { q: `number+${ROWS - 12345}+`, from: dayAgo }],
    ['q in a 24 h range (common: "ready")', { q: 'ready', from: dayAgo }],
    ['q over all 14 days (rare: one message number)', { q: `number+${Math.floor(ROWS / 3)}+` }],
    ['q over all 14 days (no match, LIKE wildcards escaped: "zzz%_\\")', { q: 'zzz%_\\' }],
    ['4xx in a 24 h range', { statusClass: '4xx', from: dayAgo }],
  ];
  const rows: Array<{ query: string; p50Ms: number; p95Ms: number }> = [];
  for (const [name, filter] of cases) {
    const times: number[] = [];
    for (let i = 0; i < QUERY_RUNS + 3; i++) {
      const started = nowMs();
      await runInScope(db, SYSTEM, (tx) => listApiCalls(tx, { filter, limit: 50 }));
      if (i >= 3) times.push(nowMs() - started);
    }
    const f = summarizeLatencies({ values: times });
    rows.push({ query: name, p50Ms: f.p50Ms, p95Ms: f.p95Ms });
  }
  return rows;
}

/** `npm run bench -- api-log` (PostgreSQL): logging overhead on the send path and log searches over 5M rows. */
export async function runApiLogBenchmark(): Promise<void> {
  // BENCH_API_LOG_REUSE=<database>: only the queries, over a filled database a previous run left (kept afterwards).
  const reuse = process.env.BENCH_API_LOG_REUSE;
  if (reuse) {
    const url = new URL(DATABASE_URL);
    url.pathname = `/${reuse}`;
    const db = await createDatabase({ databaseUrl: url.toString(), poolSize: 10 });
    try {
      await migrateDatabase(db);
      const queries = await benchQueries(db);
      console.log(formatTable({ header: ['query', 'p50 ms', 'p95 ms'], rows: queries.map((q) => [q.query, String(q.p50Ms), String(q.p95Ms)]) }));
      console.log(`written ${writeResultFile({ name: 'api-log-queries', report: { rows: ROWS, reusedDatabase: reuse, queries } })}`);
    } finally {
      await db.close();
    }
    return;
  }
  const { db, drop } = await scratchDatabase();
  try {
    const send = await benchSendPath(db);
    console.log(
      formatTable({
        header: ['sends/s without log', 'sends/s with log', 'ratio'],
        rows: [[String(send.withoutLog), String(send.withLog), String(send.ratio)]],
      }),
    );
    const { fillSeconds, indexSeconds } = await fillLog(db);
    console.log(`filled ${ROWS} rows in ${fillSeconds} s, trigram indexes built in ${indexSeconds} s`);
    const queries = await benchQueries(db);
    console.log(formatTable({ header: ['query', 'p50 ms', 'p95 ms'], rows: queries.map((q) => [q.query, String(q.p50Ms), String(q.p95Ms)]) }));
    const file = writeResultFile({
      name: 'api-log',
      report: { sends: SENDS, concurrency: CONCURRENCY, rounds: ROUNDS, send, rows: ROWS, fillSeconds, indexSeconds, queries },
    });
    console.log(`written ${file}`);
  } finally {
    await drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runApiLogBenchmark();
