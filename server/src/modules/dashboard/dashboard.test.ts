import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_STATS_DAYS, ZDashboardSchema, ZDashboardStatsSchema } from '@cd/contracts/dashboard';
import { localDayOf } from '@cd/contracts/survey-dates';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { receiveInbound } from '../messages/messages.api';

let t: TTestApp;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token: string, body?: unknown) => caller(t)(method, url, token, body);
const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let phoneSeq = 0;
const newPhone = () => `+1303${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(4, '0')}`;

/** A company in a time zone far from UTC, so "today" is the company's local day and not the server's. */
async function newCompany(timeZone = 'Pacific/Auckland'): Promise<TSeededCompany & { adminTok: string; agentTok: string }> {
  const s = await seedCompany(t.db);
  await system((tx) => tx.execute(sql`update companies set timezone = ${timeZone} where id = ${s.companyId}`));
  return { ...s, adminTok: (await login(t.app, s.admin.email)).token, agentTok: (await login(t.app, s.agent.email)).token };
}

async function newCustomer(companyId: number, userId: number | null): Promise<{ id: number; phone: string }> {
  const phone = newPhone();
  const res = await system((tx) =>
    tx.execute(
      sql`insert into customers (company_id, user_id, first_name, last_name, phone) values (${companyId}, ${userId}, 'Dana', 'Dash', ${phone}) returning id::int as id`,
    ),
  );
  return { id: Number((res.rows[0] as { id: number }).id), phone };
}

/** An inbound SMS as a provider would deliver it (the real inbound path: customer found or created, unread, bumped). */
function inbound(companyId: number, phone: string, body = 'Is my car ready?') {
  return receiveInbound({
    deps: t.app.deps,
    inbound: { companyId, channel: 'simulator', from: { phone }, body, providerMessageId: `dash-${randomBytes(6).toString('hex')}`, media: [] },
  });
}

async function dashboard(token: string) {
  const res = await call('GET', '/api/dashboard', token);
  expect(res.statusCode, res.body).toBe(200);
  return ZDashboardSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/dashboard', () => {
  it('is for company admins: a plain agent gets 403 on both routes', async () => {
    const s = await newCompany();
    for (const url of ['/api/dashboard', '/api/dashboard/stats']) {
      const res = await call('GET', url, s.agentTok);
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('today');
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('shows today’s counts after a conversation (an inbound and a human reply), and none of another company', async () => {
    const s = await newCompany();
    const other = await newCompany();
    const before = await dashboard(s.adminTok);
    expect(before.today.messages).toEqual({ inbound: 0, outboundHuman: 0, outboundAutomated: 0 });
    expect(before.today.timeZone).toBe('Pacific/Auckland');
    const today = localDayOf({ instant: new Date(), timeZone: 'Pacific/Auckland' });
    expect(before.today).toMatchObject({ from: today, to: today });
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    expect(before.sameDayLastWeek).toMatchObject({ from: weekAgo, to: weekAgo });

    const phone = newPhone();
    await inbound(s.companyId, phone);
    // Another company's conversation at the same time must not count.
    await inbound(other.companyId, newPhone());
    const customer = (await call('GET', '/api/customers?itemsPerPage=5', s.adminTok)).json().member[0] as { id: number; phone: string };
    expect(customer.phone).toBe(phone);
    const reply = await call('POST', '/api/messages', s.adminTok, { customerId: customer.id, content: 'Yes, come by at 4.' });
    expect(reply.statusCode, reply.body).toBe(201);
    await t.app.deps.jobs.drain();

    const after = await dashboard(s.adminTok);
    expect(after.today.messages).toEqual({ inbound: 1, outboundHuman: 1, outboundAutomated: 0 });
    expect(after.today.conversations).toEqual({ inboundStarted: 1, outboundStarted: 0 });
    expect(after.today.firstResponse.wall.count).toBe(1);
    expect(after.today.perAgent.map((a) => a.userId)).toEqual([s.admin.id]);
    expect(after.sameDayLastWeek.messages).toEqual({ inbound: 0, outboundHuman: 0, outboundAutomated: 0 });

    const stats = await call('GET', '/api/dashboard/stats', s.adminTok);
    expect(stats.statusCode, stats.body).toBe(200);
    const parsed = ZDashboardStatsSchema.parse(stats.json());
    expect(parsed.timeZone).toBe('Pacific/Auckland');
    expect(parsed.days).toHaveLength(DASHBOARD_STATS_DAYS);
    expect(parsed.days.at(-1)).toMatchObject({ day: today, inbound: 1, outboundHuman: 1 });
    expect(parsed.days[0]!.day < parsed.days.at(-1)!.day).toBe(true);
    expect(parsed.days.slice(0, -1).every((d) => d.inbound === 0)).toBe(true);

    // The other company sees its own inbound only.
    expect((await dashboard(other.adminTok)).today.messages).toEqual({ inbound: 1, outboundHuman: 0, outboundAutomated: 0 });
  });

  it('shows the unread backlog per owning agent with the oldest unread time, in one grouped answer', async () => {
    const s = await newCompany('Europe/Sarajevo');
    const other = await newCompany();
    const agentA = await newCustomer(s.companyId, s.agent.id);
    const agentB = await newCustomer(s.companyId, s.agent.id);
    const agentRead = await newCustomer(s.companyId, s.agent.id);
    const user2s = await newCustomer(s.companyId, s.user2.id);
    const nobodys = await newCustomer(s.companyId, null);
    const archived = await newCustomer(s.companyId, s.agent.id);
    for (const c of [agentA, agentB, agentRead, user2s, nobodys, archived]) await inbound(s.companyId, c.phone);
    await inbound(other.companyId, (await newCustomer(other.companyId, other.agent.id)).phone);
    await system((tx) => tx.execute(sql`update customers set archived = true where company_id = ${s.companyId} and id = ${archived.id}`));
    // The owner read one; an admin reading an agent's customer does not clear the agent's backlog.
    expect((await call('PUT', `/api/customers/${agentRead.id}/read`, s.agentTok)).statusCode).toBe(200);
    expect((await call('PUT', `/api/customers/${agentB.id}/read`, s.adminTok)).statusCode).toBe(200);
    const lastInbound = await system(
      async (tx) =>
        new Map(
          (await tx.execute(sql`select id::int as id, last_inbound_at from customers where company_id = ${s.companyId}`)).rows.map((r: unknown) => {
            const row = r as { id: number; last_inbound_at: string | Date };
            return [row.id, new Date(row.last_inbound_at).toISOString()];
          }),
        ),
    );

    const backlog = (await dashboard(s.adminTok)).unreadBacklog;
    expect(backlog).toEqual([
      { userId: s.agent.id, name: `agent ${s.slug}`, unread: 2, oldestUnreadAt: lastInbound.get(agentA.id) },
      { userId: s.user2.id, name: `user2 ${s.slug}`, unread: 1, oldestUnreadAt: lastInbound.get(user2s.id) },
      { userId: null, name: 'Unassigned', unread: 1, oldestUnreadAt: lastInbound.get(nobodys.id) },
    ]);
    // Anybody reading a customer nobody owns takes it off the backlog.
    expect((await call('PUT', `/api/customers/${nobodys.id}/read`, s.adminTok)).statusCode).toBe(200);
    expect((await dashboard(s.adminTok)).unreadBacklog.map((b) => b.userId)).toEqual([s.agent.id, s.user2.id]);
  });

  it('lists the admin’s own open reminders, soonest first, at most 20', async () => {
    const s = await newCompany();
    const ids: number[] = [];
    for (let i = 22; i >= 1; i--) {
      const res = await call('POST', '/api/reminders', s.adminTok, { text: `Reminder ${i}`, dueAt: inDays(i - 2) });
      expect(res.statusCode, res.body).toBe(201);
      ids.unshift(res.json().id);
    }
    await call('PATCH', `/api/reminders/${ids[0]}`, s.adminTok, { done: true });
    await call('POST', '/api/reminders', s.agentTok, { text: 'The agent’s own', dueAt: inDays(-5) });
    const { reminders } = await dashboard(s.adminTok);
    expect(reminders.map((r) => r.id)).toEqual(ids.slice(1, 21));
    expect(reminders[0]!.dueAt < new Date().toISOString()).toBe(true);
    expect(JSON.stringify(reminders)).not.toContain('agent’s own');
  });
});
