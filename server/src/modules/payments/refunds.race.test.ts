import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { enablePayments, insertSale } from '../../../test/payment-operations-fixtures';
import { runInScope } from '../../db/client';
import type { TPaymentProcessor, TPaymentTransaction } from '../../payments/payments';
import { processorForCompany } from './payments.processor';
import { paymentSimulatorStore } from './payments.processor';
import * as attempts from './refunds.repository';
import { reconcileRefundAttempts } from './refunds.jobs';
import * as transactions from './transactions.repository';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let admin: string;
const log = { info: () => undefined, warn: () => undefined };
const MIN = 60_000;

const q = (text: ReturnType<typeof sql>) => runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(text));
const processorOf = (companyId: number): TPaymentProcessor =>
  processorForCompany({ config: t.app.deps.config, company: { id: companyId, payment: { provider: 'current', enabled: true } }, log })!;
const reconcile = (over: Partial<Parameters<typeof reconcileRefundAttempts>[0]> = {}) => reconcileRefundAttempts({ deps: t.app.deps, log, ...over });

const saleOf = async (id: number) =>
  (await q(sql`select refunded_cents, status, provider_key, company_id from payment_transactions where id = ${id}`)).rows[0] as {
    refunded_cents: string | number;
    status: string;
    provider_key: string;
    company_id: string | number;
  };
const attemptOf = async (id: number) =>
  (await q(sql`select state, message, refund_transaction_id, finished_at from payment_refund_attempts where id = ${id}`)).rows[0] as {
    state: string;
    message: string | null;
    refund_transaction_id: string | number | null;
    finished_at: unknown;
  };
const refundsOf = async (saleId: number) =>
  (await q(sql`select id, company_id, amount_cents, provider_key, created_by_id from payment_transactions where parent_id = ${saleId} and kind = 'refund'`))
    .rows as { id: string | number; company_id: string | number; amount_cents: string | number; provider_key: string; created_by_id: string | number | null }[];

/**
 * Issue 17 follow-up: a user's retry of a refund whose answer was lost, racing the reconcile job. The request path
 * locks the attempt (after the sale) and claims it before asking the processor; the job re-checks the claim under the
 * same locks. Never both refund, never a reservation given back while a refund is being made.
 *
 * What the request path leaves behind when the processor's answer is lost: the amount reserved on the sale (its own
 * conditional update) and the attempt open. `atProcessor` makes the refund at the processor first, under the
 * attempt's key — the answer that never came back.
 */
async function openAttempt(
  s: TSeededCompany,
  saleId: number,
  opts: { amountCents: number; state: 'unknown' | 'pending'; ageMs?: number; atProcessor: boolean },
): Promise<{ id: number; key: string; made: TPaymentTransaction | null }> {
  const key = randomUUID();
  const made = opts.atProcessor
    ? await processorOf(s.companyId).refund({ transactionKey: (await saleOf(saleId)).provider_key, amountCents: opts.amountCents, idempotencyKey: key })
    : null;
  const id = await runInScope(t.db, { companyId: s.companyId }, async (tx) => {
    expect(await transactions.reserveRefund(tx, { companyId: s.companyId, id: saleId, amountCents: opts.amountCents })).toBeDefined();
    const row = await attempts.insertRefundAttempt(tx, {
      companyId: s.companyId,
      transactionId: saleId,
      idempotencyKey: key,
      amountCents: opts.amountCents,
      createdById: s.admin.id,
    });
    if (opts.state === 'unknown') await attempts.finishRefundAttempt(tx, { companyId: s.companyId, id: row.id, state: 'unknown', message: 'timed out' });
    return row.id;
  });
  await q(sql`update payment_refund_attempts set created_at = now() - make_interval(secs => ${(opts.ageMs ?? 0) / 1000}) where id = ${id}`);
  return { id, key, made };
}

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
const madeAtProcessor = (key: string) => (paymentSimulatorStore().attempts.has(key) ? 1 : 0);

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
