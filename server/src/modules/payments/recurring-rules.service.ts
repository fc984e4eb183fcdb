import {
  RECURRING_CARD_REVOKED,
  RECURRING_FIRST_CHARGE_FAILED,
  SAVED_CARD_NOT_FOUND,
  type TRecurringRule,
  type TRecurringRuleCreate,
  type TRecurringRulePatch,
  type TSavedCardRevokeResult,
} from '@cd/contracts/payment-operations';
import { PAYMENT_NOT_ENABLED } from '@cd/contracts/payments';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { PaymentError } from '../../payments/payments';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { findCustomer } from '../customers/customers.api';
import { processorForCompany, type TPaymentLog } from './payments.processor';
import { callSale, chargeKeyOf, settleCharge } from './recurring-rules.charge';
import { boundedChargeTime, firstChargeAfter, periodOf } from './recurring-rules.dates';
import { ruleEvent, toRuleResource, toSavedCardResource } from './recurring-rules.presenter';
import * as repo from './recurring-rules.repository';
import type { TRecurringRuleRow } from './recurring-rules.schema';
import { requirePaymentManager } from './transactions.service';

export const RECURRING_IN_PROGRESS = 'payment_recurring_first_charge_in_progress';
export const RECURRING_OUTCOME_UNKNOWN = 'payment_recurring_outcome_unknown';
export const RECURRING_ENDED = 'payment_recurring_rule_ended';
export const RULES_PER_PAGE = 30;

const monthError = (propertyPath: string, message: string) => validationError([{ propertyPath, message }]);

/**
 * A rule's months against today (the company's month): an end month already past charges nothing (422). A new card
 * is charged for this month at once (the sale that saves it), so its rule cannot start in a later month.
 */
function checkMonths(opts: { startMonth: string | null; endMonth: string | null; now: Date; timeZone: string; newCard: boolean }): void {
  const current = periodOf(opts.now, opts.timeZone);
  if (opts.startMonth && opts.endMonth && opts.endMonth < opts.startMonth) throw monthError('endMonth', 'The end month must not be before the start month.');
  if (opts.endMonth && opts.endMonth < current) throw monthError('endMonth', 'The end month is already past.');
  if (opts.newCard && opts.startMonth && opts.startMonth > current)
    throw monthError('startMonth', 'A new card is charged for this month at once: start later with a card saved before.');
}

async function present(tx: TTx, companyId: number, id: number): Promise<TRecurringRule> {
  return toRuleResource((await repo.findRuleWithRefs(tx, { companyId, id }))!);
}

const firstChargeFailed = (message: string) =>
  new AppError('validation_failed', RECURRING_FIRST_CHARGE_FAILED, [{ propertyPath: 'paymentKey', message, code: RECURRING_FIRST_CHARGE_FAILED }]);

function processorOf(ctx: TRequestContext, company: TCompanyRow, log: TPaymentLog) {
  try {
    const p = processorForCompany({ config: ctx.config, company, log });
    if (!p)
      throw new AppError('validation_failed', PAYMENT_NOT_ENABLED, [{ propertyPath: 'customer', message: PAYMENT_NOT_ENABLED, code: PAYMENT_NOT_ENABLED }]);
    return p;
  } catch (err) {
    if (err instanceof PaymentError) throw new AppError('validation_failed', err.message, [{ propertyPath: 'customer', message: err.message }]);
    throw err;
  }
}

/** What a finished first charge answers: the live rule (201), or 422 with the processor's words. */
async function answerOf(ctx: TRequestContext, rule: TRecurringRuleRow, chargeId: number | null): Promise<TRecurringRule> {
  return runInScope(ctx.db, { companyId: rule.companyId }, async (tx) => {
    const current = await repo.lockRule(tx, { companyId: rule.companyId, id: rule.id });
    if (current?.savedCardId) return present(tx, rule.companyId, rule.id);
    const charge = chargeId === null ? undefined : await repo.lockCharge(tx, { companyId: rule.companyId, id: chargeId });
    if (charge?.state === 'unknown') throw new AppError('conflict', RECURRING_OUTCOME_UNKNOWN);
    if (charge?.state === 'pending') throw new AppError('conflict', RECURRING_IN_PROGRESS);
    throw firstChargeFailed(charge?.message ?? 'The card was declined.');
  });
}

/**
 * POST /api/payment/recurring_rules. With a saved card: the rule starts at the next charge day. With a new card
 * (`paymentKey`): the rule is written first (no card yet, not live) with this period's charge row, the first month is
 * charged with saveCard under the period's key, and the approved sale saves the card and starts the rule. The same
 * idempotency key finds the same rule: a finished one answers again, an unknown first charge is asked again.
 */
export async function createRule(opts: { ctx: TRequestContext; body: TRecurringRuleCreate; companyId?: number; log: TPaymentLog }): Promise<TRecurringRule> {
  const { ctx, body } = opts;
  requirePaymentManager(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: opts.companyId });
  const company = await runInScope(ctx.db, { companyId }, (tx) => findCompany(tx, companyId));
  if (!company) throw new AppError('not_found', 'Company not found.');
  const processor = processorOf(ctx, company, opts.log);
  const now = new Date();
  const made = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const earlier = await repo.lockRuleByCreateKey(tx, { companyId, createKey: body.idempotencyKey });
      if (earlier) {
        if (earlier.customerId !== body.customer) throw new AppError('conflict', 'This idempotency key belongs to another rule.');
        return { rule: earlier, charge: null, replay: true };
      }
      const customer = await findCustomer(tx, { companyId, ownerId: null, id: body.customer });
      if (!customer) throw validationError([{ propertyPath: 'customer', message: 'Customer not found.' }]);
      const card = body.savedCard === undefined ? null : await repo.findUsableSavedCard(tx, { companyId, id: body.savedCard, customerId: body.customer });
      if (body.savedCard !== undefined && !card)
        throw validationError([{ propertyPath: 'savedCard', message: 'This customer has no such saved card.', code: SAVED_CARD_NOT_FOUND }]);
      checkMonths({ startMonth: body.startMonth ?? null, endMonth: body.endMonth ?? null, now, timeZone: company.timezone, newCard: card === null });
      const bounds = { startMonth: body.startMonth ?? null, endMonth: body.endMonth ?? null };
      const rule = await repo.insertRule(tx, {
        companyId,
        customerId: body.customer,
        savedCardId: card?.id ?? null,
        amountCents: body.amountCents,
        description: body.description ?? '',
        dayOfMonth: body.dayOfMonth,
        enabled: card !== null,
        nextChargeAt: card
          ? boundedChargeTime({
              from: firstChargeAfter({ now, dayOfMonth: body.dayOfMonth, timeZone: company.timezone }),
              dayOfMonth: body.dayOfMonth,
              timeZone: company.timezone,
              ...bounds,
            })
          : null,
        ...bounds,
        consentName: body.consent.name,
        consentText: body.consent.text,
        consentAt: now,
        consentRecordedById: ctx.actor.user.id,
        createdById: ctx.actor.user.id,
        createKey: body.idempotencyKey,
      });
      // A parallel create with the same key won the insert (it holds the row): ask again.
      if (!rule) throw new AppError('conflict', RECURRING_IN_PROGRESS);
      if (card) {
        emit([ruleEvent(companyId, await present(tx, companyId, rule.id), 'created')]);
        return { rule, charge: null, replay: false };
      }
      const period = periodOf(now, company.timezone);
      const charge = await repo.insertCharge(tx, {
        companyId,
        ruleId: rule.id,
        period,
        idempotencyKey: chargeKeyOf(companyId, rule.id, period),
        amountCents: rule.amountCents,
      });
      return { rule, charge: charge!, replay: false };
    },
  });
  if (made.replay) return replayCreate(ctx, made.rule, processor, company.timezone);
  if (!made.charge) return runInScope(ctx.db, { companyId }, (tx) => present(tx, companyId, made.rule.id));
  if (!body.paymentKey) throw new AppError('bad_request', 'Give a new card or a saved card.');
  const outcome = await callSale(processor, {
    rule: made.rule,
    charge: made.charge,
    source: { kind: 'payment_key', paymentKey: body.paymentKey },
    saveCard: true,
  });
  await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: (tx, emit) =>
      settleCharge(tx, {
        deps: ctx,
        chargeId: made.charge!.id,
        companyId,
        provider: processor.provider,
        outcome,
        timeZone: company.timezone,
        emit,
        cardExpiry: body.cardExpiry,
      }),
  });
  const answer = await answerOf(ctx, made.rule, made.charge.id);
  await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (_tx, emit) => emit([ruleEvent(companyId, answer, 'created')]),
  });
  return answer;
}

/** A create retried with its key: the first charge, if still open, is asked for by its key (never charged again). */
async function replayCreate(
  ctx: TRequestContext,
  rule: TRecurringRuleRow,
  processor: ReturnType<typeof processorOf>,
  timeZone: string,
): Promise<TRecurringRule> {
  const period = periodOf(rule.createdAt, timeZone);
  const key = chargeKeyOf(rule.companyId, rule.id, period);
  const open =
    (await runInScope(ctx.db, { companyId: rule.companyId }, (tx) => repo.findChargeByKey(tx, { companyId: rule.companyId, idempotencyKey: key }))) ?? null;
  if (open?.state === 'unknown') {
    let found = null;
    try {
      found = await processor.findTransaction({ idempotencyKey: key });
    } catch (err) {
      if (!(err instanceof PaymentError)) throw err;
    }
    if (found)
      await runWithLiveEvents({
        deps: ctx,
        scope: { companyId: rule.companyId },
        fn: (tx, emit) =>
          settleCharge(tx, {
            deps: ctx,
            chargeId: open.id,
            companyId: rule.companyId,
            provider: processor.provider,
            outcome: { kind: 'result', result: found },
            timeZone,
            emit,
          }),
      });
  }
  return answerOf(ctx, rule, open?.id ?? null);
}

/** GET /api/payment/recurring_rules: newest first (keyset), one statement a page (card, customer, charges inline). */
export async function listRules(opts: {
  ctx: TRequestContext;
  query: { customer?: number; company?: number; 'createdAt[strictly_before]'?: string; 'id[lt]'?: number; itemsPerPage?: number };
}) {
  const { ctx, query } = opts;
  requirePaymentManager(ctx);
  const companyId = resolveReadableCompanyId({ ctx, requested: query.company });
  const limit = query.itemsPerPage ?? RULES_PER_PAGE;
  const beforeText = query['createdAt[strictly_before]'];
  const rows = await runInScope(ctx.db, { companyId }, (tx) =>
    repo.listRules(tx, { companyId, customerId: query.customer, before: beforeText ? new Date(beforeText) : undefined, idLt: query['id[lt]'], limit }),
  );
  const last = rows.at(-1);
  return { member: rows.map(toRuleResource), full: rows.length === limit, last: last ? { at: last.createdAt, id: last.id } : null, total: null };
}

export async function getRule(opts: { ctx: TRequestContext; id: number }): Promise<TRecurringRule> {
  requirePaymentManager(opts.ctx);
  const { scope, companyId } = resolveRecordScope({ ctx: opts.ctx });
  return runInScope(opts.ctx.db, scope, async (tx) => {
    const row = await repo.findRuleWithRefs(tx, { companyId, id: opts.id });
    if (!row) throw new AppError('not_found', 'Recurring rule not found.');
    return toRuleResource(row);
  });
}

/**
 * One change of a rule in one transaction on its locked row: pause/resume (`enabled`), new terms with new consent,
 * or cancel (`end`). Resuming plans the next charge day from now: a paused month is skipped, never charged late.
 */
async function changeRule(opts: { ctx: TRequestContext; id: number; patch: TRecurringRulePatch; end?: boolean }): Promise<TRecurringRule> {
  const { ctx, patch } = opts;
  requirePaymentManager(ctx);
  const { scope, companyId: scoped } = resolveRecordScope({ ctx });
  return runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const rule = await repo.lockRule(tx, { companyId: scoped, id: opts.id });
      if (!rule || rule.savedCardId === null) throw new AppError('not_found', 'Recurring rule not found.');
      if (rule.endedAt) throw new AppError('conflict', RECURRING_ENDED);
      const card = await repo.findSavedCard(tx, { companyId: rule.companyId, id: rule.savedCardId });
      // Cancelling stays possible (it only records the end); anything else would charge a card the customer withdrew.
      if (card?.revokedAt && !opts.end) throw new AppError('conflict', RECURRING_CARD_REVOKED);
      const company = await findCompany(tx, rule.companyId);
      const now = new Date();
      const startMonth = patch.startMonth === undefined ? rule.startMonth : patch.startMonth;
      const endMonth = patch.endMonth === undefined ? rule.endMonth : patch.endMonth;
      const monthsChanged = startMonth !== rule.startMonth || endMonth !== rule.endMonth;
      if (monthsChanged) checkMonths({ startMonth, endMonth, now, timeZone: company!.timezone, newCard: false });
      const set: Parameters<typeof repo.updateRule>[1]['set'] = {};
      if (patch.description !== undefined) set.description = patch.description;
      if (patch.amountCents !== undefined) set.amountCents = patch.amountCents;
      if (patch.dayOfMonth !== undefined) set.dayOfMonth = patch.dayOfMonth;
      if (patch.consent)
        Object.assign(set, { consentName: patch.consent.name, consentText: patch.consent.text, consentAt: now, consentRecordedById: ctx.actor.user.id });
      const enabled = opts.end ? false : (patch.enabled ?? rule.enabled);
      set.enabled = enabled;
      if (opts.end) set.endedAt = now;
      if (monthsChanged) Object.assign(set, { startMonth, endMonth });
      const dayChanged = patch.dayOfMonth !== undefined && patch.dayOfMonth !== rule.dayOfMonth;
      if (enabled && (!rule.enabled || dayChanged || monthsChanged)) {
        const dayOfMonth = set.dayOfMonth ?? rule.dayOfMonth;
        const from = firstChargeAfter({ now, dayOfMonth, timeZone: company!.timezone });
        set.nextChargeAt = boundedChargeTime({ from, dayOfMonth, timeZone: company!.timezone, startMonth, endMonth });
      }
      await repo.updateRule(tx, { companyId: rule.companyId, id: rule.id, set });
      const out = await present(tx, rule.companyId, rule.id);
      emit([ruleEvent(rule.companyId, out, 'updated', Object.keys(set))]);
      return out;
    },
  });
}

export const patchRule = (opts: { ctx: TRequestContext; id: number; patch: TRecurringRulePatch }) => changeRule(opts);
export const cancelRule = (opts: { ctx: TRequestContext; id: number }) => changeRule({ ...opts, patch: {}, end: true });

/**
 * POST /api/payment/saved_cards/{id}/revoke: the customer withdrew the card. It is never charged again: its live rules
 * stop (paused, no next charge; status card_revoked) in the same transaction, under the card's row lock, so the
 * monthly job (which re-reads the card under the rule's lock) charges none of them after this commits. The consent
 * records (the card's and each rule's) are kept as they were. A second revoke answers the card as it is.
 */
export async function revokeSavedCard(opts: { ctx: TRequestContext; id: number }): Promise<TSavedCardRevokeResult> {
  const { ctx } = opts;
  requirePaymentManager(ctx);
  const { scope, companyId: scoped } = resolveRecordScope({ ctx });
  return runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const card = await repo.lockSavedCard(tx, { companyId: scoped, id: opts.id });
      if (!card) throw new AppError('not_found', 'Saved card not found.');
      const revoked = card.revokedAt ? card : await repo.revokeSavedCard(tx, { companyId: card.companyId, id: card.id, now: new Date() });
      const stopped = await repo.stopRulesOfCard(tx, { companyId: card.companyId, savedCardId: card.id });
      for (const ruleId of stopped) {
        const rule = await present(tx, card.companyId, ruleId);
        emit([ruleEvent(card.companyId, rule, 'updated', ['enabled', 'nextChargeAt', 'savedCard', 'status'])]);
      }
      return {
        savedCard: toSavedCardResource({
          ...revoked,
          brand: revoked.cardBrand,
          last4: revoked.cardLast4,
          consentAt: revoked.consentAt.toISOString(),
          revokedAt: revoked.revokedAt!.toISOString(),
        }),
        rulesStopped: stopped.length,
      };
    },
  });
}
