import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUsaepay, type TFakeUsaepay } from '../../test/fakes/fake-usaepay';
import { PaymentError } from './payment-error';
import type { TPaymentCall } from './payment-processor.types';
import { buildUsaepayAuthorization, isValidUsaepaySignature, signUsaepayWebhook } from './usaepay/usaepay-auth';
import { createUsaepayProcessor, type TUsaepayOptions } from './usaepay/usaepay-adapter';

let fake: TFakeUsaepay;
let calls: TPaymentCall[];
let attempt = 0;

beforeAll(async () => {
  fake = await startFakeUsaepay();
});
afterAll(() => fake.close());
beforeEach(() => {
  calls = [];
  fake.setRateLimit(1000);
});

function processor(over: Partial<TUsaepayOptions> = {}) {
  return createUsaepayProcessor({
    baseUrl: fake.baseUrl,
    apiKey: fake.key.apiKey,
    pin: fake.key.pin,
    webhookSignatureKey: fake.key.signatureKey,
    onCall: (c) => calls.push(c),
    ...over,
  });
}

/** A unique idempotency key and invoice per test (the fake folds identical sales). */
const ids = () => {
  attempt += 1;
  return { idempotencyKey: `att-${Date.now()}-${attempt}`, invoice: `INV${attempt}` };
};

async function paymentError(p: Promise<unknown>): Promise<PaymentError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentError);
  return err as PaymentError;
}

const V3_BODY =
  '{"type":"event","event_triggered":"2021-04-07 15:14:26","event_type":"transaction.sale.success","event_body":{"merchant":{"merch_key":"7qwnw4j2kmqvrb3"},"object":{"type":"transaction","key":"1nftvzx7xtcggm3","amount_detail":{"amount":"5.00"},"authcode":"538228"}},"event_id":"c088bc2884a2c3b4043991b04d96ceda7c65043778233dedb26bfd5853705dfd"}';

describe('USAePay authentication and signatures (documented vectors)', () => {
  it('builds the documented Authorization header (V1, PIN 123456)', () => {
    expect(buildUsaepayAuthorization({ apiKey: '_V87Qtb513Cd3vabM7RC0TbtJWeSo8p7', pin: '123456', seed: 'abcdefghijklmnop' })).toBe(
      'Basic X1Y4N1F0YjUxM0NkM3ZhYk03UkMwVGJ0SldlU284cDc6czIvYWJjZGVmZ2hpamtsbW5vcC9iNzRjMmZhOTFmYjBhMDk3NTVlMzc3ZWU4ZTIwYWE4NmQyYjkyYzNkMmYyNzcyODBkYjU5NWY2MzZiYjE5MGU2',
    );
  });
  it('builds the second vector (V2)', () => {
    const header = buildUsaepayAuthorization({ apiKey: 'TESTKEY0123456789abcdefghijklmno', pin: '4321', seed: '0123456789abcdef' });
    expect(header).toBe(
      'Basic VEVTVEtFWTAxMjM0NTY3ODlhYmNkZWZnaGlqa2xtbm86czIvMDEyMzQ1Njc4OWFiY2RlZi84ZTcxNDgzMTk5N2Q1ODJhNDI5NzFhYTgxMjQxNzA2ZGMyZWNlYmNjNWRkOTE3MjI2YTQ2ZTE1YmRiNjEyZWNm',
    );
    expect(Buffer.from(header.slice(6), 'base64').toString()).toContain('8e714831997d582a42971aa81241706dc2ecebcc5dd917226a46e15bdb612ecf');
  });
  it('signs the webhook body of V3 and checks signatures in constant time, case-insensitively', () => {
    expect(Buffer.byteLength(V3_BODY)).toBe(342);
    const sig = '548711ae938cfba20085cc9c2b34cf7556ec15bd858abc70fe8d2ba664fa356c';
    expect(signUsaepayWebhook({ signatureKey: 'test_signature_key_123', rawBody: V3_BODY })).toBe(sig);
    expect(isValidUsaepaySignature({ signatureKey: 'test_signature_key_123', rawBody: Buffer.from(V3_BODY), signature: sig.toUpperCase() })).toBe(true);
    expect(isValidUsaepaySignature({ signatureKey: 'test_signature_key_123', rawBody: `${V3_BODY} `, signature: sig })).toBe(false);
    expect(isValidUsaepaySignature({ signatureKey: 'test_signature_key_123', rawBody: V3_BODY, signature: sig.slice(0, 10) })).toBe(false);
  });
  it('verifyWebhook parses a signed event and refuses a missing, wrong or unconfigured signature', () => {
    const p = processor({ webhookSignatureKey: 'test_signature_key_123' });
    const ok = p.verifyWebhook({
      rawBody: Buffer.from(V3_BODY),
      headers: { 'X-Signature': '548711ae938cfba20085cc9c2b34cf7556ec15bd858abc70fe8d2ba664fa356c' },
    });
    expect(ok).toEqual({
      ok: true,
      event: {
        eventId: 'c088bc2884a2c3b4043991b04d96ceda7c65043778233dedb26bfd5853705dfd',
        type: 'transaction.sale.success',
        kind: 'sale_success',
        triggeredAt: new Date('2021-04-07T15:14:26Z'),
        transactionKey: '1nftvzx7xtcggm3',
        invoice: null,
        amountCents: 500,
      },
    });
    expect(p.verifyWebhook({ rawBody: V3_BODY, headers: {} })).toEqual({ ok: false, refusal: 'missing_signature' });
    expect(
      p.verifyWebhook({
        rawBody: V3_BODY.replace('5.00', '9.00'),
        headers: { 'x-signature': '548711ae938cfba20085cc9c2b34cf7556ec15bd858abc70fe8d2ba664fa356c' },
      }),
    ).toEqual({
      ok: false,
      refusal: 'bad_signature',
    });
    expect(processor({ webhookSignatureKey: null }).verifyWebhook({ rawBody: V3_BODY, headers: { 'x-signature': 'x' } })).toEqual({
      ok: false,
      refusal: 'not_configured',
    });
    const junk = '{"not":"an event"}';
    expect(
      p.verifyWebhook({ rawBody: junk, headers: { 'x-signature': signUsaepayWebhook({ signatureKey: 'test_signature_key_123', rawBody: junk }) } }),
    ).toEqual({
      ok: false,
      refusal: 'malformed_body',
    });
  });
});

describe('USAePay adapter against the fake gateway', () => {
  it('sells with a one-time payment key, sends "12.34" amounts and orderid, and reports brand and last 4 only', async () => {
    const paymentKey = fake.issuePaymentKey({ number: '4000100011112224' });
    const tx = await processor().sale({ source: { kind: 'payment_key', paymentKey }, amountCents: 1234, subtotalCents: 1134, taxCents: 100, ...ids() });
    expect(tx).toMatchObject({
      outcome: 'approved',
      amountCents: 1234,
      authorizedCents: 1234,
      kind: 'sale',
      card: { brand: 'visa', last4: '2224' },
      duplicate: false,
    });
    const sent = JSON.parse(fake.requests.at(-1)!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({ command: 'cc:sale', amount: '12.34', payment_key: paymentKey, amount_detail: { subtotal: '11.34', tax: '1.00' } });
    expect(sent.ignore_duplicate).toBeUndefined();
    expect(sent.orderid).toMatch(/^att-/);
  });

  it('maps declines with their codes (error_code as text) and reasons', async () => {
    const cases: Array<[string, string, string]> = [
      ['4000300611112224', '10251', 'insufficient_funds'],
      ['4000300211112228', '10205', 'do_not_honor'],
      ['4000300011112220', '10127', 'card_declined'],
      ['4000301311112225', '10297', 'cvc_failed'],
    ];
    for (const [number, code, reason] of cases) {
      const tx = await processor().sale({ source: { kind: 'payment_key', paymentKey: fake.issuePaymentKey({ number }) }, amountCents: 500, ...ids() });
      expect(tx, number).toMatchObject({ outcome: 'declined', errorCode: code, declineReason: reason, authorizedCents: 0 });
    }
  });

  it('reports a partial approval with the authorised amount, and a gateway error with a numeric code as text', async () => {
    const partial = await processor().sale({
      source: { kind: 'payment_key', paymentKey: fake.issuePaymentKey({ number: '4000000011112275' }) },
      amountCents: 1000,
      ...ids(),
    });
    expect(partial).toMatchObject({ outcome: 'partial', amountCents: 1000, authorizedCents: 500 });
    const error = await processor().sale({
      source: { kind: 'payment_key', paymentKey: fake.issuePaymentKey({ number: '4000301511112223' }) },
      amountCents: 1000,
      ...ids(),
    });
    expect(error).toMatchObject({ outcome: 'error', errorCode: '10002', declineReason: null });
  });

  it('folds a resent sale into the first (is_duplicate) and refuses a reused payment key for another sale', async () => {
    const paymentKey = fake.issuePaymentKey({ number: '5555444433332226' });
    const attemptIds = ids();
    const first = await processor().sale({ source: { kind: 'payment_key', paymentKey }, amountCents: 2500, ...attemptIds });
    const again = await processor().sale({ source: { kind: 'payment_key', paymentKey }, amountCents: 2500, ...attemptIds });
    expect(again).toMatchObject({ key: first.key, duplicate: true, outcome: 'approved', card: { brand: 'mastercard' } });
    expect(fake.transactions().filter((t) => t.orderid === attemptIds.idempotencyKey)).toHaveLength(1);
    const other = await processor().sale({ source: { kind: 'payment_key', paymentKey }, amountCents: 2500, ...ids() });
    expect(other).toMatchObject({ outcome: 'error', errorCode: '10160' });
  });

  it('saves a card on request and charges the token later', async () => {
    const first = await processor().sale({
      source: { kind: 'payment_key', paymentKey: fake.issuePaymentKey({ number: '4000100011112224' }) },
      amountCents: 900,
      saveCard: true,
      ...ids(),
    });
    expect(first.savedCardToken).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
    const second = await processor().sale({ source: { kind: 'token', token: first.savedCardToken! }, amountCents: 900, ...ids() });
    expect(second).toMatchObject({ outcome: 'approved', card: { last4: '2224' } });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ creditcard: { number: first.savedCardToken } });
  });

  it('reconciles a lost answer: the sale times out (outcome unknown), then findTransaction and getTransaction see it', async () => {
    const attemptIds = ids();
    fake.delayNext(1_000);
    const err = await paymentError(
      processor({ timeoutMs: 200 }).sale({
        source: { kind: 'payment_key', paymentKey: fake.issuePaymentKey({ number: '4000100011112224' }) },
        amountCents: 4200,
        ...attemptIds,
      }),
    );
    expect(err).toMatchObject({ kind: 'timeout', outcomeUnknown: true, retryable: true });
    const found = await processor().findTransaction({ idempotencyKey: attemptIds.idempotencyKey });
    expect(found).toMatchObject({ outcome: 'approved', amountCents: 4200, orderId: attemptIds.idempotencyKey, settlement: 'pending' });
    expect(await processor().getTransaction({ transactionKey: found!.key })).toMatchObject({ key: found!.key, createdAt: expect.any(Date) });
    expect(await processor().getTransaction({ transactionKey: 'nosuchkey000000' })).toBeNull();
    expect(await processor().findTransaction({ idempotencyKey: 'never-sent' })).toBeNull();
  });

  it('a 5xx after the gateway processed a sale is outcome unknown; a 4xx is not', async () => {
    fake.failNext(1, { status: 502, process: true });
    const err = await paymentError(
      processor().sale({ source: { kind: 'payment_key', paymentKey: fake.issuePaymentKey({ number: '4000100011112224' }) }, amountCents: 100, ...ids() }),
    );
    expect(err).toMatchObject({ kind: 'unavailable', outcomeUnknown: true });
    fake.failNext(1, { status: 400, body: { error: 'Bad request', errorcode: 10 } });
    const bad = await paymentError(processor().sale({ source: { kind: 'payment_key', paymentKey: 'x' }, amountCents: 100, ...ids() }));
    expect(bad).toMatchObject({ kind: 'rejected', outcomeUnknown: false, providerCode: '10' });
  });

  it('redacts a card number or the API key echoed in a gateway error message', async () => {
    fake.failNext(1, { status: 400, body: { error: `Card 4000100011112224 refused for key ${fake.key.apiKey}`, errorcode: 10 } });
    const err = await paymentError(processor().getTransaction({ transactionKey: 'x' }));
    expect(err.message).toContain('•••• 2224');
    expect(err.message).not.toContain('4000100011112224');
    expect(err.message).not.toContain(fake.key.apiKey);
  });

  it('refunds in part and in full within the sale amount, and voids before the batch closes', async () => {
    const sale = await processor().sale({
      source: { kind: 'payment_key', paymentKey: fake.issuePaymentKey({ number: '4000100011112224' }) },
      amountCents: 1000,
      ...ids(),
    });
    const part = await processor().refund({ transactionKey: sale.key, amountCents: 300, idempotencyKey: 'r1' });
    expect(part).toMatchObject({ kind: 'refund', outcome: 'approved', amountCents: 300 });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({ command: 'refund', trankey: sale.key, orderid: 'r1', amount: '3.00' });
    const over = await processor().refund({ transactionKey: sale.key, amountCents: 800, idempotencyKey: 'r2' });
    expect(over).toMatchObject({ outcome: 'error', errorCode: '10116' });
    const rest = await processor().refund({ transactionKey: sale.key, idempotencyKey: 'r3' });
    expect(rest).toMatchObject({ outcome: 'approved', amountCents: 700 });

    const other = await processor().sale({
      source: { kind: 'payment_key', paymentKey: fake.issuePaymentKey({ number: '4000100011112224' }) },
      amountCents: 1500,
      ...ids(),
    });
    expect(await processor().void({ transactionKey: other.key })).toMatchObject({ outcome: 'approved', kind: 'void' });
    expect((await processor().getTransaction({ transactionKey: other.key }))?.settlement).toBe('voided');
    const settled = await processor().sale({
      source: { kind: 'payment_key', paymentKey: fake.issuePaymentKey({ number: '4000100011112224' }) },
      amountCents: 1600,
      ...ids(),
    });
    fake.closeBatch();
    expect(await processor().void({ transactionKey: settled.key })).toMatchObject({ outcome: 'error', errorCode: '10118' });
  });

  it('needs the PIN for refunds (error 84) and refuses a wrong PIN hash as auth', async () => {
    const sale = await processor().sale({
      source: { kind: 'payment_key', paymentKey: fake.issuePaymentKey({ number: '4000100011112224' }) },
      amountCents: 700,
      ...ids(),
    });
    const noPin = await processor({ pin: null }).refund({ transactionKey: sale.key, idempotencyKey: 'r' });
    expect(noPin).toMatchObject({ outcome: 'error', errorCode: '84' });
    const wrong = await paymentError(processor({ pin: '000000' }).getTransaction({ transactionKey: sale.key }));
    expect(wrong).toMatchObject({ kind: 'auth', status: 401, providerCode: '23', retryable: false });
    expect(await processor({ pin: '000000' }).verifyCredentials()).toMatchObject({ statusCode: 401 });
    expect(await processor().verifyCredentials()).toEqual({ statusCode: 200, message: 'OK' });
  });

  it('maps the 429 rate limit (errorcode 155) to a retryable error', async () => {
    fake.setRateLimit(1);
    await new Promise((r) => setTimeout(r, 5));
    const p = processor();
    // Earlier tests' calls in the last minute count against the limit too: one call is enough to exceed it.
    const err = await paymentError(Promise.all([p.getPublicKey(), p.getPublicKey()]));
    expect(err).toMatchObject({ kind: 'rate_limited', status: 429, providerCode: '155', retryable: true });
    expect(err.retryAfterMs).toBeGreaterThan(0);
  });

  it('returns a stable public key per API key (the tokenization key has its own)', async () => {
    const a = await processor().getPublicKey();
    expect(await processor().getPublicKey()).toBe(a);
    const t = await processor({ tokenizationKey: { apiKey: fake.tokenizationKey.apiKey, pin: fake.tokenizationKey.pin } }).getPublicKey();
    expect(t).toMatch(/^_P/);
    expect(t).not.toBe(a);
  });

  it('drives a terminal: list, pay request through its statuses to complete, busy and offline errors, cancel and timeout', async () => {
    fake.setPayRequestStepMs(15);
    const deviceKey = fake.addDevice({ name: 'Counter 1', serial: '011118170300198', behaviour: 'never_finish' });
    const p = processor();
    expect((await p.listTerminals()).find((d) => d.key === deviceKey)).toMatchObject({ status: 'connected', serial: '011118170300198', name: 'Counter 1' });
    const until = async (requestKey: string) => {
      let polled = await p.getTerminalRequest({ requestKey });
      const seen = new Set([polled.providerStatus]);
      for (let i = 0; i < 300 && (polled.state === 'pending' || polled.state === 'processing'); i++) {
        await new Promise((r) => setTimeout(r, 10));
        polled = await p.getTerminalRequest({ requestKey });
        seen.add(polled.providerStatus);
      }
      return { polled, seen };
    };

    // A device nobody touches stays busy until the request is cancelled.
    const waiting = await p.createTerminalRequest({ deviceKey, amountCents: 100, ...ids() });
    expect(waiting.state).toBe('pending');
    expect(await paymentError(p.createTerminalRequest({ deviceKey, amountCents: 100, ...ids() }))).toMatchObject({ kind: 'busy', providerCode: '21146' });
    await p.cancelTerminalRequest({ requestKey: waiting.key });
    expect((await p.getTerminalRequest({ requestKey: waiting.key })).state).toBe('canceled');

    fake.setDevice(deviceKey, { behaviour: 'approve' });
    const created = await p.createTerminalRequest({ deviceKey, amountCents: 888, ...ids() });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({ devicekey: deviceKey, command: 'cc:sale', amount: '8.88' });
    const done = await until(created.key);
    expect(done.polled).toMatchObject({ state: 'complete', transaction: { outcome: 'approved', amountCents: 888 } });
    expect(done.seen.size).toBeGreaterThan(1);

    fake.setDevice(deviceKey, { behaviour: 'decline' });
    const declined = await until((await p.createTerminalRequest({ deviceKey, amountCents: 300, ...ids() })).key);
    expect(declined.polled).toMatchObject({ state: 'failed', transaction: { outcome: 'declined', declineReason: 'insufficient_funds' } });

    fake.setDevice(deviceKey, { behaviour: 'timeout' });
    const timing = await until((await p.createTerminalRequest({ deviceKey, amountCents: 100, ...ids() })).key);
    expect(timing.polled.state).toBe('timeout');

    fake.setDevice(deviceKey, { status: 'offline' });
    expect(await paymentError(p.createTerminalRequest({ deviceKey, amountCents: 100, ...ids() }))).toMatchObject({ kind: 'offline', providerCode: '21145' });
    expect(await paymentError(p.createTerminalRequest({ deviceKey: 'sa_unknown', amountCents: 100, ...ids() }))).toMatchObject({
      kind: 'not_found',
      providerCode: '21121',
    });
  });

  it('receives the gateway webhooks signed, also duplicated and out of order, and verifies each', async () => {
    const received: Array<{ body: string; sig: string; auth: string }> = [];
    const hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString(), sig: String(req.headers['x-signature']), auth: String(req.headers.authorization) });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
    try {
      const basicAuth = { user: 'hook-user', password: 'hook-password-1' };
      fake.setWebhook({ url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`, basicAuth });
      const sale = await processor().sale({
        source: { kind: 'payment_key', paymentKey: fake.issuePaymentKey({ number: '4000100011112224' }) },
        amountCents: 1999,
        ...ids(),
      });
      await processor().refund({ transactionKey: sale.key, amountCents: 999, idempotencyKey: 'hook-r' });
      const results = await fake.flushWebhooks({ copies: 2, reverse: true });
      expect(results.every((r) => r.status === 200)).toBe(true);
      const p = processor({ webhookBasicAuth: basicAuth });
      const events = received.map((r) => p.verifyWebhook({ rawBody: r.body, headers: { 'x-signature': r.sig, authorization: r.auth } }));
      expect(events.every((e) => e.ok)).toBe(true);
      const kinds = events.map((e) => (e.ok ? e.event.kind : null));
      expect(kinds.filter((k) => k === 'sale_success')).toHaveLength(2);
      expect(kinds.filter((k) => k === 'refund_success')).toHaveLength(2);
      expect(new Set(events.map((e) => (e.ok ? e.event.eventId : ''))).size).toBe(2);
      const saleEvent = events.find((e) => e.ok && e.event.kind === 'sale_success');
      expect(saleEvent?.ok && saleEvent.event).toMatchObject({ transactionKey: sale.key, amountCents: 1999 });
      const tampered = received[0]!.body.replace('"type":"event"', '"type": "event"');
      expect(p.verifyWebhook({ rawBody: tampered, headers: { 'x-signature': received[0]!.sig, authorization: received[0]!.auth } })).toEqual({
        ok: false,
        refusal: 'bad_signature',
      });
      expect(p.verifyWebhook({ rawBody: received[0]!.body, headers: { 'x-signature': received[0]!.sig } })).toEqual({ ok: false, refusal: 'bad_signature' });
    } finally {
      fake.setWebhook(null);
      await new Promise<void>((r) => hook.close(() => r()));
    }
  });

  it('logs every call without card data, payment keys, tokens, PIN, API key or auth header', async () => {
    const paymentKey = fake.issuePaymentKey({ number: '4000100011112224' });
    const sale = await processor().sale({ source: { kind: 'payment_key', paymentKey }, amountCents: 5000, saveCard: true, ...ids() });
    await processor().sale({ source: { kind: 'token', token: sale.savedCardToken! }, amountCents: 5000, ...ids() });
    await processor({ pin: '000000' })
      .getTransaction({ transactionKey: sale.key })
      .catch(() => null);
    const logged = JSON.stringify(calls);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    for (const secret of [paymentKey, sale.savedCardToken!, fake.key.apiKey, fake.key.pin, '4000100011112224', 'Basic '])
      expect(logged, secret).not.toContain(secret);
    expect(calls[0]!.requestHeaders.authorization).toBe('[redacted]');
    expect(logged).toContain('4000xxxxxxxx2224');
  });
});
