import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_LIMITS, REPORT_MESSAGES } from '@cd/contracts/reports';
import { runInScope } from '../../db/client';
import { countStatements, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { REPORT_BUSY } from './reports.service';

let t: TTestApp;
let call: ReturnType<typeof caller>;
let s: TSeededCompany;
let other: TSeededCompany;
let admin: string;
let agent: string;
let otherAdmin: string;

const sqlRun = (query: ReturnType<typeof sql>) =>
  runInScope(t.db, { companyId: null, system: true }, async (tx) => (await tx.execute(query)).rows as Record<string, unknown>[]);

const ONE_TIME = { type: 'one_time', kind: 'usage_and_response_time', from: '2026-11-02', to: '2026-11-08' };
const RECURRING = {
  type: 'recurring',
  kind: 'usage_and_response_time',
  period: 'last_7_days',
  schedule: { frequency: 'weekly', weekdays: ['monday'], time: '07:00' },
  recipients: ['manager@dealer.example'],
};

async function create(body: Record<string, unknown>, token = admin) {
  const res = await call('POST', '/api/reports', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; '@id': string; status: string; from: string | null; to: string | null; nextRunAt: string | null };
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  s = await seedCompany(t.db, { modules: { automotive: true } });
  other = await seedCompany(t.db, { modules: { automotive: true } });
  await sqlRun(sql`update companies set timezone = 'Europe/Sarajevo' where id = ${s.companyId}`);
  admin = (await login(t.app, s.admin.email)).token;
  agent = (await login(t.app, s.agent.email)).token;
  otherAdmin = (await login(t.app, other.admin.email)).token;
});
afterAll(() => t.close());

describe('access', () => {
  it('is for company admins: a plain agent gets 403 on every route, no token 401', async () => {
    const mine = await create(ONE_TIME);
    for (const [method, url, body] of [
      ['GET', '/api/reports', undefined],
      ['POST', '/api/reports', ONE_TIME],
      ['GET', `/api/reports/${mine.id}`, undefined],
      ['GET', `/api/reports/${mine.id}/data`, undefined],
      ['GET', `/api/reports/${mine.id}/pdf`, undefined],
      ['GET', `/api/reports/${mine.id}/xlsx`, undefined],
      ['POST', `/api/reports/${mine.id}/run`, {}],
      ['DELETE', `/api/reports/${mine.id}`, undefined],
    ] as const) {
      const res = await call(method, url, agent, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().detail).toBe(REPORT_MESSAGES.forbidden);
    }
    expect((await call('GET', '/api/reports', '')).statusCode).toBe(401);
  });

  it("answers 404 for another company's report, whatever the route", async () => {
    const mine = await create(ONE_TIME);
    for (const [method, url, body] of [
      ['GET', `/api/reports/${mine.id}`, undefined],
      ['GET', `/api/reports/${mine.id}/data`, undefined],
      ['GET', `/api/reports/${mine.id}/pdf`, undefined],
      ['POST', `/api/reports/${mine.id}/run`, {}],
      ['DELETE', `/api/reports/${mine.id}`, undefined],
    ] as const)
      expect((await call(method, url, otherAdmin, body)).statusCode, `${method} ${url}`).toBe(404);
    const list = (await call('GET', '/api/reports?pagination=false', otherAdmin)).json();
    expect(list.member.map((r: { id: number }) => r.id)).not.toContain(mine.id);
    expect((await call('GET', `/api/reports/${mine.id}`, admin)).statusCode).toBe(200);
  });
});

describe('create, read, list, delete', () => {
  it('creates a one-time report over a range, pending in the company zone, and reads it back', async () => {
    const heard: { entity: string; event: string; topics: string[] }[] = [];
    const stop = t.app.deps.live.onEvent((e) => heard.push({ entity: e.payload.entity, event: e.payload.event, topics: e.topics }));
    const r = await create({ ...ONE_TIME, recipients: ['a@dealer.example'] });
    stop();
    expect(heard).toContainEqual({ entity: 'reports', event: 'created', topics: [`/api/companies/${s.companyId}/admins`] });
    expect(r).toMatchObject({ '@type': 'Report', type: 'one_time', status: 'pending', from: '2026-11-02', to: '2026-11-08', nextRunAt: null });
    const got = (await call('GET', `/api/reports/${r.id}`, admin)).json();
    expect(got).toMatchObject({
      timeZone: 'Europe/Sarajevo',
      recipients: ['a@dealer.example'],
      parent: null,
      attempts: 0,
      error: null,
      files: { pdf: null, xlsx: null },
    });
    expect(got.filters).toEqual({ userIds: [], channels: [] });
  });

  it('resolves a period to local days at creation', async () => {
    const r = await create({ type: 'one_time', kind: 'usage_and_response_time', period: 'last_7_days' });
    expect(r.to).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sarajevo' }).format(new Date()));
    expect(Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)).toBe(6 * 86_400_000);
  });

  it('creates a recurring report: active, with its next slot, no days of its own', async () => {
    const r = await create(RECURRING);
    expect(r).toMatchObject({ type: 'recurring', status: 'active', from: null, to: null });
    const next = new Date(r.nextRunAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Sarajevo', weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(next);
    expect(local).toBe('Monday 07:00');
  });

  it('lists newest first, filters by type and parent, pages by keyset, and unpaged', async () => {
    const co = await seedCompany(t.db);
    const tok = (await login(t.app, co.admin.email)).token;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await create(ONE_TIME, tok));
    const parent = await create(RECURRING, tok);
    const page = (await call('GET', '/api/reports?itemsPerPage=2', tok)).json();
    expect(page.member.map((r: { id: number }) => r.id)).toEqual([parent.id, made[2]!.id]);
    expect(page.totalItems).toBe(4);
    const next = (await call('GET', page.view.next, tok)).json();
    expect(next.member.map((r: { id: number }) => r.id)).toEqual([made[1]!.id, made[0]!.id]);
    const recurring = (await call('GET', '/api/reports?type=recurring&pagination=false', tok)).json();
    expect(recurring.member.map((r: { id: number }) => r.id)).toEqual([parent.id]);
    await call('POST', `/api/reports/${parent.id}/run`, tok, {});
    // A constant number of statements whatever the page size.
    const few = await countStatements(t, () => call('GET', '/api/reports?itemsPerPage=1', tok));
    const many = await countStatements(t, () => call('GET', '/api/reports?itemsPerPage=30', tok));
    const whole = await countStatements(t, () => call('GET', '/api/reports?pagination=false', tok));
    expect(many).toBe(few);
    expect(whole).toBeLessThanOrEqual(few);
    const children = (await call('GET', `/api/reports?parent=${parent['@id']}`, tok)).json();
    expect(children.member).toHaveLength(1);
    expect(children.member[0]).toMatchObject({ type: 'recurring_generated', parent: parent['@id'], status: 'pending' });
  });

  it('deletes a report; deleting a recurring one stops its schedule and keeps its generated reports', async () => {
    const parent = await create(RECURRING);
    const child = (await call('POST', `/api/reports/${parent.id}/run`, admin, {})).json();
    expect((await call('DELETE', `/api/reports/${parent.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/reports/${parent.id}`, admin)).statusCode).toBe(404);
    const kept = (await call('GET', `/api/reports/${child.id}`, admin)).json();
    expect(kept).toMatchObject({ type: 'recurring_generated', parent: null });
    expect((await call('DELETE', `/api/reports/${parent.id}`, admin)).statusCode).toBe(404);
  });
});

describe('validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['recurring without schedule', { ...RECURRING, schedule: null }, 'schedule'],
    ['recurring with a range', { ...RECURRING, period: undefined, from: '2026-01-01', to: '2026-01-02' }, 'period'],
    ['recurring without recipients', { ...RECURRING, recipients: [] }, 'recipients'],
    ['one-time with a schedule', { ...ONE_TIME, schedule: RECURRING.schedule }, 'schedule'],
    ['one-time with period and range', { ...ONE_TIME, period: 'mtd' }, 'period'],
    ['one-time without range or period', { type: 'one_time', kind: 'usage_and_response_time' }, 'from'],
    ['one-time with only from', { type: 'one_time', kind: 'usage_and_response_time', from: '2026-01-01' }, 'to'],
    ['range reversed', { ...ONE_TIME, from: '2026-02-01', to: '2026-01-01' }, 'to'],
    ['range too long', { ...ONE_TIME, from: '2020-01-01', to: '2026-01-01' }, 'to'],
    ['impossible day', { ...ONE_TIME, to: '2026-02-30' }, 'to'],
    ['unknown type', { ...ONE_TIME, type: 'recurring_generated' }, 'type'],
    ['unknown kind', { ...ONE_TIME, kind: 'everything' }, 'kind'],
    ['unknown period', { type: 'one_time', kind: 'usage_and_response_time', period: 'forever' }, 'period'],
    ['weekly without weekdays', { ...RECURRING, schedule: { frequency: 'weekly', weekdays: [], time: '07:00' } }, 'schedule.weekdays'],
    ['weekdays repeated', { ...RECURRING, schedule: { frequency: 'weekly', weekdays: ['monday', 'monday'] } }, 'schedule.weekdays'],
    ['bad time', { ...RECURRING, schedule: { frequency: 'monthly_first', time: '24:00' } }, 'schedule.time'],
    ['hourly with a time', { ...RECURRING, schedule: { frequency: 'hourly', time: '07:00' } }, 'schedule'],
    ['not an e-mail', { ...ONE_TIME, recipients: ['not-an-email'] }, 'recipients.0'],
    ['header injection', { ...ONE_TIME, recipients: ['a@b.example\r\nBcc: x@evil.example'] }, 'recipients.0'],
    ['duplicate recipients', { ...ONE_TIME, recipients: ['A@dealer.example', 'a@dealer.example'] }, 'recipients'],
    ['too many recipients', { ...ONE_TIME, recipients: Array.from({ length: REPORT_LIMITS.recipients + 1 }, (_, i) => `r${i}@dealer.example`) }, 'recipients'],
    ['unknown field', { ...ONE_TIME, owner: 1 }, ''],
    ['unknown channel', { ...ONE_TIME, filters: { userIds: [], channels: ['fax'] } }, 'filters.channels[0]'],
    ['control characters in a channel', { ...ONE_TIME, filters: { userIds: [], channels: ['sms\u0007'] } }, 'filters.channels[0]'],
  ];
  it.each(cases)('%s → 422', async (_name, body, path) => {
    const res = await call('POST', '/api/reports', admin, body);
    expect(res.statusCode, res.body).toBe(422);
    if (path)
      expect(
        res
          .json()
          .violations.map((v: { propertyPath: string }) => v.propertyPath)
          .join(' '),
      ).toContain(path);
  });

  it("refuses another company's agents as a filter, and survey reports without surveys", async () => {
    const res = await call('POST', '/api/reports', admin, { ...ONE_TIME, filters: { userIds: [other.agent.id], channels: [] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0]).toMatchObject({ propertyPath: 'filters.userIds[0]' });
    expect((await call('POST', '/api/reports', admin, { ...ONE_TIME, filters: { userIds: [s.agent.id], channels: ['sms_provider'] } })).statusCode).toBe(201);
    const plain = await seedCompany(t.db);
    const tok = (await login(t.app, plain.admin.email)).token;
    const survey = await call('POST', '/api/reports', tok, { ...ONE_TIME, kind: 'survey_results' });
    expect(survey.statusCode).toBe(422);
    expect(survey.json().violations[0]).toMatchObject({ propertyPath: 'kind', message: REPORT_MESSAGES.surveysModuleOff });
  });

  it('answers 400 for bad ids and queries and 413 for a huge body, never 500', async () => {
    for (const url of [
      '/api/reports/abc',
      '/api/reports/0x10',
      '/api/reports/1e3/pdf',
      '/api/reports?type=weekly',
      '/api/reports?itemsPerPage=0',
      '/api/reports?parent=/api/users/1',
    ])
      expect((await call('GET', url, admin)).statusCode, url).toBe(400);
    const huge = await call('POST', '/api/reports', admin, { ...ONE_TIME, recipients: ['x'.repeat(64 * 1024)] });
    expect(huge.statusCode).toBe(413);
    expect((await call('GET', '/api/reports/999999999', admin)).statusCode).toBe(404);
  });
});

describe('run now and downloads before generation', () => {
  it('refuses to run a pending one-time report again, and a generated child', async () => {
    const r = await create(ONE_TIME);
    const busy = await call('POST', `/api/reports/${r.id}/run`, admin, {});
    expect(busy.statusCode).toBe(409);
    expect(busy.json().detail).toBe(REPORT_BUSY);
    const parent = await create(RECURRING);
    const child = await call('POST', `/api/reports/${parent.id}/run`, admin, {});
    expect(child.statusCode).toBe(202);
    const again = await call('POST', `/api/reports/${child.json().id}/run`, admin, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(REPORT_MESSAGES.generatedCannotRun);
  });

  it('answers 409 for the files and figures of a report not generated yet', async () => {
    const r = await create(ONE_TIME);
    for (const url of [`/api/reports/${r.id}/pdf`, `/api/reports/${r.id}/xlsx`, `/api/reports/${r.id}/data`]) {
      const res = await call('GET', url, admin);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().detail).toBe(REPORT_MESSAGES.notReady);
    }
  });
});
