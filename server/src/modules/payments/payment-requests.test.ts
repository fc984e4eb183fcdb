import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canMovePaymentRequestStatus, PAYMENT_AMOUNT_ZERO, PAYMENT_NOT_ENABLED, PAYMENT_REQUEST_STATUSES } from '@cd/contracts/payments';
import { runInScope } from '../../db/client';
import { countStatements, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller, seedOrderWorld } from '../../../test/repair-order-fixtures';
import { enablePayments, grantPaymentRole } from '../../../test/payment-operations-fixtures';
import { linkCodeIn, runAutomatedMessagesNow } from '../../../test/survey-fixtures';
import { expireDuePaymentRequests } from './payment-jobs';

let t: TTestApp;
let s: TSeededCompany;
let admin: string;
let agent: string;
let user2: string;

const setPayment = (companyId: number, values: Record<string, unknown>) =>
  runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update companies set payment = coalesce(payment, '{}'::jsonb) || ${JSON.stringify(values)}::jsonb where id = ${companyId}`),
  );

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  await enablePayments(t, s);
  admin = (await login(t.app, s.admin.email)).token;
  agent = (await login(t.app, s.agent.email)).token;
  user2 = (await login(t.app, s.user2.email)).token;
});
afterAll(() => t.close());

const threadOf = async (customerId: number) => (await caller(t)('GET', `/api/messages?customer=${customerId}`, admin)).json().member as { content: string }[];

describe('the status machine (contracts)', () => {
  it('moves forward only; expired and paid are final', () => {
    expect(canMovePaymentRequestStatus({ from: 'created', to: 'sent' })).toBe(true);
    expect(canMovePaymentRequestStatus({ from: 'sent', to: 'paid' })).toBe(true);
    expect(canMovePaymentRequestStatus({ from: 'failed', to: 'paid' })).toBe(true);
    expect(canMovePaymentRequestStatus({ from: 'sent', to: 'created' })).toBe(false);
    expect(canMovePaymentRequestStatus({ from: 'created', to: 'not_created' })).toBe(false);
    for (const to of PAYMENT_REQUEST_STATUSES) {
      expect(canMovePaymentRequestStatus({ from: 'paid', to })).toBe(false);
      expect(canMovePaymentRequestStatus({ from: 'expired', to })).toBe(false);
    }
  });
});

describe('creating a payment request', () => {
  it('for a repair order: lines default from the order, the text goes out with a link, the order and customer show it', async () => {
    const w = await seedOrderWorld(t, s, agent, { order: { price: 12345 } });
    const res = await caller(t)('POST', '/api/payment_requests', agent, { repairOrder: w.orderId });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ source: 'repair_order', status: 'created', amountCents: 12345, repairOrderId: w.orderId, paymentUrl: null });
    expect(created.invoice).not.toBe('');
    expect(created.products).toEqual([{ name: 'Brakes', unitPriceCents: 12345, quantity: 1, taxRate: null, netCents: 12345, taxCents: 0, totalCents: 12345 }]);

    await runAutomatedMessagesNow(t, s.companyId);
    const sent = (await caller(t)('GET', `/api/payment_requests/${created.id}`, agent)).json();
    expect(sent.status).toBe('sent');
    expect(sent.statuses.map((x: { status: string }) => x.status)).toEqual(['created', 'sent']);
    expect(sent.sentAt).not.toBeNull();
    expect(sent.expiresAt).toBeNull();
    const [text] = await threadOf(w.customerId);
    expect(sent.paymentUrl).toBe(`http://app.test/r/${linkCodeIn(text!.content)}`);

    const order = (await caller(t)('GET', `/api/repair_orders/${w.orderId}`, agent)).json();
    expect(order.paymentRequests).toEqual([`/api/payment_requests/${created.id}`]);
    const customer = (await caller(t)('GET', `/api/customers/${w.customerId}`, admin)).json();
    expect(customer.lastPaymentRequest).toMatchObject({ id: created.id, status: 'sent', amountCents: 12345 });
  });

  it('standalone with products: totals by the money rule (per-line rounding), not sent when send=false', async () => {
    const w = await seedOrderWorld(t, s, admin, { order: false });
    const res = await caller(t)('POST', '/api/payment_requests', admin, {
      customer: w.customerId,
      invoice: 'INV-1',
      send: false,
      products: [
        { name: 'Labour', unitPriceCents: 9999, quantity: 1.5, taxRate: 8.875 },
        { name: 'Filter', unitPriceCents: 1250, quantity: 2, taxCents: 200 },
        { name: 'Discount', unitPriceCents: -500 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    // 9999 × 1.5 = 14998.5 → 14999; tax 14999 × 8.875 % = 1331.16 → 1331; 2500 + 200; −500.
    expect(res.json()).toMatchObject({ source: 'standalone', status: 'not_created', subtotalCents: 16999, taxCents: 1531, amountCents: 18530 });
  });

  it('refuses a zero total, disabled payments, a bad line, and sending without a customer (422)', async () => {
    const call = caller(t);
    const zero = await call('POST', '/api/payment_requests', admin, {
      products: [
        { name: 'A', unitPriceCents: 500 },
        { name: 'B', unitPriceCents: -500 },
      ],
      send: false,
    });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().violations).toEqual([expect.objectContaining({ propertyPath: 'amountCents', message: PAYMENT_AMOUNT_ZERO })]);
    expect((await call('POST', '/api/payment_requests', admin, { amountCents: 0, send: false })).statusCode).toBe(422);
    expect((await call('POST', '/api/payment_requests', admin, { amountCents: 100 })).json().violations[0].message).toBe('payment_request_needs_customer');
    const bad = await call('POST', '/api/payment_requests', admin, { products: [{ name: 'A', unitPriceCents: 1.5 }], send: false });
    expect(bad.statusCode).toBe(422);
    expect(
      (await call('POST', '/api/payment_requests', admin, { products: [{ name: 'A', unitPriceCents: 100, quantity: 0.0001 }], send: false })).statusCode,
    ).toBe(422);
    expect((await call('POST', '/api/payment_requests', admin, { amountCents: 100, send: false, extra: 1 })).statusCode).toBe(422);
    expect((await call('POST', '/api/payment_requests', admin, { amountCents: '100', send: false })).statusCode).toBe(422);
    expect((await call('POST', '/api/payment_requests', admin, { amountCents: 100, send: false, invoice: 'a\u0000b' })).statusCode).toBeLessThan(500);

    const other = await seedCompany(t.db);
    const otherAdmin = (await login(t.app, other.admin.email)).token;
    const off = await call('POST', '/api/payment_requests', otherAdmin, { amountCents: 100, send: false });
    expect(off.statusCode).toBe(422);
    expect(off.json().violations[0].message).toBe(PAYMENT_NOT_ENABLED);
  });

  it('refuses another company’s order or customer without revealing them', async () => {
    const other = await seedCompany(t.db);
    await enablePayments(t, other);
    const otherAdmin = (await login(t.app, other.admin.email)).token;
    const w = await seedOrderWorld(t, s, admin);
    const order = await caller(t)('POST', '/api/payment_requests', otherAdmin, { repairOrder: w.orderId });
    expect(order.statusCode).toBe(422);
    expect(order.body).not.toContain('Brakes');
    expect((await caller(t)('POST', '/api/payment_requests', otherAdmin, { customer: w.customerId, amountCents: 100 })).statusCode).toBe(422);
  });

  it('a text that cannot go out (opted out) leaves the request failed with the reason', async () => {
    const w = await seedOrderWorld(t, s, admin, { order: false });
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update customers set opt_out = true where id = ${w.customerId}`));
    const created = (await caller(t)('POST', '/api/payment_requests', admin, { customer: w.customerId, amountCents: 700 })).json();
    await runAutomatedMessagesNow(t, s.companyId);
    const failed = (await caller(t)('GET', `/api/payment_requests/${created.id}`, admin)).json();
    expect(failed).toMatchObject({ status: 'failed', statusReason: 'automated_message_skipped_opted_out', paymentUrl: null });
  });

  it('refuses sending when the company has no payment text', async () => {
    await setPayment(s.companyId, { text: null });
    try {
      const w = await seedOrderWorld(t, s, admin, { order: false });
      const res = await caller(t)('POST', '/api/payment_requests', admin, { customer: w.customerId, amountCents: 700 });
      expect(res.statusCode).toBe(422);
      expect(res.json().violations[0].message).toBe('payment_text_not_configured');
    } finally {
      await setPayment(s.companyId, { text: 'Pay here: {payment_url}' });
    }
  });
});

describe('roles', () => {
  it('plain users make and see repair-order requests only; standalone ones need the payment role or company admin', async () => {
    const w = await seedOrderWorld(t, s, admin);
    expect((await caller(t)('POST', '/api/payment_requests', user2, { repairOrder: w.orderId, send: false })).statusCode).toBe(201);
    expect((await caller(t)('POST', '/api/payment_requests', user2, { customer: w.customerId, amountCents: 100, send: false })).statusCode).toBe(403);
    const standalone = (await caller(t)('POST', '/api/payment_requests', admin, { customer: w.customerId, amountCents: 100, send: false })).json();
    expect((await caller(t)('GET', `/api/payment_requests/${standalone.id}`, user2)).statusCode).toBe(403);
    const seen = (await caller(t)('GET', `/api/payment_requests?customer=${w.customerId}`, user2)).json().member;
    expect(seen.map((r: { source: string }) => r.source)).toEqual(['repair_order']);
    expect((await caller(t)('POST', `/api/payment_requests/${standalone.id}/cancel`, user2)).statusCode).toBe(403);

    await grantPaymentRole(t, s.user2.id);
    const again = (await login(t.app, s.user2.email)).token;
    expect((await caller(t)('GET', `/api/payment_requests/${standalone.id}`, again)).statusCode).toBe(200);
    expect((await caller(t)('GET', `/api/payment_requests?customer=${w.customerId}`, again)).json().member).toHaveLength(2);
  });
});

describe('listing', () => {
  it('pages newest first by keyset, with filters, in a constant number of statements', async () => {
    const w = await seedOrderWorld(t, s, admin, { order: false });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await caller(t)('POST', '/api/payment_requests', admin, { customer: w.customerId, amountCents: 100 + i, send: false })).json().id);
    const first = (await caller(t)('GET', `/api/payment_requests?customer=${w.customerId}&itemsPerPage=2`, admin)).json();
    expect(first.member.map((r: { id: number }) => r.id)).toEqual([ids[4], ids[3]]);
    expect(first.totalItems).toBe(5);
    const second = (await caller(t)('GET', first.view.next, admin)).json();
    expect(second.member.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    const filtered = (await caller(t)('GET', `/api/payment_requests?customer=${w.customerId}&status=paid`, admin)).json();
    expect(filtered.member).toEqual([]);
    const small = await countStatements(t, () => caller(t)('GET', `/api/payment_requests?customer=${w.customerId}&itemsPerPage=1`, admin));
    const large = await countStatements(t, () => caller(t)('GET', `/api/payment_requests?customer=${w.customerId}&itemsPerPage=5`, admin));
    expect(large).toBe(small);
    expect((await caller(t)('GET', '/api/payment_requests?status=nope', admin)).statusCode).toBe(400);
    expect((await caller(t)('GET', '/api/payment_requests?itemsPerPage=1000', admin)).statusCode).toBe(400);
  });
});

describe('resend and cancel', () => {
  it('resend sends a new text with a new link; cancel revokes the links and stops the request; both refuse once closed', async () => {
    const w = await seedOrderWorld(t, s, admin, { order: false });
    const created = (await caller(t)('POST', '/api/payment_requests', admin, { customer: w.customerId, amountCents: 2500 })).json();
    await runAutomatedMessagesNow(t, s.companyId);
    const resent = await caller(t)('POST', `/api/payment_requests/${created.id}/resend`, admin);
    expect(resent.statusCode, resent.body).toBe(200);
    await runAutomatedMessagesNow(t, s.companyId);
    const thread = await threadOf(w.customerId);
    expect(thread).toHaveLength(2);
    const codes = thread.map((m) => linkCodeIn(m.content));
    expect(new Set(codes).size).toBe(2);
    const after = (await caller(t)('GET', `/api/payment_requests/${created.id}`, admin)).json();
    expect(after.statuses.map((x: { status: string }) => x.status)).toEqual(['created', 'sent', 'sent']);

    const cancelled = await caller(t)('POST', `/api/payment_requests/${created.id}/cancel`, admin);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ paymentUrl: null });
    expect(cancelled.json().cancelledAt).not.toBeNull();
    for (const code of codes) expect((await t.app.inject({ method: 'GET', url: `/api/public/links/${code}` })).statusCode).toBe(410);
    expect((await caller(t)('POST', `/api/payment_requests/${created.id}/resend`, admin)).statusCode).toBe(409);
    // Cancelling twice answers the cancelled request.
    expect((await caller(t)('POST', `/api/payment_requests/${created.id}/cancel`, admin)).statusCode).toBe(200);
  });

  it('parallel cancels: all answer, one cancel time', async () => {
    const w = await seedOrderWorld(t, s, admin, { order: false });
    const created = (await caller(t)('POST', '/api/payment_requests', admin, { customer: w.customerId, amountCents: 2500, send: false })).json();
    const answers = await Promise.all(Array.from({ length: 4 }, () => caller(t)('POST', `/api/payment_requests/${created.id}/cancel`, admin)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().cancelledAt)).size).toBe(1);
  });
});

describe('expiry', () => {
  it('markAsExpiredAfterDays after sending: the job marks it expired and revokes its link; unexpired ones stay', async () => {
    await setPayment(s.companyId, { markAsExpiredAfterDays: 3 });
    try {
      const w = await seedOrderWorld(t, s, admin, { order: false });
      const created = (await caller(t)('POST', '/api/payment_requests', admin, { customer: w.customerId, amountCents: 990 })).json();
      await runAutomatedMessagesNow(t, s.companyId);
      const sent = (await caller(t)('GET', `/api/payment_requests/${created.id}`, admin)).json();
      expect(new Date(sent.expiresAt).getTime() - new Date(sent.sentAt).getTime()).toBe(3 * 86_400_000);
      const code = linkCodeIn((await threadOf(w.customerId))[0]!.content);

      expect(await expireDuePaymentRequests({ deps: t.app.deps, now: new Date(Date.now() + 2 * 86_400_000) })).toBe(0);
      expect(await expireDuePaymentRequests({ deps: t.app.deps, now: new Date(Date.now() + 4 * 86_400_000) })).toBeGreaterThanOrEqual(1);
      const expired = (await caller(t)('GET', `/api/payment_requests/${created.id}`, admin)).json();
      expect(expired).toMatchObject({ status: 'expired', paymentUrl: null });
      expect((await t.app.inject({ method: 'GET', url: `/api/public/links/${code}` })).statusCode).toBe(410);
      expect((await t.app.inject({ method: 'GET', url: `/api/public/payments/${code}` })).json().state).toBe('expired');
      expect((await caller(t)('POST', `/api/payment_requests/${created.id}/cancel`, admin)).statusCode).toBe(409);
    } finally {
      await setPayment(s.companyId, { markAsExpiredAfterDays: null });
    }
  });
});
