import type { TSurveySettings } from '@cd/contracts/company';
import type { TSurvey } from '@cd/contracts/survey';
import type { TTx } from '../../db/client';
import type { TLiveEventInput } from '../../live/live.types';
import type { TCompanyRow } from '../companies/companies.api';
import * as customersApi from '../customers/customers.api';
import { surveyEvent, toSurveyResource, toSurveySummary } from './surveys.presenter';
import { findSurveysWithRefs } from './surveys-read.repository';
import * as repo from './surveys.repository';
import type { TSurveyRow } from './surveys.schema';

export type TEmit = (events: TLiveEventInput[]) => void;

export const DAY_MS = 86_400_000;
export const DEFAULT_SEND_AT_HOUR = 9;

export function surveySettingsOf(company: Pick<TCompanyRow, 'surveySettings'>): TSurveySettings {
  return (company.surveySettings ?? {}) as TSurveySettings;
}

export const hasText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * Tells who needs to know that a survey changed: its live event (dashboard, advisor) and, when the customer's latest
 * survey now reads differently, Customer.lastSurvey with the customer's event (the conversation shows it).
 */
export async function publishSurvey(tx: TTx, opts: { survey: TSurveyRow; event: TLiveEventInput['event']; changes?: string[]; emit: TEmit }): Promise<TSurvey> {
  const { survey } = opts;
  const [withRefs] = await findSurveysWithRefs(tx, { companyId: survey.companyId, ids: [survey.id] });
  const resource = toSurveyResource(withRefs!);
  opts.emit([surveyEvent(resource, survey, opts.event, opts.changes)]);
  const latest = await repo.findLatestSurveyOfCustomer(tx, { companyId: survey.companyId, customerId: survey.customerId });
  const summary = latest ? toSurveySummary(latest) : null;
  const customer = await customersApi.findCustomer(tx, { companyId: survey.companyId, ownerId: null, id: survey.customerId });
  if (!customer || JSON.stringify(customer.lastSurvey ?? null) === JSON.stringify(summary)) return resource;
  const updated = await customersApi.updateCustomer(tx, { companyId: survey.companyId, id: survey.customerId, values: { lastSurvey: summary } });
  if (updated) opts.emit([customersApi.customerEvent(updated, 'updated', { changes: ['lastSurvey'] })]);
  return resource;
}
