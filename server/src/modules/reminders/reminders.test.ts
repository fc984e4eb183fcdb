import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_LIMITS } from '@cd/contracts/reminders';
import { runInScope } from '../../db/client';
import { countStatements, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { uniqueTestPhone } from '../../../test/test-phone';

let t: TTestApp;
let s: TSeededCompany;
let other: TSeededCompany;
let admin: string;
let agent: string;
let otherAdmin: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) => caller(t)(method, url, token, body);
const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function newCustomer(companyId = s.companyId, userId: number | null = null): Promise<number> {
  const phone = uniqueTestPhone({ prefix: '+1202555', digits: 5 });
  const res = await system((tx) =>
    tx.execute(
      sql`insert into customers (company_id, user_id, first_name, last_name, phone) values (${companyId}, ${userId}, 'Rita', 'Remind', ${phone}) returning id::int as id`,
    ),
  );
  return Number((res.rows[0] as { id: number }).id);
}

async function create(token: string, body: Record<string, unknown>) {
  const res = await call('POST', '/api/reminders', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; '@id': string; customerId: number | null; customerName: string | null; doneAt: string | null; dueAt: string };
}

type TStoredEvent = { topics: string[]; payload: { event: string; changes: string[] | null } };

async function liveEventsOf(companyId: number, id: number): Promise<TStoredEvent[]> {
  return system(async (tx) =>
    (
      await tx.execute(sql`select topics, payload from live_events where company_id = ${companyId} and payload->>'entity' = 'reminder'
        and (payload->'data'->>'id')::bigint = ${id} order by id`)
    ).rows.map((r: unknown) => r as TStoredEvent),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  other = await seedCompany(t.db);
  admin = (await login(t.app, s.admin.email)).token;
  agent = (await login(t.app, s.agent.email)).token;
  otherAdmin = (await login(t.app, other.admin.email)).token;
});
afterAll(() => t.close());

describe('reminders', () => {
  it('creates, reads, patches (merge-patch, done sets and clears doneAt) and deletes the caller’s own, telling only the author', async () => {
    const customerId = await newCustomer();
    const r = await create(admin, { text: '  Call Rita about the quote  ', dueAt: inDays(1), customer: `/api/customers/${customerId}` });
    expect(r).toMatchObject({ '@type': 'Reminder', text: 'Call Rita about the quote', customerId, customerName: 'Rita Remind', doneAt: null });
    expect((await call('GET', `/api/reminders/${r.id}`, admin)).json()).toEqual(r);

    const done = (await call('PATCH', `/api/reminders/${r.id}`, admin, { done: true })).json();
    expect(done.doneAt).toEqual(expect.any(String));
    expect(done.text).toBe('Call Rita about the quote');
    // Marking done again keeps the first done time.
    expect((await call('PATCH', `/api/reminders/${r.id}`, admin, { done: true })).json().doneAt).toBe(done.doneAt);
    const reopened = (await call('PATCH', `/api/reminders/${r.id}`, admin, { done: false, text: 'Call Rita again' })).json();
    expect(reopened).toMatchObject({ doneAt: null, text: 'Call Rita again', dueAt: r.dueAt });

    expect((await call('DELETE', `/api/reminders/${r.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/reminders/${r.id}`, admin)).statusCode).toBe(404);

    const events = await liveEventsOf(s.companyId, r.id);
    expect(events.map((e) => e.payload.event)).toEqual(['created', 'updated', 'updated', 'updated', 'removed']);
    expect(events[3]!.payload.changes).toEqual(['text', 'doneAt']);
    for (const e of events) expect(e.topics).toEqual([`/api/users/${s.admin.id}`]);
  });

  it('lists only the caller’s own, soonest due first, filtered by done and customer, paged by due time', async () => {
    const me = await seedCompany(t.db);
    const tok = (await login(t.app, me.admin.email)).token;
    const colleague = (await login(t.app, me.agent.email)).token;
    const customerId = await newCustomer(me.companyId);
    const late = await create(tok, { text: 'Later', dueAt: inDays(3) });
    const soon = await create(tok, { text: 'Soon', dueAt: inDays(1), customer: customerId });
    const overdue = await create(tok, { text: 'Overdue', dueAt: inDays(-1) });
    const finished = await create(tok, { text: 'Finished', dueAt: inDays(2) });
    await call('PATCH', `/api/reminders/${finished.id}`, tok, { done: true });
    await create(colleague, { text: 'Not yours', dueAt: inDays(1) });

    const all = (await call('GET', '/api/reminders', tok)).json();
    expect(all.member.map((m: { id: number }) => m.id)).toEqual([overdue.id, soon.id, finished.id, late.id]);
    expect(all.totalItems).toBe(4);
    expect((await call('GET', '/api/reminders?done=false', tok)).json().member.map((m: { id: number }) => m.id)).toEqual([overdue.id, soon.id, late.id]);
    expect((await call('GET', '/api/reminders?done=true', tok)).json().member.map((m: { id: number }) => m.id)).toEqual([finished.id]);
    expect((await call('GET', `/api/reminders?customer=/api/customers/${customerId}`, tok)).json().member.map((m: { id: number }) => m.id)).toEqual([soon.id]);

    const first = (await call('GET', '/api/reminders?itemsPerPage=2', tok)).json();
    expect(first.member.map((m: { id: number }) => m.id)).toEqual([overdue.id, soon.id]);
    expect(first.view.next).toContain('dueAt[strictly_after]=');
    const second = (await call('GET', first.view.next, tok)).json();
    expect(second.member.map((m: { id: number }) => m.id)).toEqual([finished.id, late.id]);
    expect(second.totalItems).toBeUndefined();
    const unpaged = (await call('GET', '/api/reminders?pagination=false', tok)).json();
    expect(unpaged.member).toHaveLength(4);
    expect(unpaged.view).toBeUndefined();

    // The list runs the same statements whatever the page size.
    const small = await countStatements(t, () => call('GET', '/api/reminders?itemsPerPage=1', tok));
    const large = await countStatements(t, () => call('GET', '/api/reminders?itemsPerPage=50', tok));
    expect(large).toBe(small);
  });

  it('keeps another user’s reminder, even in the same company, and another company’s, out of reach (404)', async () => {
    const mine = await create(admin, { text: 'Private', dueAt: inDays(1) });
    for (const token of [agent, otherAdmin]) {
      expect((await call('GET', `/api/reminders/${mine.id}`, token)).statusCode).toBe(404);
      expect((await call('PATCH', `/api/reminders/${mine.id}`, token, { done: true })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/reminders/${mine.id}`, token)).statusCode).toBe(404);
      const list = await call('GET', '/api/reminders?pagination=false', token);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('Private');
    }
    expect((await call('GET', `/api/reminders/${mine.id}`, admin)).json()).toMatchObject({ text: 'Private', doneAt: null });
  });

  it('refuses a customer of another company, or one an agent does not own (422)', async () => {
    const theirs = await newCustomer(other.companyId);
    const res = await call('POST', '/api/reminders', admin, { text: 'Sneak', dueAt: inDays(1), customer: theirs });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([expect.objectContaining({ propertyPath: 'customer' })]);
    const notOwned = await newCustomer(s.companyId, s.admin.id);
    expect((await call('POST', '/api/reminders', agent, { text: 'Not mine', dueAt: inDays(1), customer: notOwned })).statusCode).toBe(422);
    const owned = await newCustomer(s.companyId, s.agent.id);
    expect((await call('POST', '/api/reminders', agent, { text: 'Mine', dueAt: inDays(1), customer: owned })).statusCode).toBe(201);
    expect((await call('POST', '/api/reminders', admin, { text: 'Wrong type', dueAt: inDays(1), customer: '/api/users/1' })).statusCode).toBe(422);
    expect((await call('GET', `/api/reminders?customer=${theirs}`, admin)).json().member).toEqual([]);
  });

  it('answers bad input with 400/422, never 500', async () => {
    const r = await create(admin, { text: 'Valid', dueAt: inDays(1) });
    const bodies: unknown[] = [
      { text: '   ', dueAt: inDays(1) },
      { text: '', dueAt: inDays(1) },
      { text: 'Bell\u0007', dueAt: inDays(1) },
      { text: 'Nul\u0000', dueAt: inDays(1) },
      { text: 'x'.repeat(600), dueAt: inDays(1) },
      { text: 'Bad date', dueAt: 'tomorrow' },
      { text: 'Bad date', dueAt: '2026-02-30T10:00:00Z' },
      { text: 'No date' },
      { text: 'Unknown field', dueAt: inDays(1), priority: 'high' },
      { text: 'Bad customer', dueAt: inDays(1), customer: 'x'.repeat(65) },
      { text: 'Bad customer', dueAt: inDays(1), customer: -3 },
      { text: 12, dueAt: inDays(1) },
      [],
    ];
    for (const body of bodies) {
      const res = await call('POST', '/api/reminders', admin, body);
      expect([400, 422], `${JSON.stringify(body).slice(0, 80)} → ${res.body}`).toContain(res.statusCode);
    }
    for (const body of [{ done: 'yes' }, { text: '' }, { dueAt: 'soon' }, { userId: 5 }, { text: 'a\u001b[31m' }]) {
      const res = await call('PATCH', `/api/reminders/${r.id}`, admin, body);
      expect([400, 422], `${JSON.stringify(body)} → ${res.body}`).toContain(res.statusCode);
    }
    expect((await call('POST', '/api/reminders', admin, { text: 'x'.repeat(REMINDER_LIMITS.text), dueAt: inDays(1) })).statusCode).toBe(201);
    for (const url of [
      '/api/reminders/abc',
      '/api/reminders/0x10',
      '/api/reminders/99999999999999999999',
      '/api/reminders?done=maybe',
      '/api/reminders?itemsPerPage=0',
      `/api/reminders?itemsPerPage=${REMINDER_LIMITS.listMax + 1}`,
      '/api/reminders?dueAt[strictly_after]=yesterday',
      '/api/reminders?customer=/api/users/1',
      '/api/reminders?id[gt]=-1',
    ]) {
      const res = await call('GET', url, admin);
      expect(res.statusCode, `${url} → ${res.body}`).toBe(400);
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/reminders',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(5_000_000), dueAt: inDays(1) }),
    });
    expect([413, 422]).toContain(huge.statusCode);
    expect((await call('GET', `/api/reminders/${r.id}`, admin)).json().text).toBe('Valid');
  });
});

describe('the customer resource’s reminders', () => {
  it('lists the viewer’s open reminders about the customer, on the customer and in the inbox list', async () => {
    const me = await seedCompany(t.db);
    const tok = (await login(t.app, me.admin.email)).token;
    const colleague = (await login(t.app, me.agent.email)).token;
    const customerId = await newCustomer(me.companyId);
    const later = await create(tok, { text: 'Later', dueAt: inDays(2), customer: customerId });
    const sooner = await create(tok, { text: 'Sooner', dueAt: inDays(1), customer: customerId });
    const closed = await create(tok, { text: 'Closed', dueAt: inDays(1), customer: customerId });
    await call('PATCH', `/api/reminders/${closed.id}`, tok, { done: true });
    // A colleague's reminder about the same customer is theirs, not the viewer's.
    const own = await newCustomer(me.companyId, me.agent.id);
    await create(colleague, { text: 'Colleague', dueAt: inDays(1), customer: own });
    await create(tok, { text: 'About own', dueAt: inDays(1), customer: own });

    const expected = [
      { id: sooner.id, customerId },
      { id: later.id, customerId },
    ];
    expect((await call('GET', `/api/customers/${customerId}`, tok)).json().reminders).toEqual(expected);
    const list = (await call('GET', '/api/customers?itemsPerPage=30', tok)).json();
    const byId = new Map(list.member.map((c: { id: number; reminders: unknown }) => [c.id, c.reminders]));
    expect(byId.get(customerId)).toEqual(expected);
    const colleagueView = (await call('GET', `/api/customers/${own}`, colleague)).json().reminders as { id: number }[];
    expect(colleagueView).toHaveLength(1);
    expect((await call('GET', `/api/customers/${own}`, tok)).json().reminders).toHaveLength(1);
    expect(colleagueView[0]!.id).not.toBe((await call('GET', `/api/customers/${own}`, tok)).json().reminders[0].id);

    // The inbox page runs the same statements with 1 or 30 customers on it, reminders included.
    for (let i = 0; i < 3; i++) await create(tok, { text: `Bulk ${i}`, dueAt: inDays(1), customer: await newCustomer(me.companyId) });
    const small = await countStatements(t, () => call('GET', '/api/customers?itemsPerPage=1', tok));
    const large = await countStatements(t, () => call('GET', '/api/customers?itemsPerPage=30', tok));
    expect(large).toBe(small);

    // Deleting the customer keeps the reminder, no longer about anyone.
    await system((tx) => tx.execute(sql`delete from customers where company_id = ${me.companyId} and id = ${customerId}`));
    expect((await call('GET', `/api/reminders/${sooner.id}`, tok)).json()).toMatchObject({ customerId: null, customerName: null, text: 'Sooner' });
  });
});

describe('a merge of customers', () => {
  it('moves the duplicate’s reminders to the kept customer', async () => {
    const kept = await newCustomer();
    const duplicate = await newCustomer();
    const r = await create(admin, { text: 'About the duplicate', dueAt: inDays(1), customer: duplicate });
    const merged = await call('PUT', `/api/customers/${kept}/merge`, admin, { source: duplicate });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await call('GET', `/api/reminders/${r.id}`, admin)).json().customerId).toBe(kept);
    expect((await call('GET', `/api/customers/${kept}`, admin)).json().reminders).toEqual([{ id: r.id, customerId: kept }]);
  });
});
