import { customerDisplayName } from '@cd/contracts/customer';
import { SURVEY_ALREADY_RESOLVED, SURVEY_FOLLOW_UP_DUE_HOURS, SURVEY_NOT_NEGATIVE, type TSurvey } from '@cd/contracts/survey';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { enqueueJob, type TJobHandler } from '../../jobs/outbox';
import { AppError } from '../../lib/errors';
import type { TCompanyRow } from '../companies/companies.api';
import { findCompany } from '../companies/companies.api';
import * as customersApi from '../customers/customers.api';
import { queueUserNotification } from '../notifications/notifications.api';
import { closeTaskInTx, createTaskInTx, lockTaskInTx, pickLeastBusyAdmin, type TTaskDone } from '../tasks/tasks.api';
import { findUsersByIds } from '../users/users.api';
import { publishSurvey, surveySettingsOf, type TEmit } from './surveys.core';
import * as repo from './surveys.repository';
import type { TSurveyRow } from './surveys.schema';

export const JOB_NEGATIVE_SURVEY_EMAIL = 'survey_negative_email';
const UNRESOLVED_LINK = '/surveys?filter=unresolved';

function summaryText(opts: { customerName: string; survey: TSurveyRow }): string {
  const { survey } = opts;
  const lines = [`${opts.customerName} answered the satisfaction survey negatively.`];
  for (const a of survey.answers) lines.push(`${a.question}: ${a.answer}`);
  if (survey.comment) lines.push(`Comment: ${survey.comment}`);
  return lines.join('\n');
}

/**
 * A negative answer, in the answering transaction: an e-mail to each of negativeResponseNotificationEmails (one
 * job each), a notification to the order's advisor (notifyRelatedUserAboutNegativeSurvey, delivered by push, e-mail or
 * SMS as their profile says), and a follow-up task for the advisor's manager — a company admin, of the advisor's
 * department first, the least busy — due SURVEY_FOLLOW_UP_DUE_HOURS later. Closing the task resolves the survey.
 */
export async function followUpNegativeAnswer(tx: TTx, opts: { company: TCompanyRow; survey: TSurveyRow; emit: TEmit }): Promise<TSurveyRow> {
  const { company, survey, emit } = opts;
  const settings = surveySettingsOf(company);
  for (const to of settings.negativeResponseNotificationEmails ?? [])
    await enqueueJob(tx, { companyId: company.id, kind: JOB_NEGATIVE_SURVEY_EMAIL, payload: { surveyId: survey.id, to } });
  const customer = await customersApi.findCustomer(tx, { companyId: company.id, ownerId: null, id: survey.customerId });
  const customerName = customer ? customerDisplayName(customer) : 'A customer';
  const body = summaryText({ customerName, survey });
  const [advisor] = survey.advisorId === null ? [] : await findUsersByIds(tx, { companyId: company.id, ids: [survey.advisorId] });
  if (settings.notifyRelatedUserAboutNegativeSurvey && advisor?.enabled)
    await queueUserNotification({
      tx,
      emit,
      notification: {
        companyId: company.id,
        userId: advisor.id,
        kind: 'negative_survey',
        title: `Negative survey: ${customerName}`,
        body,
        data: { customerId: survey.customerId, link: UNRESOLVED_LINK },
        dedupeKey: `negative_survey:${survey.id}`,
      },
    });
  const assigneeId =
    (await pickLeastBusyAdmin(tx, { companyId: company.id, department: advisor?.department ?? null, excludeUserId: advisor?.id ?? null })) ??
    advisor?.id ??
    null;
  const task = await createTaskInTx(tx, {
    companyId: company.id,
    emit,
    values: {
      assigneeId,
      customerId: survey.customerId,
      title: `Follow up with ${customerName} (negative survey)`,
      body,
      dueAt: new Date((survey.answeredAt ?? new Date()).getTime() + SURVEY_FOLLOW_UP_DUE_HOURS * 3_600_000),
      entity: 'survey',
      entityId: survey.id,
    },
  });
  if (assigneeId !== null && assigneeId !== advisor?.id)
    await queueUserNotification({
      tx,
      emit,
      notification: {
        companyId: company.id,
        userId: assigneeId,
        kind: 'survey_follow_up',
        title: `Follow up: ${customerName}`,
        body,
        data: { customerId: survey.customerId, link: UNRESOLVED_LINK },
        dedupeKey: `survey_follow_up:${survey.id}`,
      },
    });
  return repo.updateSurvey(tx, { companyId: company.id, id: survey.id, values: { followUpTaskId: task.id } });
}

/** Marks a negative answer resolved (409 when not negative or already resolved); answers the survey as now shown. */
export async function resolveSurveyInTx(
  tx: TTx,
  opts: { survey: TSurveyRow; byUserId: number | null; note: string | null; emit: TEmit; closeTask: boolean },
): Promise<TSurvey> {
  const { survey } = opts;
  if (survey.answer !== false) throw new AppError('conflict', SURVEY_NOT_NEGATIVE);
  if (survey.resolvedAt !== null) throw new AppError('conflict', SURVEY_ALREADY_RESOLVED);
  if (opts.closeTask && survey.followUpTaskId !== null) {
    const task = await lockTaskInTx(tx, { companyId: survey.companyId, id: survey.followUpTaskId });
    if (task && task.doneAt === null) await closeTaskInTx(tx, { task, doneById: opts.byUserId, note: opts.note, emit: opts.emit, notify: false });
  }
  const resolved = await repo.updateSurvey(tx, {
    companyId: survey.companyId,
    id: survey.id,
    values: { resolvedAt: new Date(), resolvedById: opts.byUserId, resolutionNote: opts.note },
  });
  return publishSurvey(tx, { survey: resolved, event: 'updated', changes: ['resolvedAt', 'resolvedBy', 'resolutionNote'], emit: opts.emit });
}

/** taskDone: closing a survey's follow-up resolves the survey (once; an already resolved one stays as it is). */
export async function resolveSurveyOnTaskDone(event: TTaskDone): Promise<void> {
  const { tx, task } = event;
  if (task.entity !== 'survey' || task.entityId === null) return;
  const survey = await repo.findSurvey(tx, { companyId: task.companyId, id: task.entityId, forUpdate: true });
  if (!survey || survey.answer !== false || survey.resolvedAt !== null) return;
  await resolveSurveyInTx(tx, { survey, byUserId: event.doneById, note: task.doneNote, emit: event.emit, closeTask: false });
}

/** The e-mail of a negative answer to one address of negativeResponseNotificationEmails. */
export function createSurveyJobHandlers(opts: { deps: Pick<TAppDeps, 'db' | 'mailer' | 'config'> }): Record<string, TJobHandler> {
  const { deps } = opts;
  return {
    [JOB_NEGATIVE_SURVEY_EMAIL]: async ({ job }) => {
      const companyId = Number(job.companyId);
      const found = await runInScope(deps.db, { companyId }, async (tx) => {
        const survey = await repo.findSurvey(tx, { companyId, id: Number(job.payload.surveyId) });
        const company = await findCompany(tx, companyId);
        const customer = survey ? await customersApi.findCustomer(tx, { companyId, ownerId: null, id: survey.customerId }) : undefined;
        return survey && company ? { survey, company, customer } : null;
      });
      if (!found) return;
      const customerName = found.customer ? customerDisplayName(found.customer) : 'A customer';
      const phone = found.customer?.phone ? ` (${found.customer.phone})` : '';
      const link = `${deps.config.publicUrl.replace(/\/+$/, '')}${UNRESOLVED_LINK}`;
      await deps.mailer.send({
        to: String(job.payload.to),
        subject: `${found.company.name}: negative survey from ${customerName}`,
        text: `${summaryText({ customerName: `${customerName}${phone}`, survey: found.survey })}\n\nFollow up: ${link}\n`,
      });
    },
  };
}
