import type { TSurvey } from '@cd/contracts/survey';

/** A sent survey for the tests, overridable field by field. */
export function surveyFixture(overrides: Partial<TSurvey> & { id: number; sentAt?: string }): TSurvey {
  const { sentAt = '2026-11-10T15:00:00.000Z', ...rest } = overrides;
  return {
    '@id': `/api/surveys/${overrides.id}`,
    '@type': 'Survey',
    state: 'pending',
    message: { '@id': `/api/messages/${overrides.id}`, sentAt },
    resentAt: null,
    answer: null,
    answers: [],
    comment: null,
    answeredAt: null,
    resolvedAt: null,
    resolvedBy: null,
    resolutionNote: null,
    cancelReason: null,
    customer: { '@id': '/api/customers/7', id: 7, name: 'Ana Kovač', phone: '+12015550123' },
    repairOrder: { '@id': '/api/repair_orders/3', id: 3, number: 'RO-1003' },
    advisor: { '@id': '/api/users/2', id: 2, name: 'Sam Advisor' },
    reviewClicks: { google: null, yelp: null, facebook: null },
    followUp: null,
    createdAt: sentAt,
    updatedAt: sentAt,
    ...rest,
  };
}
