import type { TSurveyFilter } from '../lib/survey-query';

/** Cache keys of the surveys feature; the live-event handler addresses them by prefix. */
export const surveyKeys = {
  all: ['surveys'] as const,
  lists: ['surveys', 'list'] as const,
  list: (params: { from: string; to: string; filter: TSurveyFilter }) => ['surveys', 'list', params] as const,
  stats: ['surveys', 'stats'] as const,
  statsOf: (params: { from: string; to: string }) => ['surveys', 'stats', params] as const,
  companyZone: (companyId: number) => ['surveys', 'company_zone', companyId] as const,
};
