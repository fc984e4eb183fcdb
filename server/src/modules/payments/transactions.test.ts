import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, countStatements, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { enablePayments, grantPaymentRole, insertCustomer, insertPaymentRequest, insertSale } from '../../../test/payment-operations-fixtures';
import { csvCell } from '../../lib/csv';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
/** The refund tests' own company (tests run shuffled: the list tests count company A's rows). */
let r: TSeededCompany;
let refunder: string;
let admin: string;
let payer: string;
let agent: string;
let intruder: string;
const ids: Record<string, number> = {};

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const refund = (id: number, payload: unknown, token = refunder) =>
  t.app.inject({ method: 'POST', url: `/api/payment/transactions/${id}/refund`, headers: bearer(token), payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  await enablePayments(t, a);
  await enablePayments(t, b);
  r = await seedCompany(t.db);
  await enablePayments(t, r);
  refunder = (await login(t.app, r.admin.email)).token;
  await grantPaymentRole(t, a.user2.id);
  admin = (await login(t.app, a.admin.email)).token;
  payer = (await login(t.app, a.user2.email)).token;
  agent = (await login(t.app, a.agent.email)).token;
  intruder = (await login(t.app, b.admin.email)).token;
  ids.alice = await insertCustomer(t, a.companyId, { firstName: 'Alice', lastName: 'Doe', phone: '+15550001111' });
  ids.bob = await insertCustomer(t, a.companyId, { firstName: '=HYPERLINK("http://evil")', lastName: 'Bob' });
  ids.req1 = await insertPaymentRequest(t, a.companyId, { customerId: ids.alice, invoice: 'INV-1001', amountCents: 10_000 });
  // Five older sales spread over days (for paging and dates), one for Bob, one declined, one of company B.
  const day = 86_400_000;
  const base = Date.now() - 10 * day;
  for (let i = 0; i < 5; i++)
    ids[`old${i}`] = await insertSale(t, a.companyId, { amountCents: 1000 + i, customerId: ids.alice, createdAt: new Date(base + i * day) });
  ids.bobSale = await insertSale(t, a.companyId, { amountCents: 2500, customerId: ids.bob, method: 'terminal' });
  ids.declined = await insertSale(t, a.companyId, { amountCents: 700, customerId: ids.alice, status: 'declined' });
  ids.sale = await insertSale(t, a.companyId, { amountCents: 10_000, customerId: ids.alice, paymentRequestId: ids.req1 });
  ids.other = await insertSale(t, b.companyId, { amountCents: 999 });
});
afterAll(() => t?.close());

describe('GET /api/payment/transactions', () => {
  it('lists the company’s transactions newest first, brand and last 4 only, with the filter’s totals', async () => {
    const res = await get('/api/payment/transactions');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const listed = body.member.map((m: { id: number }) => m.id);
    expect(listed[0]).toBe(ids.sale);
    expect(listed).not.toContain(ids.other);
    expect(body.totalItems).toBe(8);
    // Sales that went through: 1000..1004, 2500, 10000 (the declined one moved no money).
    expect(body.totals).toEqual({ salesCents: 5010 + 2500 + 10_000, refundsCents: 0, netCents: 17_510 });
    const sale = body.member[0];
    expect(sale).toMatchObject({
      cardBrand: 'visa',
      cardLast4: '2224',
      amountCents: 10_000,
      refundableCents: 10_000,
      paymentRequest: { id: ids.req1, invoice: 'INV-1001' },
    });
    expect(sale.customer.name).toContain('Alice');
    expect(JSON.stringify(body)).not.toMatch(/4000100011112224|provider_key|tx_/);
  });

  it('filters by status, method, dates, customer and text (invoice, name, phone)', async () => {
    const names = async (q: string) => (await get(`/api/payment/transactions?${q}`)).json().member.map((m: { id: number }) => m.id);
    expect(await names('status=declined')).toEqual([ids.declined]);
    expect(await names('method=terminal')).toEqual([ids.bobSale]);
    expect(await names(`customer=${ids.bob}`)).toEqual([ids.bobSale]);
    expect(await names('search=INV-1001')).toEqual([ids.sale]);
    expect(await names('search=hyperlink')).toEqual([ids.bobSale]);
    expect(await names('search=0001111')).toHaveLength(7);
    expect(await names('search=%25')).toEqual([]);
    const after = new Date(Date.now() - 9.5 * 86_400_000).toISOString();
    const before = new Date(Date.now() - 7.5 * 86_400_000).toISOString();
    expect(await names(`createdAt[after]=${encodeURIComponent(after)}&createdAt[before]=${encodeURIComponent(before)}`)).toEqual([ids.old2, ids.old1]);
  });

  it('pages by created time with a keyset, in a constant number of statements', async () => {
    const first = (await get('/api/payment/transactions?itemsPerPage=3')).json();
    expect(first.member).toHaveLength(3);
    const seen = first.member.map((m: { id: number }) => m.id);
    let next = first.view.next as string | undefined;
    while (next) {
      const page = (await get(next)).json();
      expect(page.totals).toBeUndefined();
      seen.push(...page.member.map((m: { id: number }) => m.id));
      next = page.view.next;
    }
    expect(new Set(seen).size).toBe(8);
    const small = await countStatements(t, () => get('/api/payment/transactions?itemsPerPage=2'));
    const large = await countStatements(t, () => get('/api/payment/transactions?itemsPerPage=100'));
    expect(large).toBe(small);
  });

  it('is for the payment role and company admins; other companies’ transactions are 404', async () => {
    expect((await get('/api/payment/transactions', payer)).statusCode).toBe(200);
    expect((await get('/api/payment/transactions', agent)).statusCode).toBe(403);
    expect((await get(`/api/payment/transactions/${ids.sale}`, intruder)).statusCode).toBe(404);
    expect((await get(`/api/payment/transactions?company=${a.companyId}`, intruder)).statusCode).toBe(404);
    expect((await get(`/api/payment/transactions/${ids.sale}`, payer)).json().id).toBe(ids.sale);
    const root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
    expect((await get(`/api/payment/transactions?company=${a.companyId}`, root)).json().totalItems).toBe(8);
  });

  it('refuses bad filters with 400, never 500', async () => {
    for (const q of [
      'status=paid',
      'itemsPerPage=0',
      'itemsPerPage=1000',
      'createdAt[after]=yesterday',
      'customer=abc',
      'id[lt]=-1',
      `search=${'x'.repeat(200)}`,
      'search=%00',
    ])
      expect((await get(`/api/payment/transactions?${q}`)).statusCode, q).toBe(400);
  });
});

describe('CSV export', () => {
  it('streams the filtered list with formula cells neutralised', async () => {
    const res = await get('/api/payment/transactions/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,created_at,kind,method,status,invoice,customer/);
    expect(lines).toHaveLength(9);
    const bob = lines.find((l) => l.startsWith(`${ids.bobSale},`))!;
    expect(bob).toContain(`"'=HYPERLINK(""http://evil"") Bob"`);
    expect(bob).toContain(',25.00,');
    const filtered = await get('/api/payment/transactions/export.csv?method=terminal');
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
    expect((await get('/api/payment/transactions/export.csv', agent)).statusCode).toBe(403);
    expect((await get('/api/payment/transactions/export.csv', intruder)).body).not.toContain('Alice');
  });

  it('csvCell prefixes = + - @ and quotes separators', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', 'a,b', 'say "hi"', 'plain', null].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      '"a,b"',
      '"say ""hi"""',
      'plain',
      '',
    ]);
  });
});

describe('refunds', () => {
  it('refunds part, then the rest; never more than remains', async () => {
    const id = await insertSale(t, r.companyId, { amountCents: 3000 });
    const part = await refund(id, { amountCents: 1000 });
    expect(part.statusCode).toBe(200);
    expect(part.json().sale).toMatchObject({ status: 'partially_refunded', refundedCents: 1000, refundableCents: 2000 });
    expect(part.json().refund).toMatchObject({ kind: 'refund', amountCents: 1000, parent: `/api/payment/transactions/${id}` });
    const over = await refund(id, { amountCents: 2001 });
    expect(over.statusCode).toBe(422);
    expect(over.json().violations[0]).toMatchObject({ propertyPath: 'amountCents' });
    const rest = await refund(id, {});
    expect(rest.json().sale).toMatchObject({ status: 'refunded', refundedCents: 3000, refundableCents: 0 });
    expect(rest.json().sale.refunds.map((r: { amountCents: number }) => r.amountCents)).toEqual([1000, 2000]);
    expect((await refund(id, { amountCents: 1 })).statusCode).toBe(409);
  });

  it('parallel refunds cannot overshoot the sale', async () => {
    const id = await insertSale(t, r.companyId, { amountCents: 1000 });
    const results = await Promise.all(Array.from({ length: 6 }, () => refund(id, { amountCents: 300 })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(3);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 422)).toBe(true);
    expect((await get(`/api/payment/transactions/${id}`, refunder)).json()).toMatchObject({ refundedCents: 900, refundableCents: 100 });
  });

  it('the same idempotency key refunds once', async () => {
    const id = await insertSale(t, r.companyId, { amountCents: 1000 });
    const key = randomUUID();
    const [one, two] = await Promise.all([refund(id, { amountCents: 400, idempotencyKey: key }), refund(id, { amountCents: 400, idempotencyKey: key })]);
    const codes = [one.statusCode, two.statusCode].sort();
    // Either both answer the one refund, or the second arrives while the first is with the processor (409).
    expect(codes[0]).toBe(200);
    expect([200, 409]).toContain(codes[1]);
    const again = await refund(id, { amountCents: 400, idempotencyKey: key });
    expect(again.statusCode).toBe(200);
    expect((await get(`/api/payment/transactions/${id}`, refunder)).json()).toMatchObject({ refundedCents: 400 });
    const otherSale = await insertSale(t, r.companyId, { amountCents: 1000 });
    expect((await refund(otherSale, { amountCents: 1, idempotencyKey: key })).statusCode).toBe(409);
  });

  it('refuses declined sales, refunds, other companies, other roles and bad bodies', async () => {
    expect((await refund(ids.declined!, {}, admin)).statusCode).toBe(409);
    expect((await refund(ids.sale!, { amountCents: 1 }, agent)).statusCode).toBe(403);
    expect((await refund(ids.sale!, { amountCents: 1 }, intruder)).statusCode).toBe(404);
    expect((await refund(ids.other!, { amountCents: 1 }, admin)).statusCode).toBe(404);
    for (const body of [
      { amountCents: 0 },
      { amountCents: -5 },
      { amountCents: 1.5 },
      { amountCents: '10' },
      { idempotencyKey: 'nope' },
      { extra: 1 },
      { amountCents: 1e15 },
    ])
      expect((await refund(ids.sale!, body, admin)).statusCode, JSON.stringify(body)).toBe(422);
    expect((await get(`/api/payment/transactions/${ids.sale}`)).json().refundedCents).toBe(0);
    const refundRow = (await refund(await insertSale(t, r.companyId, { amountCents: 500 }), { amountCents: 100 })).json().refund.id;
    expect((await refund(refundRow, {})).statusCode).toBe(409);
  });
});

describe('POST /api/payment/sync_customers', () => {
  it('with the simulator there is nothing to sync; another company is 404; plain users 403', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/payment/sync_customers', headers: bearer(admin), payload: { company: a.companyId } });
    expect(ok.json()).toMatchObject({ provider: 'simulator', synced: 0 });
    const other = await t.app.inject({ method: 'POST', url: '/api/payment/sync_customers', headers: bearer(admin), payload: { company: b.companyId } });
    expect(other.statusCode).toBe(404);
    const plain = await t.app.inject({ method: 'POST', url: '/api/payment/sync_customers', headers: bearer(agent), payload: { company: a.companyId } });
    expect(plain.statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: '/api/payment/sync_customers', headers: bearer(admin), payload: { company: 'x' } });
    expect(bad.statusCode).toBe(422);
  });
});
