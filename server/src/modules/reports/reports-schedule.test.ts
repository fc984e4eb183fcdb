import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReportSchedule } from '@cd/contracts/reports';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { sweepDueReports } from './reports-planning';
import { cronPatternOf, nextReportSlot } from './reports-schedule';

const NY = 'America/New_York';
const SARAJEVO = 'Europe/Sarajevo';
const at = (iso: string) => new Date(iso);
const local = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(d);

describe('next slot of each schedule, in the company zone', () => {
  it('weekly on chosen weekdays at a local time, strictly after the given instant', () => {
    const schedule: TReportSchedule = { frequency: 'weekly', weekdays: ['thursday', 'monday'], time: '07:30' };
    expect(cronPatternOf(schedule)).toBe('30 7 * * 1,4');
    // Sunday 2026-11-15 noon in New York → Monday 07:30 EST (12:30 UTC).
    expect(nextReportSlot({ schedule, timeZone: NY, after: at('2026-11-15T17:00:00Z') })).toEqual(at('2026-11-16T12:30:00Z'));
    // Exactly at a slot → the next one (Thursday).
    expect(nextReportSlot({ schedule, timeZone: NY, after: at('2026-11-16T12:30:00Z') })).toEqual(at('2026-11-19T12:30:00Z'));
  });

  it('weekly keeps the local hour across the spring daylight-saving change (New York, 2026-03-08)', () => {
    const schedule: TReportSchedule = { frequency: 'weekly', weekdays: ['sunday'], time: '07:00' };
    const before = nextReportSlot({ schedule, timeZone: NY, after: at('2026-02-28T12:00:00Z') });
    const across = nextReportSlot({ schedule, timeZone: NY, after: before });
    expect(before).toEqual(at('2026-03-01T12:00:00Z')); // 07:00 EST
    expect(across).toEqual(at('2026-03-08T11:00:00Z')); // 07:00 EDT, the day the clocks jump
    expect(local(across, NY)).toMatch(/^Sun,? 08\/03,? 07:00$/);
  });

  it('the first of the month keeps the local hour across the autumn change (Sarajevo, 2026-10-25)', () => {
    const schedule: TReportSchedule = { frequency: 'monthly_first', time: '06:00' };
    const oct = nextReportSlot({ schedule, timeZone: SARAJEVO, after: at('2026-09-15T00:00:00Z') });
    const nov = nextReportSlot({ schedule, timeZone: SARAJEVO, after: oct });
    expect(oct).toEqual(at('2026-10-01T04:00:00Z')); // 06:00 CEST
    expect(nov).toEqual(at('2026-11-01T05:00:00Z')); // 06:00 CET
  });

  it('hourly is every hour, including the repeated hour when clocks go back (New York, 2026-11-01)', () => {
    let slot = at('2026-11-01T04:30:00Z');
    const slots: string[] = [];
    for (let i = 0; i < 4; i++) slots.push((slot = nextReportSlot({ schedule: { frequency: 'hourly' }, timeZone: NY, after: slot })).toISOString());
    expect(slots).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-01T06:00:00.000Z', '2026-11-01T07:00:00.000Z', '2026-11-01T08:00:00.000Z']);
  });

  it('a local time the spring change skips falls just after the jump', () => {
    const slot = nextReportSlot({
      schedule: { frequency: 'weekly', weekdays: ['sunday'], time: '02:30' } as TReportSchedule,
      timeZone: NY,
      after: at('2026-03-07T12:00:00Z'),
    });
    expect(slot).toEqual(at('2026-03-08T07:00:00Z')); // 03:00 EDT
  });
});

describe('the sweeper', () => {
  let t: TTestApp;
  let call: ReturnType<typeof caller>;
  let s: TSeededCompany;
  let admin: string;
  const sqlRun = (query: ReturnType<typeof sql>) =>
    runInScope(t.db, { companyId: null, system: true }, async (tx) => (await tx.execute(query)).rows as Record<string, unknown>[]);

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    s = await seedCompany(t.db);
    await sqlRun(sql`update companies set timezone = ${NY}, country = 'US' where id = ${s.companyId}`);
    admin = (await login(t.app, s.admin.email)).token;
  });
  afterAll(() => t.close());

  async function dueParent(schedule: Record<string, unknown>, nextRunAt: string) {
    const res = await call('POST', '/api/reports', admin, {
      type: 'recurring',
      kind: 'usage_and_response_time',
      period: 'last_7_days',
      schedule,
      recipients: ['boss@dealer.example'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    await sqlRun(sql`update reports set next_run_at = ${nextRunAt}::timestamptz where company_id = ${s.companyId} and id = ${id}`);
    return id;
  }
  const childrenOf = async (parentId: number) =>
    sqlRun(
      sql`select id::int as id, slot, from_day::text as from_day, to_day::text as to_day, status from reports where company_id = ${s.companyId} and parent_id = ${parentId} order by id`,
    );

  it("makes the slot's child covering the period at the slot time, and moves the parent to its next slot", async () => {
    const id = await dueParent({ frequency: 'weekly', weekdays: ['monday'], time: '07:00' }, '2026-11-16T12:00:00Z');
    const made = await sweepDueReports({ deps: t.app.deps, now: at('2026-11-16T12:00:30Z') });
    expect(made).toBeGreaterThanOrEqual(1);
    const kids = await childrenOf(id);
    expect(kids).toHaveLength(1);
    // Last 7 days at Monday 2026-11-16 07:00 New York: Tuesday the 10th to Monday the 16th.
    expect(kids[0]).toMatchObject({ from_day: '2026-11-10', to_day: '2026-11-16', status: 'pending' });
    expect(new Date(String(kids[0]!.slot))).toEqual(at('2026-11-16T12:00:00Z'));
    const parent = (await call('GET', `/api/reports/${id}`, admin)).json();
    expect(parent.nextRunAt).toBe('2026-11-23T12:00:00.000Z');
    const job = await sqlRun(sql`select count(*)::int as n from outbox_jobs where kind = 'report:generate' and payload->>'reportId' = ${String(kids[0]!.id)}`);
    expect(job[0]!.n).toBe(1);
  });

  it('two workers sweeping the same slot make one child', async () => {
    const id = await dueParent({ frequency: 'hourly' }, '2026-11-20T15:00:00Z');
    const now = at('2026-11-20T15:00:05Z');
    await Promise.all([sweepDueReports({ deps: t.app.deps, now }), sweepDueReports({ deps: t.app.deps, now })]);
    expect(await childrenOf(id)).toHaveLength(1);
    // Even a sweep that finds the parent still due (a crash after the child, before the move) makes no second child.
    await sqlRun(sql`update reports set next_run_at = '2026-11-20T15:00:00Z' where company_id = ${s.companyId} and id = ${id}`);
    await sweepDueReports({ deps: t.app.deps, now });
    expect(await childrenOf(id)).toHaveLength(1);
  });

  it('collapses slots missed during an outage into one child and plans the next slot after now', async () => {
    const id = await dueParent({ frequency: 'hourly' }, '2026-11-21T01:00:00Z');
    await sweepDueReports({ deps: t.app.deps, now: at('2026-11-21T09:10:00Z') });
    expect(await childrenOf(id)).toHaveLength(1);
    expect((await call('GET', `/api/reports/${id}`, admin)).json().nextRunAt).toBe('2026-11-21T10:00:00.000Z');
  });

  it('leaves parents whose slot is not due alone', async () => {
    const id = await dueParent({ frequency: 'monthly_first', time: '07:00' }, '2027-01-01T12:00:00Z');
    await sweepDueReports({ deps: t.app.deps, now: at('2026-12-31T23:00:00Z') });
    expect(await childrenOf(id)).toHaveLength(0);
  });
});
