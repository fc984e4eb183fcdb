import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runInScope } from '../../db/client';
import { PaymentError } from '../../payments/payments';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller, seedOrderWorld } from '../../../test/repair-order-fixtures';
import { enablePayments } from '../../../test/payment-operations-fixtures';
import { linkCodeIn, runAutomatedMessagesNow } from '../../../test/survey-fixtures';
import { reconcilePaymentAttempts } from './payment-jobs';
import { paymentRequestPaid } from './payment-requests.hooks';
import * as processorModule from './payments.processor';

const APPROVE = '4000100011112224';
const INSUFFICIENT = '4000300611112224';
const PARTIAL = '4000000011112275';

let t: TTestApp;
let s: TSeededCompany;
let admin: string;
const logLines: string[] = [];
const paidEvents: { paymentRequestId: number; paidCents: number }[] = [];

beforeAll(async () => {
  const stream = new Writable({ write: (chunk, _enc, done) => void (logLines.push(String(chunk)), done()) });
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logger: true, logStream: stream });
  s = await seedCompany(t.db);
  await enablePayments(t, s);
  admin = (await login(t.app, s.admin.email)).token;
  paymentRequestPaid.attach((e) => void paidEvents.push({ paymentRequestId: e.paymentRequestId, paidCents: e.paidCents }));
});
afterAll(() => t.close());

const pub = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, ...(payload === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }) });

/** A sent request and the code of its link, as the customer receives it. */
async function sentRequest(amountCents = 4200, extra: Record<string, unknown> = {}) {
  const w = await seedOrderWorld(t, s, admin, { order: false });
  const created = await caller(t)('POST', '/api/payment_requests', admin, { customer: w.customerId, amountCents, invoice: 'INV-42', ...extra });
  expect(created.statusCode, created.body).toBe(201);
  await runAutomatedMessagesNow(t, s.companyId);
  const thread = (await caller(t)('GET', `/api/messages?customer=${w.customerId}`, admin)).json().member as { content: string }[];
  return { id: created.json().id as number, code: linkCodeIn(thread[0]!.content), customerId: w.customerId };
}

async function tokenFor(code: string, number: string) {
  const res = await pub('POST', `/api/public/payments/${code}/card-token`, { number, expiration: '12/39', cvc: '123' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().paymentKey as string;
}

const charge = async (code: string, body: Record<string, unknown>) => pub('POST', `/api/public/payments/${code}/charge`, body);

const attemptsOf = (requestId: number) =>
  runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const r = await tx.execute(sql`select state, idempotency_key as key from payment_attempts where payment_request_id = ${requestId} order by id`);
    return r.rows as { state: string; key: string }[];
  });
const salesOf = (requestId: number) =>
  runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const r = await tx.execute(
      sql`select amount_cents::int as "amountCents", card_last4 as last4 from payment_transactions where payment_request_id = ${requestId}`,
    );
    return r.rows as { amountCents: number; last4: string }[];
  });

describe('the public payment page', () => {
  it('shows what is owed with the simulator card form; the link page names the purpose; unknown codes are 404', async () => {
    const { code } = await sentRequest(4200);
    const page = await pub('GET', `/api/public/payments/${code}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      state: 'payable',
      invoice: 'INV-42',
      amountCents: 4200,
      cardForm: { kind: 'simulator' },
      receipt: null,
      lines: [{ name: 'Invoice INV-42', unitPriceCents: 4200, quantity: 1, taxCents: 0, totalCents: 4200 }],
    });
    expect(page.json().company.name).toContain('Company');
    expect((await pub('GET', `/api/public/links/${code}`)).json()).toMatchObject({ purpose: 'payment' });
    expect((await pub('GET', '/api/public/payments/AAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await pub('GET', '/api/public/payments/bad!code')).statusCode).toBe(400);
  });

  it('pays with a test card: approved, receipt on the page and by e-mail, request paid once with its transaction and hook', async () => {
    const { id, code, customerId } = await sentRequest(4200);
    const key = await tokenFor(code, APPROVE);
    const res = await charge(code, { paymentKey: key, idempotencyKey: randomUUID(), email: 'buyer@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'approved', receipt: { amountCents: 4200, cardBrand: 'visa', cardLast4: '2224', invoice: 'INV-42' } });
    expect(paidEvents.filter((e) => e.paymentRequestId === id)).toEqual([{ paymentRequestId: id, paidCents: 4200 }]);
    expect(await salesOf(id)).toEqual([{ amountCents: 4200, last4: '2224' }]);
    const staff = (await caller(t)('GET', `/api/payment_requests/${id}`, admin)).json();
    expect(staff).toMatchObject({ status: 'paid', paidCents: 4200, paymentUrl: null });
    expect((await caller(t)('GET', `/api/customers/${customerId}`, admin)).json().lastPaymentRequest.status).toBe('paid');
    const page = (await pub('GET', `/api/public/payments/${code}`)).json();
    expect(page).toMatchObject({ state: 'paid', cardForm: null, receipt: { amountCents: 4200, emailedTo: 'buyer@example.com' } });
    expect((await pub('GET', `/api/public/payments/${code}/receipt`)).json().reference).toMatch(/^P\d+-T\d+$/);
    const mail = t.mails.find((m) => m.to === 'buyer@example.com');
    expect(mail?.text).toContain('$42.00');
    expect(mail?.text).not.toContain(APPROVE);
    // Paying again with a new key: the request is paid (409), nothing charged.
    expect(
      (await charge(code, { paymentKey: await tokenFor(code, APPROVE).catch(() => 'x'), idempotencyKey: randomUUID() })).statusCode,
    ).toBeGreaterThanOrEqual(409);
    expect(await salesOf(id)).toHaveLength(1);
  });

  it('a double tap with the same key answers the first result and charges once', async () => {
    const { id, code } = await sentRequest(1500);
    const key = await tokenFor(code, APPROVE);
    const idem = randomUUID();
    const [a, b] = await Promise.all([charge(code, { paymentKey: key, idempotencyKey: idem }), charge(code, { paymentKey: key, idempotencyKey: idem })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const again = await charge(code, { paymentKey: key, idempotencyKey: idem });
    expect(again.json()).toMatchObject({ outcome: 'approved' });
    expect(await attemptsOf(id)).toHaveLength(1);
    expect(await salesOf(id)).toHaveLength(1);
  });

  it('parallel charges with different keys: exactly one approved, one sale', async () => {
    const { id, code } = await sentRequest(1700);
    const keys = await Promise.all([tokenFor(code, APPROVE), tokenFor(code, APPROVE), tokenFor(code, APPROVE)]);
    const answers = await Promise.all(keys.map((k) => charge(code, { paymentKey: k, idempotencyKey: randomUUID() })));
    const approved = answers.filter((a) => a.statusCode === 200 && a.json().outcome === 'approved');
    expect(approved).toHaveLength(1);
    for (const a of answers) expect(a.statusCode).toBeLessThan(500);
    expect((await attemptsOf(id)).filter((x) => x.state === 'approved')).toHaveLength(1);
    expect(await salesOf(id)).toHaveLength(1);
  });

  it('a decline shows its reason and the customer can pay with another card; a partial approval is not a payment', async () => {
    const { id, code } = await sentRequest(2000);
    const declined = await charge(code, { paymentKey: await tokenFor(code, INSUFFICIENT), idempotencyKey: randomUUID() });
    expect(declined.json()).toMatchObject({ outcome: 'declined', declineReason: 'insufficient_funds', receipt: null });
    const partial = await charge(code, { paymentKey: await tokenFor(code, PARTIAL), idempotencyKey: randomUUID() });
    expect(partial.json()).toMatchObject({ outcome: 'declined', errorCode: 'partial_approval' });
    expect((await pub('GET', `/api/public/payments/${code}`)).json().state).toBe('payable');
    const ok = await charge(code, { paymentKey: await tokenFor(code, APPROVE), idempotencyKey: randomUUID() });
    expect(ok.json().outcome).toBe('approved');
    expect((await attemptsOf(id)).map((a) => a.state)).toEqual(['declined', 'partial', 'approved']);
    expect(await salesOf(id)).toEqual([{ amountCents: 2000, last4: '2224' }]);
  });

  it('a reused payment key is an error (enter the card again), not a charge', async () => {
    const { code } = await sentRequest(2100);
    const key = await tokenFor(code, INSUFFICIENT);
    await charge(code, { paymentKey: key, idempotencyKey: randomUUID() });
    const reused = await charge(code, { paymentKey: key, idempotencyKey: randomUUID() });
    expect(reused.json()).toMatchObject({ outcome: 'error', errorCode: 'payment_key_invalid' });
  });

  it('an unknown outcome stays pending (no second charge meanwhile) and the reconcile job records the payment', async () => {
    const { id, code } = await sentRequest(3300);
    const key = await tokenFor(code, APPROVE);
    const idem = randomUUID();
    const real = processorModule.processorForCompany;
    const spy = vi.spyOn(processorModule, 'processorForCompany').mockImplementation((opts) => {
      const p = real(opts)!;
      return {
        ...p,
        sale: async (o) => {
          await p.sale(o); // charged at the processor, but the answer is lost
          throw new PaymentError({ provider: 'simulator', kind: 'timeout', message: 'timed out', outcomeUnknown: true });
        },
      };
    });
    try {
      const res = await charge(code, { paymentKey: key, idempotencyKey: idem });
      expect(res.json()).toMatchObject({ outcome: 'pending' });
    } finally {
      spy.mockRestore();
    }
    expect((await attemptsOf(id)).map((a) => a.state)).toEqual(['unknown']);
    const other = await charge(code, { paymentKey: await tokenFor(code, APPROVE), idempotencyKey: randomUUID() });
    expect(other.statusCode).toBe(409);
    expect(await salesOf(id)).toHaveLength(0);
    const quiet = { info: () => undefined, warn: () => undefined };
    expect(await reconcilePaymentAttempts({ deps: t.app.deps, log: quiet })).toBeGreaterThanOrEqual(1);
    expect((await attemptsOf(id)).map((a) => a.state)).toEqual(['approved']);
    expect((await caller(t)('GET', `/api/payment_requests/${id}`, admin)).json().status).toBe('paid');
    expect((await charge(code, { paymentKey: key, idempotencyKey: idem })).json().outcome).toBe('approved');
  });

  it('refuses charging a cancelled request (410) and bad input (422), never 500', async () => {
    const { id, code } = await sentRequest(900);
    expect((await charge(code, { paymentKey: 'k', idempotencyKey: 'not-a-uuid' })).statusCode).toBe(422);
    expect((await charge(code, { paymentKey: '', idempotencyKey: randomUUID() })).statusCode).toBe(422);
    expect((await charge(code, { paymentKey: 'x'.repeat(500), idempotencyKey: randomUUID() })).statusCode).toBe(422);
    const badCard = await pub('POST', `/api/public/payments/${code}/card-token`, { number: '4111111111111112', expiration: '12/39', cvc: '123' });
    expect(badCard.statusCode).toBe(422);
    expect(badCard.body).not.toContain('4111111111111112');
    expect((await pub('POST', `/api/public/payments/${code}/card-token`, { number: APPROVE, expiration: '13/39', cvc: '1' })).statusCode).toBe(422);
    const huge = await t.app.inject({
      method: 'POST',
      url: `/api/public/payments/${code}/charge`,
      headers: { 'content-type': 'application/json' },
      payload: 'x'.repeat(10_000),
    });
    expect(huge.statusCode).toBe(413);
    await caller(t)('POST', `/api/payment_requests/${id}/cancel`, admin);
    expect((await pub('GET', `/api/public/payments/${code}`)).json()).toMatchObject({ state: 'cancelled', cardForm: null });
    expect((await pub('POST', `/api/public/payments/${code}/card-token`, { number: APPROVE, expiration: '12/39', cvc: '123' })).statusCode).toBe(410);
    expect((await charge(code, { paymentKey: 'k', idempotencyKey: randomUUID() })).statusCode).toBe(410);
  });

  it('limits card steps per link (card testing): 429 with retry-after', async () => {
    const { code } = await sentRequest(800);
    let last = 0;
    for (let i = 0; i < 16; i++) last = (await charge(code, { paymentKey: 'k', idempotencyKey: 'bad' })).statusCode;
    const limited = await charge(code, { paymentKey: 'k', idempotencyKey: 'bad' });
    expect(last).toBe(429);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never writes a card number, code or payment key to the application log', async () => {
    const joined = logLines.join('\n');
    expect(joined.length).toBeGreaterThan(0);
    for (const number of [APPROVE, INSUFFICIENT, PARTIAL]) expect(joined).not.toContain(number);
    expect(joined).not.toMatch(/"cvc"/);
    expect(joined).not.toMatch(/pk_[A-Za-z0-9]{6,}/);
  });
});
