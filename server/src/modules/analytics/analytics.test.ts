import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUsageMetrics } from '@cd/contracts/analytics';
import { localDayOf } from '@cd/contracts/survey-dates';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { seedCustomer } from '../../../test/appointment-fixtures';
import { caller } from '../../../test/repair-order-fixtures';
import { backfillMissingRollups, closeRecentDays, rebuildAllRollups } from './analytics-jobs';
import { computeDaySeries, computeUsageMetrics } from './analytics.service';

let t: TTestApp;
let call: ReturnType<typeof caller>;

const off = { isOffDay: true, intervals: [] };
const open = { isOffDay: false, intervals: [{ startsAt: '13:00', endsAt: '21:00' }] };
const HOURS = { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: off, sunday: off };

async function sqlRun(query: ReturnType<typeof sql>) {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => (await tx.execute(query)).rows as Record<string, unknown>[]);
}

/** A company in New York with working hours 13:00–21:00 UTC on weekdays, and its admin's token. */
async function newCompany(): Promise<{ s: TSeededCompany; admin: string; customer: () => Promise<number> }> {
  const s = await seedCompany(t.db);
  await sqlRun(sql`update companies set timezone = 'America/New_York', country = 'US', hours = ${JSON.stringify(HOURS)}::jsonb where id = ${s.companyId}`);
  const admin = (await login(t.app, s.admin.email)).token;
  return { s, admin, customer: () => seedCustomer(t, admin) };
}

type TKind = 'in' | 'agent' | 'system';
async function msg(companyId: number, customerId: number, iso: string, kind: TKind, opts: { userId?: number; channel?: string; scheduledAt?: string } = {}) {
  await sqlRun(sql`insert into messages (company_id, customer_id, user_id, direction, status, channel, sender, content, created_at, scheduled_at)
    values (${companyId}, ${customerId}, ${opts.userId ?? null}, ${kind === 'in' ? 'INBOUND' : 'OUTBOUND'}, ${kind === 'in' ? 'RECEIVED' : 'SENT'},
            ${opts.channel ?? 'sms'}, ${kind === 'in' ? 'customer' : kind}, 'x', ${iso}::timestamptz, ${opts.scheduledAt ?? null}::timestamptz)`);
}

const NOW = new Date('2026-04-01T12:00:00Z');
const stats = (count: number, totalSeconds: number, under5: number, from5to15: number, over15: number) => ({
  count,
  totalSeconds,
  avgSeconds: count ? totalSeconds / count : null,
  under5,
  from5to15,
  over15,
});

let fixture: { s: TSeededCompany; admin: string; agentA: number; agentB: number };

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  const { s, admin, customer } = await newCompany();
  const [c1, c2, c3, c4] = [await customer(), await customer(), await customer(), await customer()];
  const A = s.agent.id;
  const B = s.user2.id;
  const id = s.companyId;
  // c1, Thursday 5 March (EST): a run of two inbound, an automated send that does not stop the clock, A answers after
  // 10 minutes (first response), the customer writes again and B answers after a minute.
  await msg(id, c1, '2026-03-05T14:00:00Z', 'in');
  await msg(id, c1, '2026-03-05T14:02:00Z', 'in');
  await msg(id, c1, '2026-03-05T14:03:00Z', 'system');
  await msg(id, c1, '2026-03-05T14:10:00Z', 'agent', { userId: A });
  await msg(id, c1, '2026-03-05T14:20:00Z', 'in');
  await msg(id, c1, '2026-03-05T14:21:00Z', 'agent', { userId: B });
  // c2 on WhatsApp: written at 23:50 local on the 5th, answered at 00:20 local on the 6th (across local midnight, outside hours).
  await msg(id, c2, '2026-03-06T04:50:00Z', 'in', { channel: 'whatsapp' });
  await msg(id, c2, '2026-03-06T05:20:00Z', 'agent', { userId: A, channel: 'whatsapp' });
  // c3: Friday afternoon and Saturday, an automated send on Sunday 8 March (the DST change) after a 29-hour pause
  // (a new conversation, started outbound), A answers on Monday morning: 65 hours wall, one business hour.
  await msg(id, c3, '2026-03-06T20:30:00Z', 'in');
  await msg(id, c3, '2026-03-07T10:00:00Z', 'in');
  await msg(id, c3, '2026-03-08T15:00:00Z', 'system');
  await msg(id, c3, '2026-03-09T13:30:00Z', 'agent', { userId: A });
  // c4: 00:30 EDT on the 9th — on the 8th for anyone who takes a day as 24 hours from EST midnight.
  await msg(id, c4, '2026-03-09T04:30:00Z', 'in');
  await sqlRun(sql`insert into consent_events (company_id, customer_id, kind, source, channel, created_at)
    values (${id}, ${c1}, 'opt_out', 'keyword', 'sms', '2026-03-05T15:00:00Z')`);
  // Another company's messages on the same days must never count.
  const other = await newCompany();
  const oc = await other.customer();
  await msg(other.s.companyId, oc, '2026-03-05T14:00:00Z', 'in');
  await msg(other.s.companyId, oc, '2026-03-05T14:01:00Z', 'agent', { userId: other.s.agent.id });
  fixture = { s, admin, agentA: A, agentB: B };
});
afterAll(() => t.close());

const usage = (opts: { companyId: number; from?: string; to?: string; userIds?: number[]; channels?: string[]; now?: Date }) =>
  computeUsageMetrics({ deps: t.app.deps, from: '2026-03-05', to: '2026-03-09', now: NOW, ...opts });

describe('usage metrics against a hand-computed fixture', () => {
  it('counts messages, conversations, responses in wall-clock and business time, per agent, channel and day', async () => {
    const m = await usage({ companyId: fixture.s.companyId });
    expect(m.timeZone).toBe('America/New_York');
    expect(m.messages).toEqual({ inbound: 7, outboundHuman: 4, outboundAutomated: 2 });
    expect(m.conversations).toEqual({ inboundStarted: 4, outboundStarted: 1 });
    expect(m.perChannel).toEqual([
      { channel: 'sms', inbound: 6, outboundHuman: 3, outboundAutomated: 2 },
      { channel: 'whatsapp', inbound: 1, outboundHuman: 1, outboundAutomated: 0 },
    ]);
    // Responses: 600 s (A), 60 s (B), 1800 s across midnight (A, 0 business), 234000 s over the weekend (A, 3600 business).
    expect(m.response).toEqual({ wall: stats(4, 236_460, 1, 1, 2), business: stats(4, 4_260, 2, 1, 1) });
    expect(m.firstResponse).toEqual({ wall: stats(3, 236_400, 0, 1, 2), business: stats(3, 4_200, 1, 1, 1) });
    expect(m.optOuts).toBe(1);
    const a = m.perAgent.find((x) => x.userId === fixture.agentA)!;
    const b = m.perAgent.find((x) => x.userId === fixture.agentB)!;
    expect(m.perAgent).toHaveLength(2);
    expect(a).toMatchObject({ messagesOut: 3, conversationsHandled: 3 });
    expect(a.response.wall).toEqual(stats(3, 236_400, 0, 1, 2));
    expect(a.firstResponse.business).toEqual(stats(3, 4_200, 1, 1, 1));
    expect(b).toMatchObject({ messagesOut: 1, conversationsHandled: 1 });
    expect(b.response.wall).toEqual(stats(1, 60, 1, 0, 0));
    expect(b.firstResponse.wall.count).toBe(0);
    const day = (d: string) => m.perDay.find((x) => x.day === d)!;
    expect(m.perDay.map((d) => d.day)).toEqual(['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09']);
    expect(day('2026-03-05')).toMatchObject({ inbound: 4, outboundHuman: 2, outboundAutomated: 1, conversations: 2 });
    expect(day('2026-03-05').firstResponse.wall.count).toBe(1);
    // The reply after midnight counts on the day of the reply.
    expect(day('2026-03-06')).toMatchObject({ inbound: 1, outboundHuman: 1, conversations: 1 });
    expect(day('2026-03-06').firstResponse.wall).toEqual(stats(1, 1_800, 0, 0, 1));
    expect(day('2026-03-07')).toMatchObject({ inbound: 1, outboundHuman: 0, conversations: 0 });
    // The 23-hour DST day holds the Sunday send only; 00:30 EDT on the 9th belongs to the 9th.
    expect(day('2026-03-08')).toMatchObject({ inbound: 0, outboundAutomated: 1, conversations: 1 });
    expect(day('2026-03-09')).toMatchObject({ inbound: 1, outboundHuman: 1, conversations: 1 });
    // Module sections only where the company has the module (the test companies have none of them on).
    expect(m.payments).toBeNull();
  });

  it('narrows agent-attributed figures by agent and everything by channel', async () => {
    const byB = await usage({ companyId: fixture.s.companyId, userIds: [fixture.agentB] });
    expect(byB.messages).toEqual({ inbound: 7, outboundHuman: 1, outboundAutomated: 2 });
    expect(byB.conversations).toEqual({ inboundStarted: 1, outboundStarted: 0 });
    expect(byB.perAgent.map((a) => a.userId)).toEqual([fixture.agentB]);
    const wa = await usage({ companyId: fixture.s.companyId, channels: ['whatsapp'] });
    expect(wa.messages).toEqual({ inbound: 1, outboundHuman: 1, outboundAutomated: 0 });
    expect(wa.conversations).toEqual({ inboundStarted: 1, outboundStarted: 0 });
    expect(wa.response.wall).toEqual(stats(1, 1_800, 0, 0, 1));
  });

  it('gives the day series the reports and the dashboard chart', async () => {
    const days = await computeDaySeries({ deps: t.app.deps, companyId: fixture.s.companyId, from: '2026-03-08', to: '2026-03-09', now: NOW });
    expect(days.map((d) => [d.day, d.inbound, d.outboundAutomated, d.conversations])).toEqual([
      ['2026-03-08', 0, 1, 1],
      ['2026-03-09', 1, 0, 1],
    ]);
  });

  it('rebuilt from scratch equals the incremental result; a closed day keeps its figures until a rebuild', async () => {
    const { s, customer } = await newCompany();
    const c = await customer();
    await msg(s.companyId, c, '2026-03-05T14:00:00Z', 'in');
    await msg(s.companyId, c, '2026-03-05T14:30:00Z', 'agent', { userId: s.agent.id });
    await msg(s.companyId, c, '2026-03-06T20:30:00Z', 'in');
    await msg(s.companyId, c, '2026-03-09T13:30:00Z', 'agent', { userId: s.agent.id });
    const rowsOf = () =>
      sqlRun(sql`select to_char(day, 'YYYY-MM-DD') as day, channel, user_id::int as u, inbound, outbound_human, resp_count, resp_wall_ms::float8 as w, resp_biz_ms::float8 as b, conv_inbound, conv_outbound
        from analytics_daily where company_id = ${s.companyId} order by day, channel, user_id`);
    const incremental = await usage({ companyId: s.companyId });
    const incrementalRows = await rowsOf();
    expect(incremental.response.wall.count).toBe(2);
    // A message slipped into a closed day afterwards (an import, say): the day's figures stay as they were closed.
    await msg(s.companyId, c, '2026-03-05T16:00:00Z', 'in');
    expect((await usage({ companyId: s.companyId })).messages.inbound).toBe(2);
    await rebuildAllRollups({ db: t.db, companyIds: [s.companyId], now: NOW });
    const rebuilt = await usage({ companyId: s.companyId });
    expect(rebuilt.messages.inbound).toBe(3);
    // Without the late message the rebuild writes exactly the incremental rows.
    await sqlRun(sql`delete from messages where company_id = ${s.companyId} and created_at = '2026-03-05T16:00:00Z'`);
    await rebuildAllRollups({ db: t.db, companyIds: [s.companyId], now: NOW });
    expect(await rowsOf()).toEqual(incrementalRows);
    const again = await usage({ companyId: s.companyId });
    expect({ ...again, generatedAt: '' }).toEqual({ ...incremental, generatedAt: '' });
  });

  it('counts a scheduled message on the day it is due, and an open day picks up new messages', async () => {
    const { s, customer } = await newCompany();
    const c = await customer();
    const now = new Date();
    const today = localDayOf({ instant: now, timeZone: 'America/New_York' });
    const earlier = new Date(now.getTime() - 60_000).toISOString();
    await msg(s.companyId, c, earlier, 'in');
    const first = await usage({ companyId: s.companyId, from: today, to: today, now });
    expect(first.messages.inbound).toBe(1);
    // Written today, due in ten days: not today's.
    await msg(s.companyId, c, earlier, 'agent', { userId: s.agent.id, scheduledAt: new Date(now.getTime() + 10 * 86_400_000).toISOString() });
    await msg(s.companyId, c, new Date(now.getTime() - 30_000).toISOString(), 'in');
    const later = new Date(now.getTime() + 1000);
    const second = await usage({ companyId: s.companyId, from: today, to: today, now: later });
    expect(second.messages).toEqual({ inbound: 2, outboundHuman: 0, outboundAutomated: 0 });
  });

  it('measures times written with microseconds in whole milliseconds', async () => {
    const { s, customer } = await newCompany();
    const c = await customer();
    await msg(s.companyId, c, '2026-03-10T14:00:00.123456Z', 'in');
    await msg(s.companyId, c, '2026-03-10T14:01:00.654321Z', 'agent', { userId: s.agent.id });
    const m = await usage({ companyId: s.companyId, from: '2026-03-10', to: '2026-03-10' });
    expect(m.response.wall).toEqual(stats(1, 60.531, 1, 0, 0));
    expect(m.response.business).toEqual(stats(1, 60.531, 1, 0, 0));
  });

  it('leaves an unchanged open day alone and closes it after its grace period without folding it again', async () => {
    const { s, customer } = await newCompany();
    const c = await customer();
    await msg(s.companyId, c, '2026-03-10T14:00:00Z', 'in');
    const one = (now: string) => usage({ companyId: s.companyId, from: '2026-03-10', to: '2026-03-10', now: new Date(now) });
    const marker = async () =>
      (await sqlRun(sql`select computed_at, messages from analytics_days where company_id = ${s.companyId} and day = '2026-03-10'`))[0]!;
    expect((await one('2026-03-10T20:00:00Z')).messages.inbound).toBe(1);
    await expect(marker()).resolves.toMatchObject({ messages: 1 });
    // A marked row shows whether the day is folded again: nothing changed, so it is not.
    await sqlRun(sql`update analytics_daily set inbound = 99 where company_id = ${s.companyId}`);
    expect((await one('2026-03-10T21:00:00Z')).messages.inbound).toBe(99);
    expect(new Date((await marker()).computed_at as string).toISOString()).toBe('2026-03-10T20:00:00.000Z');
    // Past its end and grace period it is closed as it stands.
    expect((await one('2026-03-11T12:00:00Z')).messages.inbound).toBe(99);
    expect(new Date((await marker()).computed_at as string).toISOString()).toBe('2026-03-11T12:00:00.000Z');
    // A new message on a still-open day is folded in.
    await msg(s.companyId, c, '2026-03-12T14:00:00Z', 'in');
    await one('2026-03-12T15:00:00Z');
    await msg(s.companyId, c, '2026-03-12T14:30:00Z', 'in');
    const d = await usage({ companyId: s.companyId, from: '2026-03-12', to: '2026-03-12', now: new Date('2026-03-12T16:00:00Z') });
    expect(d.messages.inbound).toBe(2);
  });

  it('parallel requests over an open day give the same figures and write each row once', async () => {
    const { s, customer } = await newCompany();
    const c = await customer();
    const now = new Date();
    const today = localDayOf({ instant: now, timeZone: 'America/New_York' });
    await msg(s.companyId, c, new Date(now.getTime() - 120_000).toISOString(), 'in');
    await msg(s.companyId, c, new Date(now.getTime() - 60_000).toISOString(), 'agent', { userId: s.agent.id });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => computeUsageMetrics({ deps: t.app.deps, companyId: s.companyId, from: today, to: today })),
    );
    const figures = results.map((r: TUsageMetrics) => ({ ...r, generatedAt: '' }));
    for (const f of figures) expect(f).toEqual(figures[0]);
    expect(figures[0]!.response.wall.count).toBe(1);
    const [dups] = await sqlRun(
      sql`select count(*)::int as n, count(distinct (day, channel, user_id))::int as d from analytics_daily where company_id = ${s.companyId}`,
    );
    expect(dups!.n).toBe(dups!.d);
    const [days] = await sqlRun(sql`select count(*)::int as n from analytics_days where company_id = ${s.companyId}`);
    expect(days!.n).toBe(1);
  });
});

describe('the hourly analytics job', () => {
  it('builds the history of a company without rollups and closes the days that just ended', async () => {
    const { s, customer } = await newCompany();
    const c = await customer();
    // Midday yesterday in New York (17:00 UTC is 12:00 EST / 13:00 EDT): near local midnight the day that just ended
    // is not closed yet, and the count below would depend on the hour the suite runs.
    const today = localDayOf({ instant: new Date(), timeZone: 'America/New_York' });
    const now = new Date(Date.parse(`${today}T17:00:00Z`) - 86_400_000);
    await msg(s.companyId, c, new Date(now.getTime() - 5 * 86_400_000).toISOString(), 'in');
    await msg(s.companyId, c, new Date(now.getTime() - 26 * 3_600_000).toISOString(), 'agent', { userId: s.agent.id });
    expect(await backfillMissingRollups({ db: t.db, now })).toBeGreaterThanOrEqual(1);
    const marked = await sqlRun(sql`select to_char(day, 'YYYY-MM-DD') as day from analytics_days where company_id = ${s.companyId} order by day`);
    expect(marked.length).toBeGreaterThanOrEqual(5);
    expect(
      await backfillMissingRollups({ db: t.db, now }).then(() => sqlRun(sql`select count(*)::int as n from analytics_days where company_id = ${s.companyId}`)),
    ).toEqual([{ n: marked.length }]);
    const later = new Date(now.getTime() + 86_400_000 + 3 * 3_600_000);
    await closeRecentDays({ db: t.db, now: later });
    const yesterday = new Date(Date.parse(`${localDayOf({ instant: later, timeZone: 'America/New_York' })}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const [closed] = await sqlRun(sql`select computed_at from analytics_days where company_id = ${s.companyId} and day = ${yesterday}::date`);
    expect(new Date(closed!.computed_at as string).getTime()).toBe(later.getTime());
  });
});

describe('GET /api/analytics', () => {
  it('answers a company admin with a period in the company time zone, and the CSV export', async () => {
    const res = await call('GET', '/api/analytics?period=last_7_days', fixture.admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TUsageMetrics;
    expect(body.timeZone).toBe('America/New_York');
    expect(body.perDay).toHaveLength(7);
    const range = await call('GET', '/api/analytics?from=2026-03-05&to=2026-03-09&channel[]=whatsapp', fixture.admin);
    expect(range.statusCode, range.body).toBe(200);
    expect(range.json().messages).toEqual({ inbound: 1, outboundHuman: 1, outboundAutomated: 0 });
    expect(range.json().filters).toEqual({ userIds: [], channels: ['whatsapp'] });
  });

  it('exports CSV whose text cannot turn into a formula', async () => {
    await sqlRun(sql`update users set first_name = '=HYPERLINK("http://evil")' where id = ${fixture.agentA}`);
    const res = await call('GET', '/api/analytics/export.csv?from=2026-03-05&to=2026-03-09', fixture.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('time_zone,America/New_York');
    expect(res.body).toContain('2026-03-06,1,1,0,1,1,1800,0,0,1');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('refuses plain agents and callers without a company', async () => {
    const agent = (await login(t.app, fixture.s.agent.email)).token;
    expect((await call('GET', '/api/analytics?period=today', agent)).statusCode).toBe(403);
    expect((await call('GET', '/api/analytics/export.csv?period=today', agent)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics?period=today' })).statusCode).toBe(401);
    const root = await seedSuperAdmin(t.db);
    const rootToken = (await login(t.app, root.email)).token;
    expect((await call('GET', '/api/analytics?period=today', rootToken)).statusCode).toBe(400);
  });

  it('answers bad input with 422 and violations, never 500', async () => {
    const bad = [
      'from=2026-03-09&to=2026-03-05',
      'from=2020-01-01&to=2026-01-01',
      'from=2026-02-30&to=2026-03-01',
      'from=20260301&to=2026-03-02',
      'from=2026-03-01',
      '',
      'period=forever',
      'period=today&from=2026-03-01&to=2026-03-02',
      `period=today&channel[]=${'x'.repeat(400)}`,
      'period=today&channel[]=sm%01s',
      'period=today&userId[]=abc',
      'period=today&userId[]=-1',
      `period=today&${Array.from({ length: 51 }, (_, i) => `channel[]=c${i}`).join('&')}`,
    ];
    for (const q of bad) {
      const res = await call('GET', `/api/analytics?${q}`, fixture.admin);
      expect([400, 422], `${q}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 422) expect(res.json().violations.length, q).toBeGreaterThan(0);
      const csv = await call('GET', `/api/analytics/export.csv?${q}`, fixture.admin);
      expect([400, 422], q).toContain(csv.statusCode);
    }
    const reversed = await call('GET', '/api/analytics?from=2026-03-09&to=2026-03-05', fixture.admin);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().violations[0].propertyPath).toBe('to');
  });

  it('another company’s user ids in the filter find nothing of theirs', async () => {
    const other = await newCompany();
    const res = await call('GET', `/api/analytics?from=2026-03-05&to=2026-03-09&userId[]=${fixture.agentA}`, other.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().perAgent).toEqual([]);
    expect(res.json().messages).toEqual({ inbound: 0, outboundHuman: 0, outboundAutomated: 0 });
  });
});
