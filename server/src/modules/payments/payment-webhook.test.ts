import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { flushOutsideCalls } from '../../lib/outside-calls/recorder';
import { startFakeUsaepay, type TFakeUsaepay } from '../../../test/fakes/fake-usaepay';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller, seedOrderWorld } from '../../../test/repair-order-fixtures';
import { linkCodeIn, runAutomatedMessagesNow } from '../../../test/survey-fixtures';
import { paymentRequestPaid } from './payment-requests.hooks';

/** The USAePay path end to end against the fake gateway: Pay.js keys, a lost answer, the signed webhook. */
const CARD = '4000100011112224';

let fake: TFakeUsaepay;
let t: TTestApp;
let s: TSeededCompany;
let admin: string;
const logLines: string[] = [];
const paid: number[] = [];
let delivered = 0;

beforeAll(async () => {
  fake = await startFakeUsaepay();
  fake.setWebhook({ url: 'http://127.0.0.1:9/unused' });
  const stream = new Writable({ write: (chunk, _enc, done) => void (logLines.push(String(chunk)), done()) });
  t = await createTestApp({ PAYMENTS_SIMULATE: 'false', USAEPAY_BASE_URL: fake.baseUrl, LOG_LEVEL: 'info' }, { logger: true, logStream: stream });
  s = await seedCompany(t.db);
  const payment = {
    provider: 'current',
    enabled: true,
    text: 'Pay here: {payment_url}',
    apiKey: fake.key.apiKey,
    pin: fake.key.pin,
    webhookSignature: fake.key.signatureKey,
  };
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update companies set payment = ${JSON.stringify(payment)}::jsonb where id = ${s.companyId}`),
  );
  admin = (await login(t.app, s.admin.email)).token;
  paymentRequestPaid.attach((e) => void paid.push(e.paymentRequestId));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const url = () => `/api/webhooks/payment/usaepay/${s.slug}/transaction`;
const deliver = (body: string, signature: string | null) =>
  t.app.inject({
    method: 'POST',
    url: url(),
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-signature': signature }) },
    payload: body,
  });
/** Events the gateway queued since the last call. */
const newEvents = () => {
  const all = fake.pendingEvents();
  const fresh = all.slice(delivered);
  delivered = all.length;
  return fresh;
};
const storedEvents = () =>
  runInScope(t.db, { companyId: null, system: true }, async (tx) =>
    Number(((await tx.execute(sql`select count(*)::int as n from payment_webhook_events where company_id = ${s.companyId}`)).rows[0] as { n: number }).n),
  );

async function sentRequest(amountCents: number) {
  const w = await seedOrderWorld(t, s, admin, { order: false });
  const created = (await caller(t)('POST', '/api/payment_requests', admin, { customer: w.customerId, amountCents, invoice: `INV-${amountCents}` })).json();
  await runAutomatedMessagesNow(t, s.companyId);
  const thread = (await caller(t)('GET', `/api/messages?customer=${w.customerId}`, admin)).json().member as { content: string }[];
  return { id: created.id as number, code: linkCodeIn(thread[0]!.content) };
}

const charge = (code: string, paymentKey: string, idempotencyKey = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/payments/${code}/charge`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ paymentKey, idempotencyKey }),
  });

describe('USAePay: page, charge and webhook', () => {
  it('the page offers Pay.js hosted fields with the public key; a charge with a Pay.js key is approved', async () => {
    const { id, code } = await sentRequest(5100);
    const page = (await t.app.inject({ method: 'GET', url: `/api/public/payments/${code}` })).json();
    expect(page.cardForm).toMatchObject({ kind: 'usaepay' });
    expect(page.cardForm.publicKey.length).toBeGreaterThan(0);
    // The simulator's tokenising step does not exist for a real processor: card data never reaches us.
    const token = await t.app.inject({
      method: 'POST',
      url: `/api/public/payments/${code}/card-token`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ number: CARD, expiration: '12/39', cvc: '123' }),
    });
    expect(token.statusCode).toBe(404);
    const res = await charge(code, fake.issuePaymentKey({ number: CARD }));
    expect(res.json()).toMatchObject({ outcome: 'approved', receipt: { cardLast4: '2224' } });
    expect(paid.filter((p) => p === id)).toHaveLength(1);
    // Its webhook arrives later: stored, re-fetched, no second effect.
    const [event] = newEvents();
    const ok = await deliver(event!, fake.sign(event!));
    expect(ok.json()).toMatchObject({ ok: true, duplicate: false, outcome: 'paid' });
    expect(paid.filter((p) => p === id)).toHaveLength(1);
  });

  it('a bad or missing signature is 403 and stores nothing', async () => {
    const before = await storedEvents();
    const body = JSON.stringify({ type: 'event', event_type: 'transaction.sale.success', event_id: 'forged', event_body: { object: { key: 'x' } } });
    expect((await deliver(body, fake.sign(body, 'wrong-key'))).statusCode).toBe(403);
    expect((await deliver(body, null)).statusCode).toBe(403);
    expect((await deliver(body, 'zz')).statusCode).toBe(403);
    expect(await storedEvents()).toBe(before);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/webhooks/payment/usaepay/no-such-company/transaction',
          payload: body,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/webhooks/payment/next/${s.slug}/transaction`,
          payload: body,
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a lost answer leaves the charge pending; the webhook (re-fetched) marks it paid; replays change nothing', async () => {
    const { id, code } = await sentRequest(6200);
    newEvents();
    fake.failNext(1, { status: 502, process: true });
    const lost = await charge(code, fake.issuePaymentKey({ number: CARD }));
    expect(lost.json()).toMatchObject({ outcome: 'pending' });
    expect((await caller(t)('GET', `/api/payment_requests/${id}`, admin)).json().status).toBe('sent');
    const [event] = newEvents();
    const answers = await Promise.all([0, 1, 2].map(() => deliver(event!, fake.sign(event!))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    expect((await caller(t)('GET', `/api/payment_requests/${id}`, admin)).json()).toMatchObject({ status: 'paid', paidCents: 6200 });
    expect(paid.filter((p) => p === id)).toHaveLength(1);
    const sales = await runInScope(
      t.db,
      { companyId: null, system: true },
      async (tx) => (await tx.execute(sql`select count(*)::int as n from payment_transactions where payment_request_id = ${id}`)).rows,
    );
    expect(sales).toEqual([{ n: 1 }]);
    // A later replay is answered from the stored event: no call to the processor (its quota is 45 a minute).
    const lookups = () => fake.requests.filter((r) => r.method === 'GET' && r.path.includes('/transactions/')).length;
    const before = lookups();
    const replay = await deliver(event!, fake.sign(event!));
    expect(replay.json()).toMatchObject({ ok: true, duplicate: true });
    expect(lookups()).toBe(before);
  });

  it('a declined sale’s webhook settles the attempt and marks the unpaid request failed (still payable)', async () => {
    const { id, code } = await sentRequest(7300);
    newEvents();
    const declined = await charge(code, fake.issuePaymentKey({ number: '4000300611112224' }));
    expect(declined.json()).toMatchObject({ outcome: 'declined', declineReason: 'insufficient_funds' });
    const [event] = newEvents();
    expect((await deliver(event!, fake.sign(event!))).json()).toMatchObject({ outcome: 'declined' });
    expect((await caller(t)('GET', `/api/payment_requests/${id}`, admin)).json()).toMatchObject({ status: 'failed', statusReason: 'payment_declined' });
    expect((await t.app.inject({ method: 'GET', url: `/api/public/payments/${code}` })).json().state).toBe('payable');
  });

  it('logs every gateway call, redacted: no card number, payment key, API key or PIN', async () => {
    // Its own charge (tests run in random order): the gateway is called, with the card's payment key and our keys.
    const { code } = await sentRequest(4100);
    expect((await charge(code, fake.issuePaymentKey({ number: CARD }))).json()).toMatchObject({ outcome: 'approved' });
    // The logger writes asynchronously.
    for (let i = 0; i < 20 && !logLines.some((l) => l.includes('"paymentCall"')); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const calls = logLines.filter((l) => l.includes('"paymentCall"'));
    expect(calls.length).toBeGreaterThan(0);
    const joined = logLines.join('\n');
    expect(joined).not.toContain(CARD);
    expect(joined).not.toContain(fake.key.apiKey);
    expect(joined).not.toContain(fake.key.signatureKey);
    // The PIN is six digits: only as a value of its own (timestamps and durations are long digit runs).
    expect(joined).not.toMatch(new RegExp(`(?<![0-9.])${fake.key.pin}(?![0-9])`));
  });
  it('logs the charge’s gateway calls in the outgoing API log under the payment request', async () => {
    const { id, code } = await sentRequest(4300);
    expect((await charge(code, fake.issuePaymentKey({ number: CARD }))).json()).toMatchObject({ outcome: 'approved' });
    await flushOutsideCalls();
    const rows = await runInScope(
      t.db,
      { companyId: null, system: true },
      async (tx) =>
        (
          await tx.execute(
            sql`select operation, subject_type as "subjectType", subject_id::int as "subjectId" from api_calls where company_id = ${s.companyId} and vendor = 'usaepay' and subject_id = ${id}`,
          )
        ).rows as { operation: string; subjectType: string | null; subjectId: number }[],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.subjectType === 'payment_request')).toBe(true);
  });
});
