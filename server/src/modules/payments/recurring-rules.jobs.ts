import { customerDisplayName } from '@cd/contracts/customer';
import { RECURRING_CARD_EXPIRED } from '@cd/contracts/payment-operations';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import type { TLiveEventInput } from '../../live/live.types';
import { queueUserNotification } from '../notifications/notifications.api';
import { decryptSecret } from '../../lib/crypto';
import type { TRecurringJob } from '../../jobs/recurring';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { PaymentError, type TPaymentProcessor, type TPaymentTransaction } from '../../payments/payments';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { processorForCompany, type TPaymentLog } from './payments.processor';
import { callSale, chargeKeyOf, settleCharge } from './recurring-rules.charge';
import { boundedChargeTime, cardExpiredFor, chargeTimeOf, expiryPeriodOf, nextPeriodOf, periodOf } from './recurring-rules.dates';
import { ruleEvent, toRuleResource } from './recurring-rules.presenter';
import * as repo from './recurring-rules.repository';
import type { TRecurringChargeRow, TRecurringRuleRow, TSavedCardRow } from './recurring-rules.schema';

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
 * The month's charge row is closed as skipped (error, RECURRING_CARD_EXPIRED; the processor is never asked, nothing
 * counts as a failure) and staff are told: a live rule event to the payment role and admins, and a notification to
 * whoever set the rule up (once per rule and month). The rule stays on: a later month with a new card is charged.
 */
async function skipExpiredCard(
  tx: TTx,
  opts: { rule: TRecurringRuleRow; charge: TRecurringChargeRow; card: TSavedCardRow; emit: (events: TLiveEventInput[]) => void },
): Promise<void> {
  const { rule, charge, card } = opts;
  await repo.finishCharge(tx, { companyId: rule.companyId, id: charge.id, state: 'error', message: RECURRING_CARD_EXPIRED });
  const full = await repo.findRuleWithRefs(tx, { companyId: rule.companyId, id: rule.id });
  if (full) opts.emit([ruleEvent(rule.companyId, toRuleResource(full), 'updated', ['charges', 'status'])]);
  const userId = rule.createdById ?? rule.consentRecordedById;
  if (userId === null) return;
  const name = full?.refs.customer ? customerDisplayName(full.refs.customer) : 'a customer';
  await queueUserNotification({
    tx,
    emit: opts.emit,
    notification: {
      companyId: rule.companyId,
      userId,
      kind: 'payment_recurring_card_expired',
      title: 'Recurring charge skipped: card expired',
      body: `The saved card ${card.cardLast4 ? `ending ${card.cardLast4} ` : ''}of ${name} expired (${expiryPeriodOf(card)}): the ${charge.period} charge was skipped. Ask the customer for a new card.`,
      data: { link: '/payment/transactions' },
      dedupeKey: `payment_recurring_card_expired:${rule.id}:${charge.period}`,
    },
  });
}

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
    const claimed = await runWithLiveEvents({
      deps: opts.deps,
      scope: { companyId },
      fn: async (tx, emit) => {
        const rule = await repo.lockRule(tx, { companyId, id: candidate.id });
        if (!rule || !rule.enabled || rule.endedAt || !rule.savedCardId || !rule.nextChargeAt || rule.nextChargeAt > now) return null;
        const company = await findCompany(tx, companyId);
        const card = await repo.findSavedCard(tx, { companyId, id: rule.savedCardId });
        if (!company || !card) return null;
        const period = periodOf(rule.nextChargeAt, company.timezone);
        const bounds = { dayOfMonth: rule.dayOfMonth, timeZone: company.timezone, startMonth: rule.startMonth, endMonth: rule.endMonth };
        // Outside its months (a rule written before its bounds were checked, a clock moved): nothing is charged.
        if ((rule.startMonth && period < rule.startMonth) || (rule.endMonth && period > rule.endMonth)) {
          const from = chargeTimeOf({
            period: rule.startMonth && period < rule.startMonth ? rule.startMonth : period,
            dayOfMonth: rule.dayOfMonth,
            timeZone: company.timezone,
          });
          await repo.updateRule(tx, { companyId, id: rule.id, set: { nextChargeAt: boundedChargeTime({ from, ...bounds }) } });
          return null;
        }
        // A revoked card is never charged: its rule stops here too (revokeSavedCard stops them; this is the backstop).
        if (card.revokedAt) {
          await repo.updateRule(tx, { companyId, id: rule.id, set: { enabled: false, nextChargeAt: null } });
          return null;
        }
        const nextChargeAt = boundedChargeTime({
          from: chargeTimeOf({ period: nextPeriodOf(period), dayOfMonth: rule.dayOfMonth, timeZone: company.timezone }),
          ...bounds,
        });
        await repo.updateRule(tx, { companyId, id: rule.id, set: { nextChargeAt } });
        const charge = await repo.insertCharge(tx, {
          companyId,
          ruleId: rule.id,
          period,
          idempotencyKey: chargeKeyOf(companyId, rule.id, period),
          amountCents: rule.amountCents,
        });
        if (!charge) return null;
        if (cardExpiredFor(card, period)) {
          await skipExpiredCard(tx, { rule, charge, card, emit });
          return null;
        }
        return { rule, charge, company, card };
      },
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
      ? await callSale(processor, {
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
      timeZone: 'UTC',
      // Charges due this month are still due (once per rule and month, so a late run never charges twice).
      missedSlots: 'catch_up',
      description: 'Charges the saved cards of recurring payment rules due this period (once per rule and month), then reconciles unknown outcomes.',
      run: async () => {
        await chargeDueRules(opts);
        await reconcileRecurringCharges(opts);
      },
    },
  ];
}
