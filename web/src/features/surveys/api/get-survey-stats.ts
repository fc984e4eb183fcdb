import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSurveyStats } from '@cd/contracts/survey';
import { api } from '../../../lib/api';
import type { TSurveyRange } from '../lib/survey-query';
import { surveyKeys } from './query-keys';

/** GET /api/surveys/stats?from&to: the figures of surveys sent in the range. */
export function fetchSurveyStats(opts: { range: TSurveyRange; signal?: AbortSignal }): Promise<TSurveyStats> {
  return api.request<TSurveyStats>('/api/surveys/stats', {
    query: { from: opts.range.from.toISOString(), to: opts.range.to.toISOString() },
    signal: opts.signal,
    silent: true,
  });
}

export function surveyStatsQueryOptions(range: TSurveyRange) {
  return queryOptions({
    queryKey: surveyKeys.statsOf({ from: range.from.toISOString(), to: range.to.toISOString() }),
    queryFn: ({ signal }) => fetchSurveyStats({ range, signal }),
    // Another preset keeps the old figures on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useSurveyStats(range: TSurveyRange | null) {
  return useQuery({ ...surveyStatsQueryOptions(range ?? { from: new Date(0), to: new Date(0) }), enabled: range !== null });
}
