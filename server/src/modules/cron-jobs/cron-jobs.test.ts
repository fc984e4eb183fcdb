import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRON_JOB_MESSAGES } from '@cd/contracts/cron-jobs';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { REPORT_TOGGLE_MESSAGE } from './cron-jobs.service';

let t: TTestApp;
let call: ReturnType<typeof caller>;
let s: TSeededCompany;
let root: string;
let companyAdmin: string;
let agent: string;

const sqlRun = (query: ReturnType<typeof sql>) =>
  runInScope(t.db, { companyId: null, system: true }, async (tx) => (await tx.execute(query)).rows as Record<string, unknown>[]);

const RECURRING = {
  type: 'recurring',
  kind: 'usage_and_response_time',
  period: 'last_7_days',
  schedule: { frequency: 'weekly', weekdays: ['monday'], time: '07:00' },
  recipients: ['manager@dealer.example'],
};

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  s = await seedCompany(t.db, { modules: { automotive: true } });
  await sqlRun(sql`update companies set timezone = 'Europe/Sarajevo' where id = ${s.companyId}`);
  const superAdmin = await seedSuperAdmin(t.db);
  root = (await login(t.app, superAdmin.email)).token;
  companyAdmin = (await login(t.app, s.admin.email)).token;
  agent = (await login(t.app, s.agent.email)).token;
});
afterAll(() => t.close());

describe('access and input', () => {
  it('is for super admins: company admins and agents get 403 on every route', async () => {
    for (const token of [companyAdmin, agent])
      for (const [method, url, body] of [
        ['GET', '/api/cron_jobs', undefined],
        ['GET', '/api/cron_jobs/payment_reconcile', undefined],
        ['PATCH', '/api/cron_jobs/payment_reconcile', { enabled: false }],
        ['POST', '/api/cron_jobs/payment_reconcile/run', {}],
        ['GET', '/api/cron_jobs/payment_reconcile/runs', undefined],
      ] as const) {
        const res = await call(method, url, token, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
  });

  it('answers 404 for an unknown job or report, 400/422 for bad input, never 500', async () => {
    for (const name of ['nope', 'report:999999999', 'report:abc', 'report:0'])
      expect((await call('GET', `/api/cron_jobs/${name}`, root)).statusCode, name).toBe(404);
    expect((await call('POST', '/api/cron_jobs/nope/run', root, {})).statusCode).toBe(404);
    expect((await call('GET', '/api/cron_jobs/nope/runs', root)).statusCode).toBe(404);
    expect((await call('GET', '/api/cron_jobs/Bad%20Name', root)).statusCode).toBe(400);
    for (const body of [{}, { enabled: 'yes' }, { enabled: true, extra: 1 }]) {
      const res = await call('PATCH', '/api/cron_jobs/payment_reconcile', root, body);
      expect([400, 422], JSON.stringify(body)).toContain(res.statusCode);
    }
    for (const q of ['startedAt[strictly_before]=yesterday', 'id[lt]=-1', 'foo=1'])
      expect([400, 422], q).toContain((await call('GET', `/api/cron_jobs/payment_reconcile/runs?${q}`, root)).statusCode);
  });
});

describe('registry', () => {
  it('lists every registry job with its schedule, zone, policy and next slot, then recurring reports with their company', async () => {
    const created = await call('POST', '/api/reports', companyAdmin, RECURRING);
    expect(created.statusCode, created.body).toBe(201);
    const reportId = created.json().id as number;
    const res = await call('GET', '/api/cron_jobs', root);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body['@type']).toBe('Collection');
    expect(body.totalItems).toBe(body.member.length);
    const byName = new Map(body.member.map((j: { name: string }) => [j.name, j]));
    expect(byName.get('analytics_close_days')).toMatchObject({
      kind: 'system',
      cron: '25 * * * *',
      timeZone: 'UTC',
      scheduleText: 'Every hour at minute 25',
      enabled: true,
      missedSlots: 'catch_up',
      companyId: null,
    });
    expect(byName.get('vehicle-appraisal')).toMatchObject({ missedSlots: 'skip' });
    expect(byName.get(`report:${reportId}`)).toMatchObject({
      '@id': `/api/cron_jobs/report%3A${reportId}`,
      kind: 'report',
      cron: '0 7 * * 1',
      timeZone: 'Europe/Sarajevo',
      scheduleText: 'Every week on Mondays at 07:00 Europe/Sarajevo time',
      companyId: s.companyId,
      companyName: `Company ${s.slug}`,
      nextRunAt: created.json().nextRunAt,
      lastRun: null,
    });
    const one = await call('GET', `/api/cron_jobs/report:${reportId}`, root);
    expect(one.json()).toMatchObject({ name: `report:${reportId}`, kind: 'report' });
  });

  it('switches a job off and on; a recurring report has no switch here (422)', async () => {
    const off = await call('PATCH', '/api/cron_jobs/payment_refund_reconcile', root, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, nextRunAt: null });
    const run = await call('POST', '/api/cron_jobs/payment_refund_reconcile/run', root, {});
    expect(run.statusCode).toBe(409);
    expect(run.json().detail).toBe(CRON_JOB_MESSAGES.disabled);
    expect((await call('PATCH', '/api/cron_jobs/payment_refund_reconcile', root, { enabled: true })).json()).toMatchObject({ enabled: true });
    const created = await call('POST', '/api/reports', companyAdmin, RECURRING);
    const res = await call('PATCH', `/api/cron_jobs/report:${created.json().id}`, root, { enabled: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(REPORT_TOGGLE_MESSAGE);
  });
});

describe('run now', () => {
  it('starts one run (202, running), refuses a second while it runs (409), and records the outcome', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/api/cron_jobs/payment_request_expiry/run', root, {}),
      call('POST', '/api/cron_jobs/payment_request_expiry/run', root, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const started = (a.statusCode === 202 ? a : b).json();
    expect(started).toMatchObject({
      '@type': 'CronJobRun',
      job: 'payment_request_expiry',
      trigger: 'manual',
      outcome: 'running',
      slot: null,
      finishedAt: null,
    });
    expect(started.triggeredBy).toMatch(/@test\.example$/);
    expect((a.statusCode === 409 ? a : b).json().detail).toBe(CRON_JOB_MESSAGES.alreadyRunning);
    await t.app.deps.jobs.drain();
    const runs = (await call('GET', '/api/cron_jobs/payment_request_expiry/runs', root)).json();
    expect(runs.member[0]).toMatchObject({ id: started.id, outcome: 'succeeded', error: null });
    expect(runs.member[0].durationMs).toBeGreaterThanOrEqual(0);
    const job = (await call('GET', '/api/cron_jobs/payment_request_expiry', root)).json();
    expect(job.lastRun).toMatchObject({ id: started.id, outcome: 'succeeded' });
    // Done: it may run again.
    expect((await call('POST', '/api/cron_jobs/payment_request_expiry/run', root, {})).statusCode).toBe(202);
    await t.app.deps.jobs.drain();
  });

  it("runs a recurring report now through the reports' own run: a generated child is its run", async () => {
    const created = await call('POST', '/api/reports', companyAdmin, RECURRING);
    const name = `report:${created.json().id}`;
    const res = await call('POST', `/api/cron_jobs/${name}/run`, root, {});
    expect(res.statusCode, res.body).toBe(202);
    // The super admin belongs to no company, so the child names no creator (reports.created_by_id references a user of the company).
    expect(res.json()).toMatchObject({ job: name, outcome: 'running', triggeredBy: null });
    expect((await call('POST', `/api/cron_jobs/${name}/run`, root, {})).statusCode).toBe(409);
    const runs = (await call('GET', `/api/cron_jobs/${name}/runs`, root)).json();
    expect(runs.member).toHaveLength(1);
    expect((await call('GET', `/api/cron_jobs/${name}`, root)).json().lastRun).toMatchObject({ id: res.json().id });
  });
});

describe('history', () => {
  it('pages the runs newest first, 30 at a time, by startedAt and id', async () => {
    await sqlRun(sql`
      insert into cron_job_runs (job, trigger, slot, started_at, finished_at, duration_ms, outcome, process)
      select 'vehicle-appraisal', 'schedule', now() - make_interval(days => g), now() - make_interval(days => g), now() - make_interval(days => g), 5, 'succeeded', 'test'
      from generate_series(1, 35) g`);
    const first = (await call('GET', '/api/cron_jobs/vehicle-appraisal/runs', root)).json();
    expect(first.member).toHaveLength(30);
    expect(first.view.next).toBeTruthy();
    const second = (await call('GET', first.view.next, root)).json();
    expect(second.member.length).toBeGreaterThanOrEqual(5);
    const ids = [...first.member, ...second.member].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const starts = [...first.member, ...second.member].map((r: { startedAt: string }) => r.startedAt);
    expect([...starts].sort().reverse()).toEqual(starts);
  });
});
