import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { runInScope } from '../src/db/client';
import type { TPaymentProcessor, TPaymentTransaction } from '../src/payments/payments';
import { processorForCompany } from '../src/modules/payments/payments.processor';
import * as attempts from '../src/modules/payments/refunds.repository';
import { reconcileRefundAttempts } from '../src/modules/payments/refunds.jobs';
import * as transactions from '../src/modules/payments/transactions.repository';
import type { TSeededCompany, TTestApp } from './helpers';

type TLog = { info: (...a: never[]) => void; warn: (o: object) => void };

/** Reads and set-ups the refund reconcile tests share (refunds.jobs and refunds.race); `app` is read when called. */
export function refundAttemptHelpers(opts: { app: () => TTestApp; log: TLog }) {
  const { log } = opts;
  const q = (text: ReturnType<typeof sql>) => runInScope(opts.app().db, { companyId: null, system: true }, (tx) => tx.execute(text));
  const processorOf = (companyId: number): TPaymentProcessor =>
    processorForCompany({ config: opts.app().app.deps.config, company: { id: companyId, payment: { provider: 'current', enabled: true } }, log })!;
  const reconcile = (over: Partial<Parameters<typeof reconcileRefundAttempts>[0]> = {}) => reconcileRefundAttempts({ deps: opts.app().app.deps, log, ...over });

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
      .rows as {
      id: string | number;
      company_id: string | number;
      amount_cents: string | number;
      provider_key: string;
      created_by_id: string | number | null;
    }[];

  /**
   * What the request path leaves behind when the processor's answer is lost: the amount reserved on the sale (its own
   * conditional update) and the attempt open. `atProcessor` makes the refund at the processor first, under the
   * attempt's key — the answer that never came back.
   */
  async function openAttempt(
    s: TSeededCompany,
    saleId: number,
    o: { amountCents: number; state: 'unknown' | 'pending'; ageMs?: number; atProcessor: boolean },
  ): Promise<{ id: number; key: string; made: TPaymentTransaction | null }> {
    const key = randomUUID();
    const made = o.atProcessor
      ? await processorOf(s.companyId).refund({ transactionKey: (await saleOf(saleId)).provider_key, amountCents: o.amountCents, idempotencyKey: key })
      : null;
    const id = await runInScope(opts.app().db, { companyId: s.companyId }, async (tx) => {
      expect(await transactions.reserveRefund(tx, { companyId: s.companyId, id: saleId, amountCents: o.amountCents })).toBeDefined();
      const row = await attempts.insertRefundAttempt(tx, {
        companyId: s.companyId,
        transactionId: saleId,
        idempotencyKey: key,
        amountCents: o.amountCents,
        createdById: s.admin.id,
      });
      if (o.state === 'unknown') await attempts.finishRefundAttempt(tx, { companyId: s.companyId, id: row.id, state: 'unknown', message: 'timed out' });
      return row.id;
    });
    await q(sql`update payment_refund_attempts set created_at = now() - make_interval(secs => ${(o.ageMs ?? 0) / 1000}) where id = ${id}`);
    return { id, key, made };
  }

  return { q, processorOf, reconcile, saleOf, attemptOf, refundsOf, openAttempt };
}
