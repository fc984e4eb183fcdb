import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUsageMetricsSchema } from '@cd/contracts/analytics';
import { ZDashboardSchema } from '@cd/contracts/dashboard';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { seedCustomer } from '../../../test/appointment-fixtures';
import { caller } from '../../../test/repair-order-fixtures';

/** Response-time targets in analytics and on the dashboard (docs/routing.md "Breaches in reports"), with own data. */

let t: TTestApp;
let call: ReturnType<typeof caller>;

const sqlRun = (query: ReturnType<typeof sql>) =>
  runInScope(t.db, { companyId: null, system: true }, async (tx) => (await tx.execute(query)).rows as Record<string, unknown>[]);

async function newCompany(timeZone: string): Promise<{ s: TSeededCompany; admin: string; agent: string }> {
  const s = await seedCompany(t.db);
  await sqlRun(sql`update companies set timezone = ${timeZone} where id = ${s.companyId}`);
  return { s, admin: (await login(t.app, s.admin.email)).token, agent: (await login(t.app, s.agent.email)).token };
}

async function customerOf(c: { s: TSeededCompany; admin: string }, ownerId: number | null): Promise<number> {
  const id = await seedCustomer(t, c.admin);
  await sqlRun(sql`update customers set user_id = ${ownerId} where company_id = ${c.s.companyId} and id = ${id}`);
  return id;
}

type TWait = { started: string; due: string | null; warned?: string; breached?: string; replied?: string; channel?: string };
/** A wait as routing leaves it, with the inbound message that opened it. */
async function wait(companyId: number, customerId: number, w: TWait) {
  await sqlRun(sql`insert into messages (company_id, customer_id, direction, status, channel, sender, content, created_at)
    values (${companyId}, ${customerId}, 'INBOUND', 'RECEIVED', ${w.channel ?? 'sms'}, 'customer', 'x', ${w.started}::timestamptz)`);
  await sqlRun(sql`insert into routing_waits (company_id, customer_id, started_at, due_at, warned_at, breached_at, replied_at)
    values (${companyId}, ${customerId}, ${w.started}::timestamptz, ${w.due}::timestamptz, ${w.warned ?? null}::timestamptz,
            ${w.breached ?? null}::timestamptz, ${w.replied ?? null}::timestamptz)`);
}

async function analytics(token: string, query: string) {
  const res = await call('GET', `/api/analytics?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return ZUsageMetricsSchema.parse(res.json()).responseTargets!;
}

const zero = { waits: 0, warned: 0, breached: 0, metTarget: 0, withinTargetShare: null };

let ny: { s: TSeededCompany; admin: string; agent: string };
let other: { s: TSeededCompany; admin: string; agent: string };

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  // New York (EST, UTC−5 in March): 2026-03-05 local runs from 05:00Z to 05:00Z the next day.
  ny = await newCompany('America/New_York');
  other = await newCompany('America/New_York');
  const id = ny.s.companyId;
  const [a, b, none] = [await customerOf(ny, ny.s.agent.id), await customerOf(ny, ny.s.user2.id), await customerOf(ny, null)];
  // Answered in time.
  await wait(id, a, { started: '2026-03-05T14:00:00Z', due: '2026-03-05T15:00:00Z', replied: '2026-03-05T14:30:00Z' });
  // Warned, then answered in time; 22:30 local on the 5th although the 6th in UTC.
  await wait(id, b, {
    started: '2026-03-06T03:30:00Z',
    due: '2026-03-06T04:30:00Z',
    warned: '2026-03-06T04:18:00Z',
    replied: '2026-03-06T04:20:00Z',
    channel: 'whatsapp',
  });
  // Warned and breached, never answered, nobody's.
  await wait(id, none, { started: '2026-03-05T16:00:00Z', due: '2026-03-05T17:00:00Z', warned: '2026-03-05T16:48:00Z', breached: '2026-03-05T17:00:00Z' });
  // No target: not counted.
  await wait(id, a, { started: '2026-03-05T18:00:00Z', due: null, replied: '2026-03-05T19:00:00Z' });
  // 00:30 local on the 6th: the next day.
  await wait(id, none, { started: '2026-03-06T05:30:00Z', due: '2026-03-06T06:30:00Z', breached: '2026-03-06T06:30:00Z', replied: '2026-03-06T07:00:00Z' });
  // The other company breaches at the same times; none of it may show in New York's figures.
  const o = await customerOf(other, other.s.agent.id);
  await wait(other.s.companyId, o, { started: '2026-03-05T16:00:00Z', due: '2026-03-05T17:00:00Z', breached: '2026-03-05T17:00:00Z' });
});
afterAll(() => t.close());

describe('response-time targets in analytics', () => {
  it('counts the waits of the local day, per owner and per channel', async () => {
    const r = await analytics(ny.admin, 'from=2026-03-05&to=2026-03-05');
    expect(r).toMatchObject({ waits: 3, warned: 2, breached: 1, metTarget: 2 });
    expect(r.withinTargetShare).toBeCloseTo(2 / 3);
    expect(r.perAgent).toEqual([
      expect.objectContaining({ userId: ny.s.agent.id, waits: 1, metTarget: 1, breached: 0, withinTargetShare: 1 }),
      expect.objectContaining({ userId: ny.s.user2.id, waits: 1, warned: 1, metTarget: 1 }),
      { userId: null, name: '', waits: 1, warned: 1, breached: 1, metTarget: 0, withinTargetShare: 0 },
    ]);
    expect(r.perChannel).toEqual([
      { channel: 'sms', waits: 2, warned: 1, breached: 1, metTarget: 1, withinTargetShare: 0.5 },
      { channel: 'whatsapp', waits: 1, warned: 1, breached: 0, metTarget: 1, withinTargetShare: 1 },
    ]);
    const next = await analytics(ny.admin, 'from=2026-03-06&to=2026-03-06');
    expect(next).toMatchObject({ waits: 1, breached: 1, metTarget: 0, withinTargetShare: 0 });
  });

  it('exports the targets in the CSV, by owner and by channel, and leaves them out when there were none', async () => {
    const res = await call('GET', '/api/analytics/export.csv?from=2026-03-05&to=2026-03-05', ny.admin);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.split('\r\n');
    const at = lines.indexOf('response_target_owner_id,response_target_owner,waits_with_target,within_target,within_target_share,warned,breached');
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 5)).toEqual([
      expect.stringMatching(new RegExp(`^${ny.s.agent.id},.+,1,1,1\\.0000,0,0$`)),
      expect.stringMatching(new RegExp(`^${ny.s.user2.id},.+,1,1,1\\.0000,1,0$`)),
      ',unassigned,1,0,0.0000,1,1',
      ',all,3,2,0.6667,2,1',
    ]);
    expect(lines).toContain('sms,2,1,0.5000,1,1');
    const empty = await call('GET', '/api/analytics/export.csv?from=2026-03-05&to=2026-03-05', other.admin);
    expect(empty.body).toContain('response_target_owner');
    const none = await call('GET', '/api/analytics/export.csv?from=2026-02-01&to=2026-02-02', ny.admin);
    expect(none.body).not.toContain('response_target');
  });

  it('follows the agent and channel filters', async () => {
    expect(await analytics(ny.admin, `from=2026-03-05&to=2026-03-06&userId[]=${ny.s.agent.id}`)).toMatchObject({ waits: 1, breached: 0, metTarget: 1 });
    expect(await analytics(ny.admin, 'from=2026-03-05&to=2026-03-06&channel[]=whatsapp')).toMatchObject({ waits: 1, warned: 1, metTarget: 1 });
    expect(await analytics(ny.admin, 'from=2026-03-05&to=2026-03-06&channel[]=email')).toMatchObject({ ...zero, perAgent: [], perChannel: [] });
  });

  it('shows each company only its own waits', async () => {
    expect(await analytics(other.admin, 'from=2026-03-05&to=2026-03-06')).toMatchObject({ waits: 1, breached: 1, metTarget: 0 });
    const fresh = await newCompany('America/New_York');
    expect(await analytics(fresh.admin, 'from=2026-03-05&to=2026-03-06')).toEqual({ ...zero, perAgent: [], perChannel: [] });
    expect((await call('GET', '/api/analytics?from=2026-03-05&to=2026-03-05', ny.agent)).statusCode).toBe(403);
  });

  it('keeps a wait that is not yet due out of the share', async () => {
    const c = await newCompany('Europe/Sarajevo');
    const customer = await customerOf(c, c.s.agent.id);
    const started = new Date(Date.now() - 60_000);
    await wait(c.s.companyId, customer, { started: started.toISOString(), due: new Date(Date.now() + 3_600_000).toISOString() });
    const r = await analytics(c.admin, 'period=last_7_days');
    const today = await analytics(c.admin, 'period=today');
    expect(r.waits + today.waits).toBeGreaterThan(0);
    expect(today).toMatchObject({ waits: 1, metTarget: 0, breached: 0, withinTargetShare: null });
  });
});

describe('response-time targets on the dashboard', () => {
  it('compares today with the same weekday last week', async () => {
    const c = await newCompany('Pacific/Auckland');
    const [x, y, z] = [await customerOf(c, c.s.agent.id), await customerOf(c, null), await customerOf(c, c.s.agent.id)];
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    const week = 7 * 86_400_000;
    await wait(c.s.companyId, x, { started: at(3000), due: at(2000), breached: at(2000) });
    await wait(c.s.companyId, y, { started: at(3000), due: at(-600_000), replied: at(1000) });
    await wait(c.s.companyId, z, { started: at(week + 3000), due: at(week + 2000), warned: at(week + 2500), breached: at(week + 2000) });
    const res = await call('GET', '/api/dashboard', c.admin);
    expect(res.statusCode, res.body).toBe(200);
    const d = ZDashboardSchema.parse(res.json());
    expect(d.today.responseTargets).toMatchObject({ waits: 2, breached: 1, metTarget: 1, withinTargetShare: 0.5 });
    expect(d.sameDayLastWeek.responseTargets).toMatchObject({ waits: 1, warned: 1, breached: 1, metTarget: 0, withinTargetShare: 0 });
  });
});
