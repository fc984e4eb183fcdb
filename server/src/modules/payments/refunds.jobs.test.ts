import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { enablePayments, insertSale } from '../../../test/payment-operations-fixtures';
import { refundAttemptHelpers } from '../../../test/refund-attempt-fixtures';
import { PaymentError, type TPaymentProcessor } from '../../payments/payments';
import { REFUND_NOT_MADE_MESSAGE } from './refunds.jobs';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let admin: string;
const warnings: object[] = [];
const log = { info: () => undefined, warn: (o: object) => void warnings.push(o) };
const MIN = 60_000;

const { processorOf, reconcile, saleOf, attemptOf, refundsOf, openAttempt } = refundAttemptHelpers({ app: () => t, log });

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  await enablePayments(t, a);
  await enablePayments(t, b);
  admin = (await login(t.app, a.admin.email)).token;
});
afterAll(() => t?.close());

describe('reconciling refunds whose answer was lost', () => {
  it('records a refund the processor made, in its own company, once; a retry with the key then answers it', async () => {
    const saleA = await insertSale(t, a.companyId, { amountCents: 5000 });
    const saleB = await insertSale(t, b.companyId, { amountCents: 800 });
    const lostA = await openAttempt(a, saleA, { amountCents: 1200, state: 'unknown', atProcessor: true });
    const lostB = await openAttempt(b, saleB, { amountCents: 800, state: 'unknown', atProcessor: true });
    expect(await reconcile()).toBe(2);

    const [refundA] = await refundsOf(saleA);
    expect(refundA!.provider_key).toBe(lostA.made!.key);
    expect(Number(refundA!.created_by_id)).toBe(a.admin.id);
    expect(Number(refundA!.amount_cents)).toBe(1200);
    expect(Number(refundA!.company_id)).toBe(a.companyId);
    expect(await attemptOf(lostA.id)).toMatchObject({ state: 'approved' });
    expect(Number((await attemptOf(lostA.id)).refund_transaction_id)).toBe(Number(refundA!.id));
    // The reservation became the refund: the amount is neither given back nor counted twice.
    expect(await saleOf(saleA)).toMatchObject({ status: 'partially_refunded' });
    expect(Number((await saleOf(saleA)).refunded_cents)).toBe(1200);
    const [refundB] = await refundsOf(saleB);
    expect(Number(refundB!.company_id)).toBe(b.companyId);
    expect((await saleOf(saleB)).status).toBe('refunded');
    expect(await attemptOf(lostB.id)).toMatchObject({ state: 'approved' });

    expect(await reconcile()).toBe(0);
    expect(await refundsOf(saleA)).toHaveLength(1);
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/payment/transactions/${saleA}/refund`,
      headers: bearer(admin),
      payload: { amountCents: 1200, idempotencyKey: lostA.key },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refund.id).toBe(Number(refundA!.id));
    expect(retry.json().sale).toMatchObject({ refundedCents: 1200, refundableCents: 3800 });
  });

  it('two runs at once record it once', async () => {
    const sale = await insertSale(t, a.companyId, { amountCents: 2000 });
    const lost = await openAttempt(a, sale, { amountCents: 700, state: 'unknown', atProcessor: true });
    const runs = await Promise.all([reconcile(), reconcile(), reconcile()]);
    expect(runs.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await refundsOf(sale)).toHaveLength(1);
    expect(await attemptOf(lost.id)).toMatchObject({ state: 'approved' });
    expect(Number((await saleOf(sale)).refunded_cents)).toBe(700);
  });

  it('leaves a fresh pending attempt alone; one the processor never made is given back after 10 minutes', async () => {
    const sale = await insertSale(t, a.companyId, { amountCents: 3000 });
    const fresh = await openAttempt(a, sale, { amountCents: 500, state: 'pending', atProcessor: false });
    const stale = await openAttempt(a, sale, { amountCents: 1000, state: 'pending', ageMs: 3 * MIN, atProcessor: false });
    const asked: string[] = [];
    const spying = (companyId: number): TPaymentProcessor => {
      const real = processorOf(companyId);
      return { ...real, findTransaction: (o) => (asked.push(o.idempotencyKey), real.findTransaction(o)) };
    };
    expect(await reconcile({ processorOf: (c) => spying(c.id) })).toBe(0);
    expect(asked).toEqual([stale.key]);
    expect(await attemptOf(stale.id)).toMatchObject({ state: 'pending', finished_at: null });
    expect(Number((await saleOf(sale)).refunded_cents)).toBe(1500);

    // 8 minutes on: the older one is 11 minutes old (given back), the other 8 (asked, still kept).
    expect(await reconcile({ now: new Date(Date.now() + 8 * MIN) })).toBe(1);
    expect(await attemptOf(stale.id)).toMatchObject({ state: 'failed', message: REFUND_NOT_MADE_MESSAGE });
    expect(await attemptOf(fresh.id)).toMatchObject({ state: 'pending' });
    expect(Number((await saleOf(sale)).refunded_cents)).toBe(500);
    expect(await reconcile({ now: new Date(Date.now() + 11 * MIN) })).toBe(1);
    expect(await attemptOf(fresh.id)).toMatchObject({ state: 'failed' });
    expect(await saleOf(sale)).toMatchObject({ status: 'approved' });
    expect(Number((await saleOf(sale)).refunded_cents)).toBe(0);
    expect(await refundsOf(sale)).toHaveLength(0);
    // The amount given back can be refunded for real.
    const full = await t.app.inject({ method: 'POST', url: `/api/payment/transactions/${sale}/refund`, headers: bearer(admin), payload: {} });
    expect(full.statusCode).toBe(200);
    expect(full.json().sale).toMatchObject({ status: 'refunded', refundedCents: 3000 });
  });

  it('gives back a refund the processor refused', async () => {
    const sale = await insertSale(t, a.companyId, { amountCents: 900 });
    const lost = await openAttempt(a, sale, { amountCents: 900, state: 'unknown', atProcessor: true });
    const refusing = (companyId: number): TPaymentProcessor => {
      const real = processorOf(companyId);
      return {
        ...real,
        findTransaction: async (o) => {
          const found = await real.findTransaction(o);
          return found && { ...found, outcome: 'declined', authorizedCents: 0, message: 'Refund refused by the issuer' };
        },
      };
    };
    expect(await reconcile({ processorOf: (c) => refusing(c.id) })).toBe(1);
    expect(await attemptOf(lost.id)).toMatchObject({ state: 'failed', message: 'Refund refused by the issuer' });
    expect(await saleOf(sale)).toMatchObject({ status: 'approved' });
    expect(await refundsOf(sale)).toHaveLength(0);
  });

  it('keeps the attempt open while the processor does not answer or payments are off', async () => {
    const sale = await insertSale(t, a.companyId, { amountCents: 1000 });
    const lost = await openAttempt(a, sale, { amountCents: 400, state: 'unknown', ageMs: 30 * MIN, atProcessor: true });
    const silent = (companyId: number): TPaymentProcessor => ({
      ...processorOf(companyId),
      findTransaction: () => Promise.reject(new PaymentError({ provider: 'simulator', kind: 'timeout', message: 'timed out', retryable: true })),
    });
    warnings.length = 0;
    expect(await reconcile({ processorOf: (c) => silent(c.id) })).toBe(0);
    expect(warnings).toContainEqual(expect.objectContaining({ refundAttemptId: lost.id, kind: 'timeout' }));
    expect(await reconcile({ processorOf: () => null })).toBe(0);
    expect(await attemptOf(lost.id)).toMatchObject({ state: 'unknown' });
    expect(Number((await saleOf(sale)).refunded_cents)).toBe(400);
    // Once the processor answers, the refund it made (30 minutes ago) is recorded, not given up.
    expect(await reconcile()).toBe(1);
    expect(await attemptOf(lost.id)).toMatchObject({ state: 'approved' });
  });
});
