import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDevStatsSchema, type TDevStats } from '@cd/contracts/dev-logs';
import { bearer, countStatements, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { runInScope } from '../../db/client';
import { bucketSecondsFor } from './stats.service';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let rootTok: string;

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = [await seedCompany(t.db), await seedCompany(t.db)];
  const root = await seedSuperAdmin(t.db);
  rootTok = (await login(t.app, root.email)).token;
});
afterAll(() => t.close());

const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);

type TCall = { companyId: number | null; vendor: string; status: number | null; durationMs: number; at: string };
async function insertCalls(calls: TCall[]) {
  const rows = calls.map((c) => ({ company_id: c.companyId, vendor: c.vendor, status: c.status, duration_ms: c.durationMs, created_at: c.at }));
  await system((tx) =>
    tx.execute(sql`
      insert into api_calls (company_id, vendor, operation, method, url, status, duration_ms, created_at)
      select company_id, vendor, 'op', 'POST', 'https://example.test/x', status, duration_ms, created_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(company_id bigint, vendor text, status int, duration_ms int, created_at timestamptz)`),
  );
}

async function insertWebhooks(rows: { companyId: number | null; verification: string; outcome: string; at: string }[]) {
  const json = rows.map((r) => ({ company_id: r.companyId, verification: r.verification, outcome: r.outcome, created_at: r.at }));
  await system((tx) =>
    tx.execute(sql`
      insert into webhook_requests (company_id, source, method, url, status, verification, outcome, created_at)
      select company_id, 'sms_provider', 'POST', '/api/webhooks/x', 200, verification, outcome, created_at
      from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as v(company_id bigint, verification text, outcome text, created_at timestamptz)`),
  );
}

async function stats(query: Record<string, string>, token = rootTok) {
  return t.app.inject({ method: 'GET', url: `/api/development/stats?${new URLSearchParams(query)}`, headers: bearer(token) });
}

async function statsOk(query: Record<string, string>): Promise<TDevStats> {
  const res = await stats(query);
  expect(res.statusCode, res.body).toBe(200);
  return ZDevStatsSchema.parse(res.json());
}

/** Each test reads its own day of 2020, so the rows of one never show in another's range. */
const day = (n: number, time = '00:00:00') => `2020-03-${String(n).padStart(2, '0')}T${time}Z`;

describe('GET /api/development/stats', () => {
  it('only super admins: company admin and agent 403, no token 401', async () => {
    const admin = (await login(t.app, a.admin.email)).token;
    const agent = (await login(t.app, a.agent.email)).token;
    expect((await stats({}, admin)).statusCode).toBe(403);
    expect((await stats({}, agent)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/development/stats' })).statusCode).toBe(401);
  });

  it('refuses bad input with 400/422, never 500', async () => {
    expect((await stats({ from: day(2, '06:00:00'), to: day(2, '05:00:00') })).statusCode).toBe(422);
    expect((await stats({ from: day(2), to: day(2) })).statusCode).toBe(422);
    const tooLong = await stats({ from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:01Z' });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().violations[0].propertyPath).toBe('to');
    for (const q of <Record<string, string>[]>[
      { from: 'yesterday' },
      { to: '2020-13-40T00:00:00Z' },
      { company: 'abc' },
      { company: '-1' },
      { vendor: 'Bad Vendor!' },
      { nope: '1' },
    ]) {
      const res = await stats(q);
      expect([400, 422], JSON.stringify(q)).toContain(res.statusCode);
    }
    // Exactly 31 days is allowed.
    expect((await stats({ from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:00Z' })).statusCode).toBe(200);
  });

  it('defaults to the last 24 hours in hourly buckets', async () => {
    const before = Date.now();
    const s = await statsOk({});
    const to = new Date(s.to).getTime();
    expect(to).toBeGreaterThanOrEqual(before - 1000);
    expect(to - new Date(s.from).getTime()).toBe(86_400_000);
    expect(s.bucketSeconds).toBe(3600);
    expect(s.series.length).toBeGreaterThanOrEqual(24);
    expect(s.series.length).toBeLessThanOrEqual(25);
  });

  it('figures per vendor and per company: calls, errors by the contract rule, error rate, calls/min, p50/p95', async () => {
    const v1 = `stats_a_${Date.now() % 100000}`;
    const v2 = `stats_b_${Date.now() % 100000}`;
    const at = (m: number) => day(3, `01:${String(m).padStart(2, '0')}:00`);
    // v1 for company a: ten calls of 10..100 ms; errors: no answer, 500, 403 (404/409/422 and 2xx are not errors).
    const statuses = [200, 201, null, 500, 403, 404, 409, 422, 200, 200];
    await insertCalls(statuses.map((status, i) => ({ companyId: a.companyId, vendor: v1, status, durationMs: (i + 1) * 10, at: at(i) })));
    // v2: two calls of no company, one of company b.
    await insertCalls([
      { companyId: null, vendor: v2, status: 200, durationMs: 1000, at: at(20) },
      { companyId: null, vendor: v2, status: 502, durationMs: 3000, at: at(21) },
      { companyId: b.companyId, vendor: v2, status: 200, durationMs: 2000, at: at(22) },
    ]);
    const s = await statsOk({ from: day(3), to: day(3, '06:00:00') });
    expect(s.bucketSeconds).toBe(60);
    expect(s.total).toMatchObject({ calls: 13, errors: 4 });
    expect(s.total.callsPerMinute).toBeCloseTo(13 / 360, 3);
    const one = s.byVendor.find((v) => v.vendor === v1)!;
    expect(one).toMatchObject({ calls: 10, errors: 3, errorRate: 0.3, p50Ms: 55, p95Ms: 95.5 });
    expect(one.callsPerMinute).toBeCloseTo(10 / 360, 3);
    expect(s.byVendor.find((v) => v.vendor === v2)).toMatchObject({ calls: 3, errors: 1, p50Ms: 2000, p95Ms: 2900 });
    // Busiest first.
    expect(s.byVendor.map((v) => v.vendor)).toEqual([v1, v2]);
    expect(s.byCompany.find((c) => c.companyId === a.companyId)).toMatchObject({ calls: 10, errors: 3, companyName: `Company ${a.slug}` });
    expect(s.byCompany.find((c) => c.companyId === b.companyId)).toMatchObject({ calls: 1, errors: 0, companyName: `Company ${b.slug}` });
    expect(s.byCompany.find((c) => c.companyId === null)).toMatchObject({ calls: 2, errors: 1, companyName: null });

    const onlyB = await statsOk({ from: day(3), to: day(3, '06:00:00'), company: String(b.companyId) });
    expect(onlyB.total).toMatchObject({ calls: 1, errors: 0 });
    expect(onlyB.byVendor).toEqual([expect.objectContaining({ vendor: v2, calls: 1 })]);
    const onlyV2 = await statsOk({ from: day(3), to: day(3, '06:00:00'), vendor: v2 });
    expect(onlyV2.total).toMatchObject({ calls: 3, errors: 1 });
    expect(onlyV2.byCompany).toHaveLength(2);
  });

  it('answers zeroes and nulls over an empty range', async () => {
    const s = await statsOk({ from: day(4), to: day(4, '01:00:00') });
    expect(s.total).toEqual({ calls: 0, errors: 0, errorRate: 0, callsPerMinute: 0, p50Ms: null, p95Ms: null });
    expect(s.byVendor).toEqual([]);
    expect(s.byCompany).toEqual([]);
    expect(s.webhooks).toEqual({ received: 0, rejected: 0, failed: 0 });
    expect(s.series).toHaveLength(60);
    expect(s.series.every((p) => p.calls === 0 && p.p95Ms === null)).toBe(true);
  });

  it('a time series with every bucket of the range, aligned on whole minutes, hours or days', async () => {
    const vendor = `stats_series_${Date.now() % 100000}`;
    await insertCalls([
      { companyId: a.companyId, vendor, status: 200, durationMs: 10, at: day(5, '02:03:10') },
      { companyId: a.companyId, vendor, status: 200, durationMs: 30, at: day(5, '02:03:50') },
      { companyId: a.companyId, vendor, status: 503, durationMs: 50, at: day(5, '02:05:00') },
    ]);
    const minutes = await statsOk({ from: day(5, '02:00:30'), to: day(5, '02:10:00'), vendor });
    expect(minutes.bucketSeconds).toBe(60);
    expect(minutes.series[0]!.at).toBe('2020-03-05T02:00:00.000Z');
    expect(minutes.series).toHaveLength(10);
    expect(minutes.series[3]).toEqual({ at: '2020-03-05T02:03:00.000Z', calls: 2, errors: 0, p95Ms: 29 });
    expect(minutes.series[5]).toEqual({ at: '2020-03-05T02:05:00.000Z', calls: 1, errors: 1, p95Ms: 50 });
    const hours = await statsOk({ from: day(5), to: day(7), vendor });
    expect(hours.bucketSeconds).toBe(3600);
    expect(hours.series).toHaveLength(48);
    expect(hours.series[2]).toMatchObject({ at: '2020-03-05T02:00:00.000Z', calls: 3, errors: 1 });
    const days = await statsOk({ from: day(1), to: day(15), vendor });
    expect(days.bucketSeconds).toBe(86_400);
    expect(days.series).toHaveLength(14);
    expect(days.series[4]).toMatchObject({ at: '2020-03-05T00:00:00.000Z', calls: 3 });
    expect(bucketSecondsFor(6 * 3_600_000)).toBe(60);
    expect(bucketSecondsFor(6 * 3_600_000 + 1)).toBe(3600);
    expect(bucketSecondsFor(7 * 86_400_000)).toBe(3600);
    expect(bucketSecondsFor(7 * 86_400_000 + 1)).toBe(86_400);
  });

  it('counts webhooks received, rejected (failed verification) and failed (handler error) in the range', async () => {
    await insertWebhooks([
      { companyId: a.companyId, verification: 'valid', outcome: 'processed', at: day(8, '01:00:00') },
      { companyId: a.companyId, verification: 'duplicate', outcome: 'ignored', at: day(8, '01:00:01') },
      { companyId: a.companyId, verification: 'bad_signature', outcome: 'ignored', at: day(8, '01:00:02') },
      { companyId: null, verification: 'unknown_company', outcome: 'ignored', at: day(8, '01:00:03') },
      { companyId: b.companyId, verification: 'valid', outcome: 'failed', at: day(8, '01:00:04') },
      { companyId: b.companyId, verification: 'valid', outcome: 'processed', at: day(9, '01:00:00') },
    ]);
    expect((await statsOk({ from: day(8), to: day(9) })).webhooks).toEqual({ received: 5, rejected: 2, failed: 1 });
    expect((await statsOk({ from: day(8), to: day(9), company: String(b.companyId) })).webhooks).toEqual({ received: 1, rejected: 0, failed: 1 });
  });

  it('the job queue now: due, scheduled, running, failed, and the oldest due job, by kind', async () => {
    const kind = `stats-queue-${Date.now()}`;
    await system((tx) =>
      tx.execute(sql`
        insert into outbox_jobs (company_id, kind, payload, run_at, locked_until, done_at, last_error) values
          (${a.companyId}, ${kind}, '{}', now() - interval '120 seconds', null, null, null),
          (${a.companyId}, ${kind}, '{}', now() - interval '1 second', null, null, 'timeout'),
          (${a.companyId}, ${kind}, '{}', now() + interval '1 day', null, null, null),
          (${a.companyId}, ${kind}, '{}', now() - interval '5 seconds', now() + interval '1 minute', null, null),
          (${a.companyId}, ${kind}, '{}', now() - interval '1 hour', null, now() - interval '1 minute', 'gave up: 500'),
          (${a.companyId}, ${kind}, '{}', now() - interval '3 days', null, now() - interval '2 days', 'gave up: old'),
          (${a.companyId}, ${kind}, '{}', now() - interval '1 hour', null, now(), null)`),
    );
    try {
      const s = await statsOk({ from: day(10), to: day(11) });
      const mine = s.queue.byKind.find((k) => k.kind === kind)!;
      expect(mine.due).toBe(2);
      expect(mine.oldestDueAgeSeconds).toBeGreaterThanOrEqual(119);
      expect(s.queue.due).toBeGreaterThanOrEqual(2);
      expect(s.queue.scheduled).toBeGreaterThanOrEqual(1);
      expect(s.queue.running).toBeGreaterThanOrEqual(1);
      expect(s.queue.failed).toBeGreaterThanOrEqual(1);
      expect(s.queue.oldestDueAgeSeconds).toBeGreaterThanOrEqual(119);
    } finally {
      await system((tx) => tx.execute(sql`delete from outbox_jobs where kind = ${kind}`));
    }
  });

  it('runs the same number of statements over an empty range and a busy one', async () => {
    const vendor = `stats_count_${Date.now() % 100000}`;
    await insertCalls(
      Array.from({ length: 300 }, (_, i) => ({
        companyId: i % 3 === 0 ? null : i % 3 === 1 ? a.companyId : b.companyId,
        vendor: `${vendor}_${i % 7}`,
        status: i % 5 === 0 ? 500 : 200,
        durationMs: i,
        at: new Date(Date.parse(day(12)) + i * 60_000).toISOString(),
      })),
    );
    const empty = await countStatements(t, () => statsOk({ from: day(13), to: day(14) }));
    const busy = await countStatements(t, () => statsOk({ from: day(12), to: day(13) }));
    expect(busy).toBe(empty);
    const s = await statsOk({ from: day(12), to: day(13) });
    expect(s.total.calls).toBe(300);
    expect(s.byVendor).toHaveLength(7);
    expect(s.byCompany).toHaveLength(3);
  });
});
