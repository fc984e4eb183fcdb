import { computeLocalHourAfterDays } from '@cd/contracts/automation-schedule';
import { SURVEY_CANCEL_REASONS, SURVEY_COOLDOWN_DAYS } from '@cd/contracts/survey';
import type { TAutomatedMessageState } from '@cd/contracts/automated-message';
import type { TTx } from '../../db/client';
import { cancelAutomatedMessages, planAutomatedMessage, type TAutomationSettled, type TAutomationSource } from '../automations/automations.api';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { setOrderSurveyInTx, type TRepairOrderRow, type TRepairOrderSurveyMoment } from '../repair-orders/repair-orders.api';
import { DAY_MS, DEFAULT_SEND_AT_HOUR, hasText, publishSurvey, surveySettingsOf, type TEmit } from './surveys.core';
import * as repo from './surveys.repository';
import type { TSurveyRow } from './surveys.schema';

/**
 * When surveys are sent (issue 14 "Sending"; docs/surveys.md):
 * - an order closes → a survey `daysAfter` days later at `sendAtHour` in the company's time zone, unless closed "without
 *   survey", disabled (0), without a text, or the customer has a survey within the cooldown;
 * - staff send it by hand → now, whatever the cooldown;
 * - sent and still unanswered → one reminder `resendUncompletedDaysAfter` days later at the same hour (resendText);
 * - the order reopened → a survey not sent yet is cancelled, the reminder of a sent one too.
 * The engine sends each once (keys `survey:{id}:survey`, `survey:{id}:survey_resend`), with consent and quiet hours.
 */

/** How late a survey may still be planned after its time (an order closed a little before the DMS told us). */
const LATE_CLOSE_MS = DAY_MS;

async function loadCompany(tx: TTx, companyId: number): Promise<TCompanyRow> {
  const company = await findCompany(tx, companyId);
  if (!company) throw new Error(`company ${companyId} not found`);
  return company;
}

async function createSurvey(tx: TTx, opts: { order: TRepairOrderRow; dueAt: Date; manual: boolean; emit: TEmit }): Promise<TSurveyRow> {
  const { order } = opts;
  const survey = await repo.insertSurvey(tx, {
    companyId: order.companyId,
    values: { customerId: order.customerId, repairOrderId: order.id, advisorId: order.serviceAdvisorId, dueAt: opts.dueAt, manual: opts.manual },
  });
  await planAutomatedMessage(tx, { companyId: order.companyId, customerId: order.customerId, kind: 'survey', entityId: survey.id, dueAt: opts.dueAt });
  await setOrderSurveyInTx(tx, { companyId: order.companyId, orderId: order.id, surveyId: survey.id });
  await publishSurvey(tx, { survey, event: 'created', emit: opts.emit });
  return survey;
}

/** repairOrderClosed: plans the survey of a closed order. */
export async function planSurveyOnClose(moment: TRepairOrderSurveyMoment): Promise<void> {
  const { tx, order, emit } = moment;
  if (order.surveySkipped || order.surveyId !== null || order.closedAt === null) return;
  const company = await loadCompany(tx, order.companyId);
  const settings = surveySettingsOf(company);
  if (!settings.daysAfter || !hasText(settings.text)) return;
  await repo.lockCustomerSurveys(tx, { companyId: order.companyId, customerId: order.customerId });
  const since = new Date(Date.now() - SURVEY_COOLDOWN_DAYS * DAY_MS);
  // Surveyed lately (or about to be): this order stays "closed without survey"; staff may still send one by hand.
  if (await repo.hasSurveySince(tx, { companyId: order.companyId, customerId: order.customerId, since, includePlanned: true })) return;
  const dueAt = computeLocalHourAfterDays({
    from: order.closedAt,
    days: settings.daysAfter,
    hour: settings.sendAtHour ?? DEFAULT_SEND_AT_HOUR,
    timeZone: company.timezone,
  });
  // An order that reaches us long after it closed (a DMS import of history) gets no survey out of the blue.
  if (dueAt.getTime() < Date.now() - LATE_CLOSE_MS) return;
  await createSurvey(tx, { order, dueAt, manual: false, emit });
}

/** repairOrderSurveyRequested: staff send the survey now (the order module checked the text and that none exists). */
export async function sendSurveyNow(moment: TRepairOrderSurveyMoment): Promise<void> {
  await createSurvey(moment.tx, { order: moment.order, dueAt: new Date(), manual: true, emit: moment.emit });
}

async function cancelSurvey(tx: TTx, opts: { survey: TSurveyRow; reason: string; emit: TEmit; clearOrder: boolean }): Promise<void> {
  const { survey } = opts;
  await cancelAutomatedMessages(tx, { companyId: survey.companyId, entity: 'survey', entityId: survey.id });
  const cancelled = await repo.updateSurvey(tx, { companyId: survey.companyId, id: survey.id, values: { state: 'cancelled', cancelReason: opts.reason } });
  // Back to the "closed without survey" list: staff may still send one by hand.
  if (opts.clearOrder && survey.repairOrderId !== null)
    await setOrderSurveyInTx(tx, { companyId: survey.companyId, orderId: survey.repairOrderId, surveyId: null });
  await publishSurvey(tx, { survey: cancelled, event: 'updated', changes: ['state', 'cancelReason'], emit: opts.emit });
}

/** repairOrderReopened: a survey not sent yet is cancelled; a sent one keeps its answer but loses its reminder. */
export async function cancelSurveyOnReopen(moment: TRepairOrderSurveyMoment): Promise<void> {
  const { tx, order, emit } = moment;
  const survey = await repo.findLiveSurveyOfOrder(tx, { companyId: order.companyId, orderId: order.id });
  if (!survey) return;
  if (survey.state === 'planned') await cancelSurvey(tx, { survey, reason: SURVEY_CANCEL_REASONS.reopened, emit, clearOrder: true });
  else await cancelAutomatedMessages(tx, { companyId: survey.companyId, entity: 'survey', entityId: survey.id, kinds: ['survey_resend'] });
}

/**
 * The engine's question when a survey text comes due. The cooldown is checked again here, under the customer's lock:
 * two orders closed the same week plan two surveys only if the first was not planned yet; the second to come due is
 * cancelled. A survey sent by hand ignores the cooldown.
 */
export const surveyAutomationSource: TAutomationSource = async (tx, opts) => {
  const survey = await repo.findSurvey(tx, { companyId: opts.companyId, id: opts.entityId, forUpdate: true });
  if (!survey || survey.state === 'cancelled') return { due: false };
  if (opts.kind === 'survey_resend') return { due: survey.state === 'pending' };
  if (survey.state !== 'planned') return { due: false };
  if (!survey.manual) {
    await repo.lockCustomerSurveys(tx, { companyId: survey.companyId, customerId: survey.customerId });
    const since = new Date(Date.now() - SURVEY_COOLDOWN_DAYS * DAY_MS);
    if (await repo.hasSurveySince(tx, { companyId: survey.companyId, customerId: survey.customerId, since, includePlanned: false, excludeId: survey.id })) {
      await repo.updateSurvey(tx, { companyId: survey.companyId, id: survey.id, values: { cancelReason: SURVEY_CANCEL_REASONS.cooldown } });
      return { due: false };
    }
  }
  return { due: true };
};

const CANCEL_REASON_OF: Partial<Record<TAutomatedMessageState, string>> = {
  skipped_opted_out: SURVEY_CANCEL_REASONS.optedOut,
  skipped_no_channel: SURVEY_CANCEL_REASONS.noChannel,
};

/** The engine's outcome of a survey text: sent (pending now, the reminder planned) or never sent (cancelled). */
export const surveyAutomationSettled: TAutomationSettled = async (tx, opts) => {
  const survey = await repo.findSurvey(tx, { companyId: opts.companyId, id: opts.entityId, forUpdate: true });
  if (!survey) return;
  if (opts.kind === 'survey_resend') {
    if (opts.state !== 'sent') return;
    const resent = await repo.updateSurvey(tx, { companyId: survey.companyId, id: survey.id, values: { resentAt: opts.sentAt } });
    await publishSurvey(tx, { survey: resent, event: 'updated', changes: ['resentAt'], emit: opts.emit });
    return;
  }
  if (survey.state !== 'planned') return;
  if (opts.state !== 'sent') {
    const reason =
      survey.cancelReason ??
      CANCEL_REASON_OF[opts.state] ??
      (opts.reasonKey === 'automated_message_not_configured' ? SURVEY_CANCEL_REASONS.notConfigured : SURVEY_CANCEL_REASONS.other);
    await cancelSurvey(tx, { survey, reason, emit: opts.emit, clearOrder: true });
    return;
  }
  const sentAt = opts.sentAt ?? new Date();
  const sent = await repo.updateSurvey(tx, {
    companyId: survey.companyId,
    id: survey.id,
    values: { state: 'pending', sentAt, messageId: opts.messageId, cancelReason: null },
  });
  const company = await loadCompany(tx, survey.companyId);
  const settings = surveySettingsOf(company);
  if (settings.resendUncompletedDaysAfter && hasText(settings.resendText)) {
    const dueAt = computeLocalHourAfterDays({
      from: sentAt,
      days: settings.resendUncompletedDaysAfter,
      hour: settings.sendAtHour ?? DEFAULT_SEND_AT_HOUR,
      timeZone: company.timezone,
    });
    await planAutomatedMessage(tx, { companyId: survey.companyId, customerId: survey.customerId, kind: 'survey_resend', entityId: survey.id, dueAt });
  }
  await publishSurvey(tx, { survey: sent, event: 'updated', changes: ['state', 'message'], emit: opts.emit });
};
