import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TSurvey } from '@cd/contracts/survey';
import { api } from '../../../lib/api';
import { buildSurveyListQuery, type TSurveyFilter, type TSurveyRange } from '../lib/survey-query';
import { surveyKeys } from './query-keys';

/**
 * GET /api/surveys: sent surveys in the range, newest sent first. Older pages follow the server's `view.next` link
 * (keyset cursor), never an offset. Silent: the list shows its own error state with a retry.
 */
export function fetchSurveys(opts: {
  range: TSurveyRange;
  filter: TSurveyFilter;
  next: string | null;
  signal?: AbortSignal;
}): Promise<THydraCollection<TSurvey>> {
  if (opts.next) return api.request<THydraCollection<TSurvey>>(opts.next, { signal: opts.signal, silent: true });
  return api.request<THydraCollection<TSurvey>>('/api/surveys', { query: buildSurveyListQuery(opts), signal: opts.signal, silent: true });
}

export function surveysQueryOptions(opts: { range: TSurveyRange; filter: TSurveyFilter }) {
  const { range, filter } = opts;
  return infiniteQueryOptions({
    // The key holds the range as ISO strings: live updates read it back to decide whether a survey belongs here.
    queryKey: surveyKeys.list({ from: range.from.toISOString(), to: range.to.toISOString(), filter }),
    queryFn: ({ pageParam, signal }) => fetchSurveys({ range, filter, next: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
  });
}

export function useSurveys(opts: { range: TSurveyRange | null; filter: TSurveyFilter }) {
  const range = opts.range ?? { from: new Date(0), to: new Date(0) };
  return useInfiniteQuery({ ...surveysQueryOptions({ range, filter: opts.filter }), enabled: opts.range !== null });
}
