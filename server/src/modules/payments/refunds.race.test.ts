import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { enablePayments, insertSale } from '../../../test/payment-operations-fixtures';
import { refundAttemptHelpers } from '../../../test/refund-attempt-fixtures';
import { runInScope } from '../../db/client';
import type { TPaymentProcessor, TPaymentTransaction } from '../../payments/payments';
import { paymentSimulatorStore } from './payments.processor';
import * as attempts from './refunds.repository';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let admin: string;
const log = { info: () => undefined, warn: () => undefined };
const MIN = 60_000;

/**
 * Issue 17 follow-up: a user's retry of a refund whose answer was lost, racing the reconcile job. The request path
 * locks the attempt (after the sale) and claims it before asking the processor; the job re-checks the claim under the
 * same locks. Never both refund, never a reservation given back while a refund is being made.
 */
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

const retry = (saleId: number, key: string, amountCents: number) =>
  t.app.inject({ method: 'POST', url: `/api/payment/transactions/${saleId}/refund`, headers: bearer(admin), payload: { amountCents, idempotencyKey: key } });
/** Refunds the simulator made under a key (0 or 1: its idempotency map). */
const madeAtProcessor = (key: string) => (paymentSimulatorStore(t.app.deps.config).attempts.has(key) ? 1 : 0);

describe('a refund retry racing the reconcile job', () => {
  it('in parallel, exactly one of them settles the attempt: never a refund made and its amount given back', async () => {
    for (let i = 0; i < 4; i++) {
      const sale = await insertSale(t, a.companyId, { amountCents: 2000 });
      // 30 minutes old, never made at the processor: the job alone would give it back, the retry alone would refund it.
      const lost = await openAttempt(a, sale, { amountCents: 600, state: 'unknown', ageMs: 30 * MIN, atProcessor: false });
      const [, answer] = await Promise.all([reconcile(), retry(sale, lost.key, 600)]);
      const refunds = await refundsOf(sale);
      const made = madeAtProcessor(lost.key);
      const attempt = await attemptOf(lost.id);
      expect(refunds.length, `round ${i}`).toBe(made);
      expect(Number((await saleOf(sale)).refunded_cents)).toBe(600 * made);
      if (made) {
        expect(attempt.state).toBe('approved');
        expect(answer.statusCode).toBe(200);
      } else {
        expect(attempt.state).toBe('failed');
        expect(answer.statusCode).toBe(422);
      }
    }
  });

  it('the job leaves an attempt a retry has claimed (being asked at the processor) alone, however old', async () => {
    const sale = await insertSale(t, a.companyId, { amountCents: 1500 });
    const lost = await openAttempt(a, sale, { amountCents: 500, state: 'unknown', ageMs: 30 * MIN, atProcessor: false });
    // What the request path holds while its processor call is on the wire.
    await runInScope(t.db, { companyId: a.companyId }, (tx) => attempts.claimRefundAttempt(tx, { companyId: a.companyId, id: lost.id, now: new Date() }));
    expect(await reconcile()).toBe(0);
    expect(await attemptOf(lost.id)).toMatchObject({ state: 'pending' });
    expect(Number((await saleOf(sale)).refunded_cents)).toBe(500);
    // A second retry meanwhile is told to wait, and asks nothing.
    const second = await retry(sale, lost.key, 500);
    expect(second.statusCode).toBe(409);
    expect(madeAtProcessor(lost.key)).toBe(0);
  });

  it('a verdict the job read before a retry settled the attempt is dropped under the lock', async () => {
    const sale = await insertSale(t, a.companyId, { amountCents: 1800 });
    const lost = await openAttempt(a, sale, { amountCents: 800, state: 'unknown', ageMs: 30 * MIN, atProcessor: false });
    let asked!: () => void;
    const wasAsked = new Promise<void>((r) => (asked = r));
    let answer!: (v: TPaymentTransaction | null) => void;
    const gated = (companyId: number): TPaymentProcessor => ({
      ...processorOf(companyId),
      findTransaction: () => {
        asked();
        return new Promise((r) => (answer = r));
      },
    });
    const job = reconcile({ processorOf: (c) => gated(c.id) });
    await wasAsked;
    // The retry claims, refunds and records while the job waits on its (stale) "nothing there" answer.
    const done = await retry(sale, lost.key, 800);
    expect(done.statusCode, done.body).toBe(200);
    answer(null);
    expect(await job).toBe(0);
    expect(await attemptOf(lost.id)).toMatchObject({ state: 'approved' });
    expect(Number((await saleOf(sale)).refunded_cents)).toBe(800);
    expect(await refundsOf(sale)).toHaveLength(1);
  });
});
