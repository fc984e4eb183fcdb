import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeNextPayments, type TFakeNextPayments } from '../../test/fakes/fake-next-payments';
import { createNextVariantProcessor } from './next-variant/next-variant-adapter';
import type { TPaymentCall } from './payment-processor.types';

let fake: TFakeNextPayments;
const calls: TPaymentCall[] = [];
let n = 0;
const attempt = () => ({ idempotencyKey: `next-${++n}`, invoice: `N-${n}` });

beforeAll(async () => {
  fake = await startFakeNextPayments();
});
afterAll(() => fake.close());

const processor = (over: { apiSecret?: string; now?: () => number } = {}) =>
  createNextVariantProcessor({
    baseUrl: fake.baseUrl,
    appKey: fake.appKey,
    apiSecret: over.apiSecret ?? fake.apiSecret,
    now: over.now,
    onCall: (c) => calls.push(c),
  });

describe('next-variant processor (constructed protocol) against its fake', () => {
  it('verifies credentials answering status_code/message, also for a refusal', async () => {
    expect(await processor().verifyCredentials()).toEqual({ statusCode: 200, message: 'Credentials are valid' });
    const bad = await processor({ apiSecret: 'wrong-secret' }).verifyCredentials();
    expect(bad.statusCode).toBe(401);
    expect(bad.message).toContain('Invalid app key or api secret');
  });

  it('charges a payment token with an Idempotency-Key; a replay returns the first charge, marked duplicate', async () => {
    const paymentKey = fake.issuePaymentToken('4000100011112224');
    const a = attempt();
    const first = await processor().sale({ source: { kind: 'payment_key', paymentKey }, amountCents: 1999, ...a });
    expect(first).toMatchObject({
      outcome: 'approved',
      amountCents: 1999,
      card: { brand: 'visa', last4: '2224' },
      duplicate: false,
      orderId: a.idempotencyKey,
    });
    expect(fake.requests.at(-1)!.headers['idempotency-key']).toBe(a.idempotencyKey);
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ amount: '19.99', payment_token: paymentKey, reference: a.idempotencyKey });
    const again = await processor().sale({ source: { kind: 'payment_key', paymentKey }, amountCents: 1999, ...a });
    expect(again).toMatchObject({ key: first.key, duplicate: true });
    expect(fake.charges().filter((c) => c.reference === a.idempotencyKey)).toHaveLength(1);
    expect(await processor().findTransaction({ idempotencyKey: a.idempotencyKey })).toMatchObject({ key: first.key });
    expect(await processor().getTransaction({ transactionKey: 'ch_missing' })).toBeNull();
  });

  it('maps a decline to its reason, and refunds within the charge', async () => {
    const declined = await processor().sale({
      source: { kind: 'payment_key', paymentKey: fake.issuePaymentToken('4000300611112224') },
      amountCents: 500,
      ...attempt(),
    });
    expect(declined).toMatchObject({ outcome: 'declined', declineReason: 'insufficient_funds', authorizedCents: 0 });
    const sale = await processor().sale({
      source: { kind: 'payment_key', paymentKey: fake.issuePaymentToken('4000100011112224') },
      amountCents: 1000,
      saveCard: true,
      ...attempt(),
    });
    expect(sale.savedCardToken).toMatch(/^ct_/);
    expect(await processor().refund({ transactionKey: sale.key, amountCents: 250, idempotencyKey: 'nr-1' })).toMatchObject({
      kind: 'refund',
      amountCents: 250,
    });
    await expect(processor().refund({ transactionKey: sale.key, amountCents: 800, idempotencyKey: 'nr-2' })).rejects.toMatchObject({
      kind: 'rejected',
      providerCode: 'refund_exceeds_charge',
    });
    await expect(processor().void({ transactionKey: sale.key })).rejects.toMatchObject({ kind: 'rejected' });
    const token = await processor().sale({ source: { kind: 'token', token: sale.savedCardToken! }, amountCents: 1000, ...attempt() });
    expect(token.outcome).toBe('approved');
    expect(await processor().void({ transactionKey: token.key })).toMatchObject({ kind: 'void', settlement: 'voided' });
  });

  it('flags a 5xx on a charge as outcome unknown and a 429 as rate limited', async () => {
    fake.failNext({ status: 503 });
    await expect(
      processor().sale({ source: { kind: 'payment_key', paymentKey: fake.issuePaymentToken('4000100011112224') }, amountCents: 100, ...attempt() }),
    ).rejects.toMatchObject({
      kind: 'unavailable',
      outcomeUnknown: true,
    });
    fake.failNext({ status: 429, headers: { 'retry-after': '7' } });
    await expect(processor().getPublicKey()).rejects.toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000 });
    expect(await processor().getPublicKey()).toBe(`pk_${fake.appKey}`);
  });

  it('runs a terminal request to completion and refuses an offline terminal', async () => {
    const online = fake.addTerminal({ name: 'Desk', serial: 'S-1' });
    const offline = fake.addTerminal({ name: 'Back', serial: 'S-2', status: 'offline' });
    const list = await processor().listTerminals();
    expect(list.find((t) => t.key === online)).toMatchObject({ status: 'connected', serial: 'S-1' });
    const req = await processor().createTerminalRequest({ deviceKey: online, amountCents: 700, ...attempt() });
    expect(req.state).toBe('pending');
    await processor().getTerminalRequest({ requestKey: req.key });
    expect(await processor().getTerminalRequest({ requestKey: req.key })).toMatchObject({
      state: 'complete',
      transaction: { outcome: 'approved', amountCents: 700 },
    });
    await expect(processor().createTerminalRequest({ deviceKey: offline, amountCents: 700, ...attempt() })).rejects.toMatchObject({ kind: 'offline' });
  });

  it('verifies webhook signatures with a timestamp and refuses tampered, stale or unsigned deliveries', () => {
    const { rawBody, signature } = fake.signedEvent({ type: 'charge.succeeded', charge: { id: 'ch_1', amount: '12.34', invoice: 'INV-9' } });
    const ok = processor().verifyWebhook({ rawBody: Buffer.from(rawBody), headers: { 'X-Signature': signature } });
    expect(ok).toMatchObject({ ok: true, event: { kind: 'sale_success', transactionKey: 'ch_1', amountCents: 1234, invoice: 'INV-9' } });
    expect(processor().verifyWebhook({ rawBody: rawBody.replace('12.34', '0.01'), headers: { 'x-signature': signature } })).toEqual({
      ok: false,
      refusal: 'bad_signature',
    });
    expect(processor().verifyWebhook({ rawBody, headers: {} })).toEqual({ ok: false, refusal: 'missing_signature' });
    const later = processor({ now: () => Date.now() + 10 * 60_000 });
    expect(later.verifyWebhook({ rawBody, headers: { 'x-signature': signature } })).toEqual({ ok: false, refusal: 'bad_signature' });
  });

  it('never logs the api secret, app key, payment tokens or card tokens', async () => {
    calls.length = 0;
    const paymentKey = fake.issuePaymentToken('4000100011112224');
    const sale = await processor().sale({ source: { kind: 'payment_key', paymentKey }, amountCents: 300, saveCard: true, ...attempt() });
    await processor().sale({ source: { kind: 'token', token: sale.savedCardToken! }, amountCents: 300, ...attempt() });
    await processor({ apiSecret: 'another-wrong-secret' }).verifyCredentials();
    const logged = JSON.stringify(calls);
    expect(calls).toHaveLength(3);
    for (const secret of [paymentKey, sale.savedCardToken!, 'another-wrong-secret', '4000100011112224']) expect(logged).not.toContain(secret);
    for (const secret of [fake.apiSecret, fake.appKey, 'Basic ']) expect(logged).not.toContain(secret);
    expect(logged).toContain('[redacted]');
  });
});
