import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { decryptSecret } from '../../lib/crypto';
import type { TRecurringJob } from '../../jobs/recurring';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { PaymentError, type TPaymentProcessor, type TPaymentTransaction } from '../../payments/payments';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { processorForCompany, type TPaymentLog } from './payments.processor';
import { callSale, chargeKeyOf, settleCharge } from './recurring-rules.charge';
import { chargeTimeOf, nextPeriodOf, periodOf } from './recurring-rules.dates';
import * as repo from './recurring-rules.repository';

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live'>;
/** Tests give a processor that times out; the app asks the company's. */
export type TProcessorOf = (company: TCompanyRow) => TPaymentProcessor | null;

const BATCH = 100;
/** A pending charge older than this lost its call (a crash between the row and the answer): the processor is asked. */
export const CHARGE_STALE_MS = 2 * 60_000;
/** A charge the processor has no sale for this long after it began charged nothing. */
export const CHARGE_NOT_CHARGED_AFTER_MS = 10 * 60_000;

const defaultProcessorOf =
  (deps: TDeps, log: TPaymentLog): TProcessorOf =>
  (company) =>
    processorForCompany({ config: deps.config, company, log });

/**
 * Charges every live rule that is due, once per period. One transaction per rule locks it, re-checks it is still due,
 * writes the period's charge row (unique per rule and period, its key derived from both) and moves next_charge_at to
 * the next period — so a second process, a retry or the next run finds nothing to do. Only then is the processor
 * called; its answer is recorded by settleCharge. Answers the number of charges made.
 */
export async function chargeDueRules(opts: { deps: TDeps; log: TPaymentLog; now?: Date; processorOf?: TProcessorOf }): Promise<number> {
  const now = opts.now ?? new Date();
  const processorOf = opts.processorOf ?? defaultProcessorOf(opts.deps, opts.log);
  const due = await runInScope(opts.deps.db, { companyId: null, system: true }, (tx) => repo.findDueRules(tx, { now, limit: BATCH }));
  let charged = 0;
  for (const candidate of due) {
    const companyId = candidate.companyId;
    const claimed = await runInScope(opts.deps.db, { companyId }, async (tx) => {
      const rule = await repo.lockRule(tx, { companyId, id: candidate.id });
      if (!rule || !rule.enabled || rule.endedAt || !rule.savedCardId || !rule.nextChargeAt || rule.nextChargeAt > now) return null;
      const company = await findCompany(tx, companyId);
      const card = await repo.findSavedCard(tx, { companyId, id: rule.savedCardId });
      if (!company || !card) return null;
      const period = periodOf(rule.nextChargeAt, company.timezone);
      const nextChargeAt = chargeTimeOf({ period: nextPeriodOf(period), dayOfMonth: rule.dayOfMonth, timeZone: company.timezone });
      await repo.updateRule(tx, { companyId, id: rule.id, set: { nextChargeAt } });
      const charge = await repo.insertCharge(tx, {
        companyId,
        ruleId: rule.id,
        period,
        idempotencyKey: chargeKeyOf(companyId, rule.id, period),
        amountCents: rule.amountCents,
      });
      return charge ? { rule, charge, company, card } : null;
    });
    if (!claimed) continue;
    const { rule, charge, company, card } = claimed;
    let processor: TPaymentProcessor | null = null;
    try {
      processor = processorOf(company);
    } catch (err) {
      if (!(err instanceof PaymentError)) throw err;
    }
    const outcome = processor
      ? card.revokedAt
        ? ({ kind: 'failed', message: 'The saved card was revoked.' } as const)
        : await callSale(processor, {
            rule,
            charge,
            source: { kind: 'token', token: decryptSecret(opts.deps.config.encryptionKey, card.tokenEncrypted) },
            saveCard: false,
          })
      : ({ kind: 'failed', message: 'Payments are off for this company.' } as const);
    await runWithLiveEvents({
      deps: opts.deps,
      scope: { companyId },
      fn: (tx, emit) =>
        settleCharge(tx, {
          deps: opts.deps,
          chargeId: charge.id,
          companyId,
          provider: processor?.provider ?? card.provider,
          outcome,
          timeZone: company.timezone,
          emit,
        }),
    });
    charged++;
  }
  return charged;
}

/**
 * Charges whose outcome is open (unknown, or pending past CHARGE_STALE_MS) are asked for by their key: found →
 * recorded; none after CHARGE_NOT_CHARGED_AFTER_MS → nothing was charged, the month failed (never charged again: its
 * row stays). A processor that does not answer is asked on the next run.
 */
export async function reconcileRecurringCharges(opts: { deps: TDeps; log: TPaymentLog; now?: Date; processorOf?: TProcessorOf }): Promise<number> {
  const now = opts.now ?? new Date();
  const processorOf = opts.processorOf ?? defaultProcessorOf(opts.deps, opts.log);
  const open = await runInScope(opts.deps.db, { companyId: null, system: true }, (tx) =>
    repo.findOpenCharges(tx, { pendingBefore: new Date(now.getTime() - CHARGE_STALE_MS), limit: BATCH }),
  );
  let settled = 0;
  for (const charge of open) {
    const company = await runInScope(opts.deps.db, { companyId: charge.companyId }, (tx) => findCompany(tx, charge.companyId));
    if (!company) continue;
    let found: TPaymentTransaction | null;
    let provider: string;
    try {
      const processor = processorOf(company);
      if (!processor) continue;
      provider = processor.provider;
      found = await processor.findTransaction({ idempotencyKey: charge.idempotencyKey });
    } catch (err) {
      if (!(err instanceof PaymentError)) throw err;
      opts.log.warn({ chargeId: charge.id, companyId: charge.companyId, kind: err.kind }, 'recurring reconcile: the processor did not answer');
      continue;
    }
    if (!found && now.getTime() - charge.createdAt.getTime() < CHARGE_NOT_CHARGED_AFTER_MS) continue;
    const state = await runWithLiveEvents({
      deps: opts.deps,
      scope: { companyId: charge.companyId },
      fn: (tx, emit) =>
        settleCharge(tx, {
          deps: opts.deps,
          chargeId: charge.id,
          companyId: charge.companyId,
          provider,
          outcome: found ? { kind: 'result', result: found } : { kind: 'not_charged' },
          timeZone: company.timezone,
          emit,
        }),
    });
    if (state) settled++;
  }
  return settled;
}

/** The monthly charge and its reconcile (jobs/recurring.ts: once per slot across processes). */
export function createRecurringRuleJobs(opts: { deps: TDeps; log: TPaymentLog }): TRecurringJob[] {
  return [
    {
      name: 'payment_recurring_charges',
      cron: '*/15 * * * *',
      description: 'Charges the saved cards of recurring payment rules due this period (once per rule and month), then reconciles unknown outcomes.',
      run: async () => {
        await chargeDueRules(opts);
        await reconcileRecurringCharges(opts);
      },
    },
  ];
}
