import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTS_MESSAGES } from '@cd/contracts/parts';
import { runInScope } from '../../db/client';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { paymentRequestPaid } from '../payments/payments.api';
import { countStatements, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';

let t: TTestApp;
let s: TSeededCompany;
let other: TSeededCompany;
let admin: string;
let partsUser: string;
let plainUser: string;
let otherAdmin: string;

const call = (method: string, url: string, token: string, body?: unknown) => caller(t)(method as 'GET', url, token, body);

async function grantParts(userId: number) {
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update users set roles = array['ROLE_USER', 'ROLE_AUTO_PARTS_SALES'] where id = ${userId}`),
  );
}

async function newCustomer(body: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/parts_customers', partsUser, { name: `Garage ${Math.random().toString(36).slice(2, 8)}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; '@id': string };
}

const line = (over: Record<string, unknown> = {}) => ({
  partNumber: 'PN-1',
  description: 'Brake pads',
  quantity: 2,
  unitPriceCents: 1999,
  taxRate: 8.875,
  ...over,
});

async function newTicket(customer: number, over: Record<string, unknown> = {}, path = '/api/parts_counter_tickets') {
  const res = await call('POST', path, partsUser, { customer, date: '2026-03-10', lines: [line()], ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  other = await seedCompany(t.db);
  await grantParts(s.user2.id);
  admin = (await login(t.app, s.admin.email)).token;
  partsUser = (await login(t.app, s.user2.email)).token;
  plainUser = (await login(t.app, s.agent.email)).token;
  otherAdmin = (await login(t.app, other.admin.email)).token;
});
afterAll(() => t.close());

describe('roles', () => {
  it('lets company admins and the parts role in, and refuses other users with 403', async () => {
    expect((await call('GET', '/api/parts_customers', admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/parts_customers', partsUser)).statusCode).toBe(200);
    for (const url of ['/api/parts_customers', '/api/parts_sales', '/api/parts_counter_tickets', '/api/parts_statements'])
      expect((await call('GET', url, plainUser)).statusCode).toBe(403);
    expect((await call('POST', '/api/parts_customers', plainUser, { name: 'X' })).statusCode).toBe(403);
    expect((await call('GET', '/api/parts_customers', '')).statusCode).toBe(401);
  });
});

describe('parts customers', () => {
  it('creates, reads, changes and lists them; references are unique per company', async () => {
    const c = await newCustomer({ contactName: 'Ann', phone: '+1 (202) 555-0123', email: 'ann@garage.example', termsDays: 45, customerReference: 'G-100' });
    const got = (await call('GET', `/api/parts_customers/${c.id}`, partsUser)).json();
    expect(got).toMatchObject({ '@type': 'PartsCustomer', phone: '+12025550123', termsDays: 45, customerReference: 'G-100', balanceCents: 0, customer: null });
    const patched = await call('PATCH', `/api/parts_customers/${c.id}`, partsUser, { termsDays: 10, email: '' });
    expect(patched.json()).toMatchObject({ termsDays: 10, email: null });
    const twin = await call('POST', '/api/parts_customers', partsUser, { name: 'Twin', customerReference: 'g-100' });
    expect(twin.statusCode).toBe(422);
    expect(twin.json().violations[0].propertyPath).toBe('customerReference');
    // The same reference in another company is that company's business.
    expect((await call('POST', '/api/parts_customers', otherAdmin, { name: 'Twin', customerReference: 'G-100' })).statusCode).toBe(201);
    const list = (await call('GET', '/api/parts_customers?pagination=false&name=G-100', partsUser)).json();
    expect(list.member.map((m: { id: number }) => m.id)).toEqual([c.id]);
  });

  it('refuses bad input with 422 and never 500', async () => {
    const bad = [
      {},
      { name: '' },
      { name: 'x'.repeat(201) },
      { name: 'Ok', termsDays: -1 },
      { name: 'Ok', termsDays: 1.5 },
      { name: 'Ok', phone: 'not a phone' },
      { name: 'Ok', email: 'nope' },
      { name: 'Ok', customer: '/api/users/1' },
      { name: 'Ok', extra: true },
      { name: 'Bad\u0007bell' },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/parts_customers', partsUser, body);
      expect([400, 422], `${JSON.stringify(body)} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    // Another company's messaging customer cannot be linked.
    const theirs = await call('POST', '/api/customers', otherAdmin, { phone: '+15550109999', firstName: 'Theirs' });
    const res = await call('POST', '/api/parts_customers', partsUser, { name: 'Ok', customer: theirs.json().id });
    expect(res.statusCode).toBe(422);
    expect((await call('GET', '/api/parts_customers?itemsPerPage=0', partsUser)).statusCode).toBe(400);
    expect((await call('GET', '/api/parts_counter_tickets?customer=abc', partsUser)).statusCode).toBe(400);
  });

  it('pages newest first by keyset with a constant number of statements', async () => {
    for (let i = 0; i < 3; i++) await newCustomer({ customerReference: `PAGE-${i}` });
    const first = (await call('GET', '/api/parts_customers?itemsPerPage=2', partsUser)).json();
    expect(first.member).toHaveLength(2);
    expect(first.view.next).toContain('createdAt[strictly_before]=');
    const second = (await call('GET', first.view.next, partsUser)).json();
    expect(second.member.map((m: { id: number }) => m.id)).not.toContain(first.member[0].id);
    const small = await countStatements(t, () => call('GET', '/api/parts_customers?itemsPerPage=1', partsUser));
    const large = await countStatements(t, () => call('GET', '/api/parts_customers?itemsPerPage=50', partsUser));
    expect(large).toBe(small);
  });
});

describe('tickets and totals', () => {
  it('computes line and ticket totals in cents by the one rounding rule', async () => {
    const c = await newCustomer();
    const ticket = await newTicket(c.id, {
      lines: [
        line(),
        line({ partNumber: 'PN-2', quantity: 1.5, unitPriceCents: 333, taxRate: null, taxCents: 7 }),
        line({ partNumber: 'RET', quantity: 1, unitPriceCents: -500, taxRate: 0 }),
      ],
    });
    // 2 × 19.99 = 39.98; tax 8.875 % = 3.548… → 3.55. 1.5 × 3.33 = 4.995 → 5.00 (half away from zero); tax 0.07 as given.
    expect(ticket.lines.map((l: { netCents: number; taxCents: number }) => [l.netCents, l.taxCents])).toEqual([
      [3998, 355],
      [500, 7],
      [-500, 0],
    ]);
    expect(ticket).toMatchObject({
      '@type': 'PartsCounterTicket',
      subtotalCents: 3998,
      taxCents: 362,
      totalCents: 4360,
      status: 'unpaid',
      number: `T-${ticket.id}`,
    });
    const customer = (await call('GET', `/api/parts_customers/${c.id}`, partsUser)).json();
    expect(customer.balanceCents).toBe(4360);
    expect(customer.overdueCents).toBe(4360);
  });

  it('keeps sales and counter tickets apart, numbers unique per kind', async () => {
    const c = await newCustomer();
    const sale = await newTicket(c.id, { number: 'INV-1' }, '/api/parts_sales');
    expect(sale['@id']).toBe(`/api/parts_sales/${sale.id}`);
    expect((await call('GET', `/api/parts_counter_tickets/${sale.id}`, partsUser)).statusCode).toBe(404);
    const dup = await call('POST', '/api/parts_sales', partsUser, { customer: c.id, lines: [line()], number: 'INV-1' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().violations[0]).toMatchObject({ propertyPath: 'number', message: PARTS_MESSAGES.duplicateNumber });
    await newTicket(c.id, { number: 'INV-1' });
    const list = (await call('GET', `/api/parts_sales?customer=${c.id}&pagination=false`, partsUser)).json();
    expect(list.member.map((m: { id: number }) => m.id)).toEqual([sale.id]);
  });

  it('refuses bad lines with the line named', async () => {
    const c = await newCustomer();
    const cases: [unknown, string][] = [
      [{ customer: c.id, lines: [] }, 'lines'],
      [{ customer: c.id, lines: [line({ quantity: 0 })] }, 'lines.0.quantity'],
      [{ customer: c.id, lines: [line({ quantity: 1.2345 })] }, 'lines.0.quantity'],
      [{ customer: c.id, lines: [line({ unitPriceCents: 1.5 })] }, 'lines.0.unitPriceCents'],
      [{ customer: c.id, lines: [line(), line({ taxRate: 101 })] }, 'lines.1.taxRate'],
      [{ customer: c.id, lines: [line({ unitPriceCents: 9_999_999_999, quantity: 2 })] }, 'lines.0.unitPriceCents'],
      [{ customer: c.id, date: '2026-02-30', lines: [line()] }, 'date'],
      [{ customer: 999999999, lines: [line()] }, 'customer'],
    ];
    for (const [body, path] of cases) {
      const res = await call('POST', '/api/parts_counter_tickets', partsUser, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain(path);
    }
    const huge = await call('POST', '/api/parts_counter_tickets', partsUser, { customer: c.id, lines: Array.from({ length: 201 }, () => line()) });
    expect(huge.statusCode).toBe(422);
  });

  it('will not file a ticket under another company’s parts customer', async () => {
    const c = await newCustomer();
    const res = await call('POST', '/api/parts_counter_tickets', otherAdmin, { customer: c.id, lines: [line()] });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain('Garage');
  });
});

describe('statements', () => {
  it('gathers the unpaid tickets of the period once, and frees them when the open statement is deleted', async () => {
    const c = await newCustomer({ customerReference: 'ST-REF' });
    const a = await newTicket(c.id, { date: '2026-03-01' });
    const b = await newTicket(c.id, { date: '2026-03-31' }, '/api/parts_sales');
    await newTicket(c.id, { date: '2026-04-01' });
    const res = await call('POST', '/api/parts_statements', partsUser, { customer: c.id, from: '2026-03-01', to: '2026-03-31' });
    expect(res.statusCode, res.body).toBe(201);
    const st = res.json();
    expect(st).toMatchObject({ status: 'open', amountCents: a.totalCents + b.totalCents, customerReference: 'ST-REF', number: `ST-${st.id}` });
    expect(st.tickets.map((x: { '@id': string }) => x['@id']).sort()).toEqual([a['@id'], b['@id']].sort());
    const again = await call('POST', '/api/parts_statements', partsUser, { customer: c.id, from: '2026-03-01', to: '2026-03-31' });
    expect(again.statusCode).toBe(422);
    expect(again.json().violations[0].message).toBe(PARTS_MESSAGES.noTickets);
    const onStatement = (await call('GET', `/api/parts_counter_tickets?customer=${c.id}&exists[statement]=true&pagination=false`, partsUser)).json();
    expect(onStatement.member.map((m: { id: number }) => m.id)).toEqual([a.id]);
    expect((await call('DELETE', `/api/parts_statements/${st.id}`, partsUser)).statusCode).toBe(204);
    expect((await call('GET', `/api/parts_counter_tickets/${a.id}`, partsUser)).json().statement).toBeNull();
  });

  it('two statements made at the same moment never share a ticket', async () => {
    const c = await newCustomer();
    for (let i = 0; i < 3; i++) await newTicket(c.id, { date: '2026-05-0' + (i + 1) });
    const body = { customer: c.id, from: '2026-05-01', to: '2026-05-31' };
    const results = await Promise.all([1, 2, 3].map(() => call('POST', '/api/parts_statements', partsUser, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    const list = (await call('GET', `/api/parts_statements?customer=${c.id}`, partsUser)).json();
    expect(list.totalItems).toBe(1);
    expect(list.member[0].tickets).toHaveLength(3);
  });

  it('refuses a reversed or too long period and unknown customers', async () => {
    const c = await newCustomer();
    for (const body of [
      { customer: c.id, from: '2026-03-10', to: '2026-03-01' },
      { customer: c.id, from: '2025-01-01', to: '2026-03-01' },
      { customer: c.id, from: 'yesterday', to: '2026-03-01' },
      { customer: 999999999, from: '2026-03-01', to: '2026-03-02' },
    ])
      expect((await call('POST', '/api/parts_statements', partsUser, body)).statusCode).toBe(422);
  });

  it('a customer with tickets cannot be deleted; one without can', async () => {
    const used = await newCustomer();
    await newTicket(used.id);
    const res = await call('DELETE', `/api/parts_customers/${used.id}`, partsUser);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(PARTS_MESSAGES.customerInUse);
    const unused = await newCustomer();
    expect((await call('DELETE', `/api/parts_customers/${unused.id}`, partsUser)).statusCode).toBe(204);
    expect((await call('GET', `/api/parts_customers/${unused.id}`, partsUser)).statusCode).toBe(404);
  });
});

describe('sending by text with a payment link, and settling when paid', () => {
  async function enablePayments(companyId: number) {
    const payment = { provider: 'current', enabled: true, text: 'Pay your parts account: {payment_url}' };
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`update companies set payment = ${JSON.stringify(payment)}::jsonb where id = ${companyId}`),
    );
  }
  async function linkedCustomer() {
    const messaging = await call('POST', '/api/customers', admin, { phone: `+1202555${String(Math.floor(1000 + Math.random() * 8999))}`, firstName: 'Trade' });
    expect(messaging.statusCode, messaging.body).toBe(201);
    return newCustomer({ customer: messaging.json().id });
  }
  const paid = (paymentRequestId: number, source: 'parts_ticket' | 'parts_statement', sourceId: number) =>
    runWithLiveEvents({
      deps: t.app.deps,
      scope: { companyId: s.companyId },
      fn: (tx, emit) =>
        paymentRequestPaid.run({ tx, deps: t.app.deps, companyId: s.companyId, paymentRequestId, source, sourceId, paidCents: 1, paidAt: new Date(), emit }),
    });

  beforeAll(() => enablePayments(s.companyId));

  it('refuses an account without a messaging customer, a credit and a ticket on a statement', async () => {
    const unlinked = await newCustomer();
    const ticket = await newTicket(unlinked.id);
    const res = await call('POST', `/api/parts_counter_tickets/${ticket.id}/send`, partsUser, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].message).toBe(PARTS_MESSAGES.notLinked);
    const credit = await newTicket(unlinked.id, { lines: [line({ unitPriceCents: -100 })] });
    expect((await call('POST', `/api/parts_counter_tickets/${credit.id}/send`, partsUser, {})).statusCode).toBe(422);
    const c = await linkedCustomer();
    const onStatement = await newTicket(c.id, { date: '2026-06-02' });
    await call('POST', '/api/parts_statements', partsUser, { customer: c.id, from: '2026-06-01', to: '2026-06-30' });
    const refused = await call('POST', `/api/parts_counter_tickets/${onStatement.id}/send`, partsUser, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(PARTS_MESSAGES.onStatement);
  });

  it('sends a ticket once while its link is pending, and marks it paid once when that request is paid', async () => {
    const c = await linkedCustomer();
    const ticket = await newTicket(c.id);
    const results = await Promise.all([1, 2].map(() => call('POST', `/api/parts_counter_tickets/${ticket.id}/send`, partsUser, {})));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const sent = results.find((r) => r.statusCode === 200)!.json();
    expect(sent.paymentRequest).toMatch(/^\/api\/payment_requests\/\d+$/);
    expect(sent.sentAt).not.toBeNull();
    const requestId = Number(sent.paymentRequest.split('/').pop());
    const [request] = (
      await runInScope(t.db, { companyId: s.companyId }, (tx) =>
        tx.execute(sql`select source, source_id, amount_cents, invoice, bill_to from payment_requests where company_id = ${s.companyId} and id = ${requestId}`),
      )
    ).rows as { source: string; source_id: string; amount_cents: string; invoice: string }[];
    expect(request).toMatchObject({ source: 'parts_ticket', invoice: ticket.number });
    expect(Number(request!.source_id)).toBe(ticket.id);
    expect(Number(request!.amount_cents)).toBe(ticket.totalCents);
    // Another request's payment (a stale link) does not settle it; its own does, once.
    await paid(requestId + 100000, 'parts_ticket', ticket.id);
    expect((await call('GET', `/api/parts_counter_tickets/${ticket.id}`, partsUser)).json().status).toBe('unpaid');
    await paid(requestId, 'parts_ticket', ticket.id);
    const after = (await call('GET', `/api/parts_counter_tickets/${ticket.id}`, partsUser)).json();
    expect(after).toMatchObject({ status: 'paid' });
    await paid(requestId, 'parts_ticket', ticket.id);
    expect((await call('GET', `/api/parts_counter_tickets/${ticket.id}`, partsUser)).json().paidAt).toBe(after.paidAt);
    expect((await call('POST', `/api/parts_counter_tickets/${ticket.id}/send`, partsUser, {})).statusCode).toBe(409);
    expect((await call('GET', `/api/parts_customers/${c.id}`, partsUser)).json().balanceCents).toBe(0);
  });

  it('sends a statement for its amount and, when paid, pays every ticket on it', async () => {
    const c = await linkedCustomer();
    const a = await newTicket(c.id, { date: '2026-07-01' });
    const b = await newTicket(c.id, { date: '2026-07-15' }, '/api/parts_sales');
    const st = (await call('POST', '/api/parts_statements', partsUser, { customer: c.id, from: '2026-07-01', to: '2026-07-31' })).json();
    const res = await call('POST', `/api/parts_statements/${st.id}/send`, partsUser, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'sent', amountCents: a.totalCents + b.totalCents });
    expect((await call('DELETE', `/api/parts_statements/${st.id}`, partsUser)).statusCode).toBe(409);
    const requestId = Number(res.json().paymentRequest.split('/').pop());
    await paid(requestId, 'parts_statement', st.id);
    expect((await call('GET', `/api/parts_statements/${st.id}`, partsUser)).json().status).toBe('paid');
    expect((await call('GET', `/api/parts_counter_tickets/${a.id}`, partsUser)).json().status).toBe('paid');
    expect((await call('GET', `/api/parts_sales/${b.id}`, partsUser)).json().status).toBe('paid');
  });

  it('says so when payments are off for the company', async () => {
    const c = await (async () => {
      const m = await call('POST', '/api/customers', otherAdmin, { phone: '+12025550199', firstName: 'Other' });
      return (await call('POST', '/api/parts_customers', otherAdmin, { name: 'Other Co', customer: m.json().id })).json();
    })();
    const ticket = (await call('POST', '/api/parts_counter_tickets', otherAdmin, { customer: c.id, lines: [line()] })).json();
    const res = await call('POST', `/api/parts_counter_tickets/${ticket.id}/send`, otherAdmin, {});
    expect(res.statusCode).toBe(422);
  });
});
