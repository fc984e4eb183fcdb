import { customerDisplayName } from '@cd/contracts/customer';
import { companyAdminsTopic, userTopic } from '@cd/contracts/live';
import type { TSurvey, TSurveySummary } from '@cd/contracts/survey';
import { iri } from '../../lib/hydra';
import type { TLiveEventInput } from '../../live/live.types';
import type { TSurveyWithRefs } from './surveys-read.repository';
import type { TSurveyRow } from './surveys.schema';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const isoOf = (v: string | null) => (v === null ? null : new Date(v).toISOString());
const named = (resource: string, u: { id: number; name: string } | null) => (u ? { '@id': iri(resource, Number(u.id)), id: Number(u.id), name: u.name } : null);

export function toSurveyResource(s: TSurveyWithRefs): TSurvey {
  const { customer, order, advisor, resolvedBy, task } = s.refs;
  return {
    '@id': iri('surveys', s.id),
    '@type': 'Survey',
    id: s.id,
    state: s.state,
    message: { '@id': s.messageId === null ? null : iri('messages', s.messageId), sentAt: iso(s.sentAt) },
    resentAt: iso(s.resentAt),
    answer: s.answer,
    answers: s.answers,
    comment: s.comment,
    answeredAt: iso(s.answeredAt),
    resolvedAt: iso(s.resolvedAt),
    resolvedBy: named('users', resolvedBy),
    resolutionNote: s.resolutionNote,
    cancelReason: s.cancelReason,
    customer: {
      '@id': iri('customers', s.customerId),
      id: s.customerId,
      name: customer ? customerDisplayName(customer) : '',
      phone: customer?.phone ?? null,
    },
    repairOrder: order ? { '@id': iri('repair_orders', Number(order.id)), id: Number(order.id), number: order.number } : null,
    advisor: named('users', advisor),
    reviewClicks: { google: iso(s.googleClickedAt), yelp: iso(s.yelpClickedAt), facebook: iso(s.facebookClickedAt) },
    followUp: task
      ? {
          '@id': iri('tasks', Number(task.id)),
          id: Number(task.id),
          assignee: task.assigneeId === null ? null : named('users', { id: Number(task.assigneeId), name: task.assigneeName ?? '' }),
          dueAt: isoOf(task.dueAt)!,
          doneAt: isoOf(task.doneAt),
        }
      : null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** Customer.lastSurvey: what the conversation shows of the customer's latest survey. */
export function toSurveySummary(s: TSurveyRow): TSurveySummary {
  return {
    '@id': iri('surveys', s.id),
    id: s.id,
    state: s.state,
    sentAt: iso(s.sentAt),
    answer: s.answer,
    comment: s.comment,
    answeredAt: iso(s.answeredAt),
    resolvedAt: iso(s.resolvedAt),
  };
}

/** Company admins (the dashboard) and the order's advisor hear of a survey. */
export function surveyEvent(resource: TSurvey, row: TSurveyRow, event: TLiveEventInput['event'], changes?: string[]): TLiveEventInput {
  const topics = [companyAdminsTopic(row.companyId)];
  if (row.advisorId !== null) topics.push(userTopic(row.advisorId));
  return { companyId: row.companyId, topics, event, entity: 'survey', data: resource, changes: changes ?? null };
}
