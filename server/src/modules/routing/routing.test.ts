import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TTestApp } from '../../../test/helpers';
import { multipartBody } from '../../../test/multipart';
import { caller } from '../../../test/repair-order-fixtures';
import { createRoutingFixtures, type TRoutingCompany } from '../../../test/routing-fixtures';

let t: TTestApp;
const f = createRoutingFixtures(() => t);
const { system, rows, phone, company } = f;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) => caller(t)(method, url, token, body);
type TCo = TRoutingCompany;
const inbound = (co: TCo, from: string, body?: string) => f.inbound(co, { from, body });

async function rule(co: TCo, body: Record<string, unknown>) {
  const res = await call('POST', '/api/routing/rules', co.adminToken, { name: 'Rule', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function decisions(co: TCo, customerId: number) {
  const res = await call('GET', `/api/routing/conversations/${customerId}/decisions`, co.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().member as {
    kind: string;
    reason: string;
    chosenUserId: number | null;
    skipped: { userId: number; reason: string }[];
    strategy: string | null;
  }[];
}

async function reply(token: string, customerId: number, content = 'On it') {
  const form = multipartBody([
    { name: 'customerId', value: String(customerId) },
    { name: 'content', value: content },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { ...bearer(token), ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(201);
}

/** Makes the company's planned jobs of `kind` due now and runs the worker. */
async function runJobs(co: TCo, kind: string) {
  await system((tx) =>
    tx.execute(sql`update outbox_jobs set run_at = now() - interval '1 second' where company_id = ${co.companyId} and kind = ${kind} and done_at is null`),
  );
  await t.app.deps.jobs.drain();
}

const setAway = (userId: number, status: string) =>
  system((tx) => tx.execute(sql`update users set away_state = jsonb_set(away_state, '{status}', to_jsonb(${status}::text)) where id = ${userId}`));

const notificationsOf = (userId: number, kind: string) =>
  rows<{ n: number }>(sql`select count(*)::int as n from notifications where user_id = ${userId} and kind = ${kind}`).then((r) => r[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('routing rules', () => {
  it('round robin spreads parallel inbound messages evenly among online agents of the role, recording each decision', async () => {
    const co = await company();
    await rule(co, { strategy: 'round_robin', role: 'ROLE_COMMUNICATION' });
    const got = await Promise.all(Array.from({ length: 6 }, () => inbound(co, phone())));
    const owners = got.map((c) => c.user_id);
    expect(owners.filter((o) => o === co.admin.id)).toHaveLength(3);
    expect(owners.filter((o) => o === co.agent.id)).toHaveLength(3);
    const d = await decisions(co, got[0]!.id);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ kind: 'route', reason: 'matched', strategy: 'round_robin', chosenUserId: got[0]!.user_id });
  });

  it('skips away and disabled agents and says why', async () => {
    const co = await company();
    await rule(co, { strategy: 'round_robin', role: 'ROLE_COMMUNICATION' });
    await setAway(co.agent.id, 'AWAY');
    await system((tx) => tx.execute(sql`update users set enabled = false, roles = roles || '{ROLE_COMMUNICATION}' where id = ${co.user2.id}`));
    const a = await inbound(co, phone());
    const b = await inbound(co, phone());
    expect([a.user_id, b.user_id]).toEqual([co.admin.id, co.admin.id]);
    expect((await decisions(co, a.id))[0]!.skipped).toEqual(
      expect.arrayContaining([
        { userId: co.agent.id, reason: 'away' },
        { userId: co.user2.id, reason: 'disabled' },
      ]),
    );
    await setAway(co.admin.id, 'AWAY_WITH_TRANSFER');
    const c = await inbound(co, phone());
    const d = (await decisions(co, c.id))[0]!;
    expect(d.reason).toBe('no_agent_available');
    expect(d.chosenUserId).toBeNull();
    expect(d.skipped).toEqual(
      expect.arrayContaining([
        { userId: co.admin.id, reason: 'away' },
        { userId: co.agent.id, reason: 'away' },
      ]),
    );
  });

  it('least busy picks the agent with the fewest unanswered conversations; a reply frees one', async () => {
    const co = await company();
    await rule(co, { strategy: 'least_busy', role: 'ROLE_COMMUNICATION' });
    const first = await inbound(co, phone());
    expect(first.user_id).toBe(co.admin.id);
    const second = await inbound(co, phone());
    expect(second.user_id).toBe(co.agent.id);
    await reply(co.adminToken, first.id);
    const third = await inbound(co, phone());
    expect(third.user_id).toBe(co.admin.id);
  });

  it('sticky goes back to the previous owner; keyword and channel conditions pick the rule; fixed user', async () => {
    const co = await company();
    await rule(co, { name: 'Service desk', strategy: 'fixed_user', userId: co.user2.id, keywords: ['Service'] });
    await rule(co, { name: 'WhatsApp', strategy: 'fixed_user', userId: co.admin.id, channels: ['whatsapp'] });
    await rule(co, { name: 'Sticky', strategy: 'sticky' });
    await rule(co, { name: 'Fallback', strategy: 'fixed_user', userId: co.agent.id });
    expect((await inbound(co, phone(), 'my car needs SERVICE asap')).user_id).toBe(co.user2.id);
    const plain = await inbound(co, phone(), 'hi');
    expect(plain.user_id).toBe(co.agent.id);
    // The conversation loses its owner; the next message goes back to the agent who had it.
    await system((tx) => tx.execute(sql`update customers set user_id = null where id = ${plain.id}`));
    const from = (await rows<{ phone: string }>(sql`select phone from customers where id = ${plain.id}`))[0]!.phone;
    await rule(co, { name: 'Never', strategy: 'fixed_user', userId: co.user2.id, keywords: ['zzz'] });
    const again = await inbound(co, from, 'me again');
    expect(again.user_id).toBe(co.agent.id);
    const d = await decisions(co, plain.id);
    expect(d[0]).toMatchObject({ strategy: 'sticky', chosenUserId: co.agent.id });
  });

  it('never treats a keyword as a pattern', async () => {
    const co = await company();
    await rule(co, { strategy: 'fixed_user', userId: co.user2.id, keywords: ['(a+)+$'] });
    await rule(co, { strategy: 'fixed_user', userId: co.agent.id });
    expect((await inbound(co, phone(), 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!')).user_id).toBe(co.agent.id);
    expect((await inbound(co, phone(), 'literally (a+)+$ here')).user_id).toBe(co.user2.id);
  });
});

describe('reassignment and response-time targets', () => {
  it('reassigns an unanswered conversation after N minutes; a reply cancels the timer', async () => {
    const co = await company();
    await rule(co, { strategy: 'round_robin', role: 'ROLE_COMMUNICATION' });
    expect((await call('PATCH', '/api/routing/settings', co.adminToken, { reassignMinutes: 5 })).statusCode).toBe(200);
    const c = await inbound(co, phone());
    expect(c.user_id).toBe(co.admin.id);
    await runJobs(co, 'routing_reassign');
    const [after] = await rows<{ user_id: number }>(sql`select user_id::int from customers where id = ${c.id}`);
    expect(after!.user_id).toBe(co.agent.id);
    expect((await decisions(co, c.id))[0]).toMatchObject({ kind: 'reassign', reason: 'unanswered', chosenUserId: co.agent.id });

    const d = await inbound(co, phone());
    await reply(d.user_id === co.admin.id ? co.adminToken : co.agentToken, d.id);
    const jobs = await rows<{ done_at: Date | null; last_error: string | null }>(
      sql`select done_at, last_error from outbox_jobs where company_id = ${co.companyId} and kind = 'routing_reassign' and (payload->>'customerId')::bigint = ${d.id}`,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.done_at).not.toBeNull();
    expect(jobs[0]!.last_error).toMatch(/cancelled/);
    await runJobs(co, 'routing_reassign');
    const [still] = await rows<{ user_id: number }>(sql`select user_id::int from customers where id = ${d.id}`);
    expect(still!.user_id).toBe(d.user_id);
  });

  it('puts the due time on the conversation, warns the owner then the admins once, counts the breach', async () => {
    const co = await company();
    const allDay = Array.from({ length: 7 }, () => ({ start: '00:00', end: '23:59' }));
    const set = await call('PATCH', '/api/routing/settings', co.adminToken, { firstReplyMinutes: 60, warnPercent: 80, businessHours: allDay });
    expect(set.statusCode, set.body).toBe(200);
    await rule(co, { strategy: 'fixed_user', userId: co.agent.id });
    const c = await inbound(co, phone());
    expect(c.response_due_at).not.toBeNull();
    const res = await call('GET', `/api/customers/${c.id}`, co.adminToken);
    expect(res.json().responseDueAt).toBe(new Date(c.response_due_at!).toISOString());
    await runJobs(co, 'routing_sla_warn');
    await runJobs(co, 'routing_sla_breach');
    // The same jobs again (a retry, a duplicate): nobody hears twice.
    await system((tx) =>
      tx.execute(sql`insert into outbox_jobs (company_id, kind, payload, run_at) select company_id, kind, payload, now() from outbox_jobs
        where company_id = ${co.companyId} and kind in ('routing_sla_warn', 'routing_sla_breach')`),
    );
    await t.app.deps.jobs.drain();
    expect(await notificationsOf(co.agent.id, 'response_time_warning')).toBe(1);
    expect(await notificationsOf(co.admin.id, 'response_time_breach')).toBe(1);
    expect(await notificationsOf(co.agent.id, 'response_time_breach')).toBe(0);
    expect((await call('GET', '/api/routing/settings', co.adminToken)).json().breaches).toBe(1);
    // The admin takes the late conversation over and answers: the breach stays the agent's, who owned it when it happened.
    await system((tx) => tx.execute(sql`update customers set user_id = ${co.admin.id} where id = ${c.id}`));
    await reply(co.adminToken, c.id);
    const [after] = await rows<{ response_due_at: Date | null }>(sql`select response_due_at from customers where id = ${c.id}`);
    expect(after!.response_due_at).toBeNull();
    const [wait] = await rows<{ owner_id: number }>(sql`select owner_id::int from routing_waits where company_id = ${co.companyId} and customer_id = ${c.id}`);
    expect(wait!.owner_id).toBe(co.agent.id);
    const report = await call('GET', '/api/analytics?period=today', co.adminToken);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().responseTargets.perAgent).toEqual([expect.objectContaining({ userId: co.agent.id, waits: 1, breached: 1 })]);
  });

  it('records who owned an answered wait when the reply came', async () => {
    const co = await company();
    const allDay = Array.from({ length: 7 }, () => ({ start: '00:00', end: '23:59' }));
    await call('PATCH', '/api/routing/settings', co.adminToken, { firstReplyMinutes: 30, businessHours: allDay });
    await rule(co, { strategy: 'fixed_user', userId: co.agent.id });
    const c = await inbound(co, phone());
    await reply(co.agentToken, c.id);
    await system((tx) => tx.execute(sql`update customers set user_id = ${co.admin.id} where id = ${c.id}`));
    const [wait] = await rows<{ owner_id: number }>(sql`select owner_id::int from routing_waits where company_id = ${co.companyId} and customer_id = ${c.id}`);
    expect(wait!.owner_id).toBe(co.agent.id);
  });

  it('a reply before the warning cancels both escalations', async () => {
    const co = await company();
    const allDay = Array.from({ length: 7 }, () => ({ start: '00:00', end: '23:59' }));
    await call('PATCH', '/api/routing/settings', co.adminToken, { firstReplyMinutes: 30, businessHours: allDay });
    const c = await inbound(co, phone());
    await system((tx) => tx.execute(sql`update customers set user_id = ${co.agent.id} where id = ${c.id}`));
    await reply(co.agentToken, c.id);
    await runJobs(co, 'routing_sla_warn');
    await runJobs(co, 'routing_sla_breach');
    expect(await notificationsOf(co.agent.id, 'response_time_warning')).toBe(0);
    expect(await notificationsOf(co.admin.id, 'response_time_breach')).toBe(0);
  });
});

describe('take', () => {
  it('two agents pressing take at once: exactly one wins, the other hears who has it', async () => {
    const co = await company();
    const c = await inbound(co, phone());
    await system((tx) => tx.execute(sql`update customers set user_id = null where id = ${c.id}`));
    const [a, b] = await Promise.all([
      call('POST', `/api/routing/conversations/${c.id}/take`, co.adminToken),
      call('POST', `/api/routing/conversations/${c.id}/take`, co.agentToken),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winnerId = a.statusCode === 200 ? co.admin.id : co.agent.id;
    expect(loser.json().detail).toContain(winnerId === co.admin.id ? 'admin' : 'agent');
    const [row] = await rows<{ user_id: number }>(sql`select user_id::int from customers where id = ${c.id}`);
    expect(row!.user_id).toBe(winnerId);
    expect((await decisions(co, c.id)).filter((d) => d.kind === 'take')).toHaveLength(1);
    const again = await call('POST', `/api/routing/conversations/${c.id}/take`, winnerId === co.admin.id ? co.adminToken : co.agentToken);
    expect(again.json()).toMatchObject({ changed: false });
  });
});

describe('access and input', () => {
  it('admins only for settings and rules; other companies see nothing', async () => {
    const co = await company();
    const other = await company();
    const r = await rule(co, { strategy: 'sticky' });
    const c = await inbound(co, phone());
    expect((await call('GET', '/api/routing/rules', co.agentToken)).statusCode).toBe(403);
    expect((await call('PATCH', '/api/routing/settings', co.agentToken, { warnPercent: 50 })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/routing/rules/${r.id}`, other.adminToken, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/routing/rules/${r.id}`, other.adminToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/routing/conversations/${c.id}/decisions`, other.adminToken)).statusCode).toBe(404);
    expect((await call('POST', `/api/routing/conversations/${c.id}/take`, other.agentToken)).statusCode).toBe(404);
    expect((await call('GET', '/api/routing/rules', other.adminToken)).json().member).toHaveLength(0);
    // A fixed user of another company is refused.
    const bad = await call('POST', '/api/routing/rules', co.adminToken, { name: 'x', strategy: 'fixed_user', userId: other.agent.id });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses bad input with 400/422, never 500', async () => {
    const co = await company();
    const bodies: unknown[] = [
      { name: '', strategy: 'sticky' },
      { name: 'x', strategy: 'regex' },
      { name: 'x', strategy: 'fixed_user' },
      { name: 'x', strategy: 'sticky', keywords: Array.from({ length: 500 }, () => 'k') },
      { name: 'x', strategy: 'sticky', keywords: ['a'.repeat(10_000)] },
      { name: 'x\u0000', strategy: 'sticky' },
      { name: 'x', strategy: 'sticky', channels: ['pigeon'] },
      { name: 'x', strategy: 'sticky', role: 'ROLE_GOD' },
      { name: 'x', strategy: 'fixed_user', userId: 9_999_999_999 },
      [],
      'nope',
    ];
    for (const body of bodies)
      expect([400, 422], JSON.stringify(body).slice(0, 80)).toContain((await call('POST', '/api/routing/rules', co.adminToken, body)).statusCode);
    const settings: unknown[] = [
      { businessHours: [] },
      { businessHours: Array.from({ length: 7 }, () => ({ start: '17:00', end: '09:00' })) },
      { businessHours: Array.from({ length: 7 }, () => ({ start: '25:00', end: '26:00' })) },
      { firstReplyMinutes: 0 },
      { firstReplyMinutes: 1e9 },
      { warnPercent: 100 },
    ];
    for (const body of settings) expect([400, 422]).toContain((await call('PATCH', '/api/routing/settings', co.adminToken, body)).statusCode);
    const a = await rule(co, { strategy: 'sticky' });
    const b = await rule(co, { strategy: 'sticky' });
    expect((await call('PUT', '/api/routing/rule_order', co.adminToken, { ids: [a.id] })).statusCode).toBe(422);
    expect((await call('PUT', '/api/routing/rule_order', co.adminToken, { ids: [a.id, a.id] })).statusCode).toBe(422);
    const ok = await call('PUT', '/api/routing/rule_order', co.adminToken, { ids: [b.id, a.id] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().member.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
  });
});
