import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSurvey } from '@cd/contracts/survey';
import { api } from '../../../lib/api';
import { repairOrderKeys } from './query-keys';

/** GET /api/surveys/{id}: company admins and the order's advisor may read it; others get 404, which the section shows quietly. */
export function fetchSurvey(options: { id: number; signal?: AbortSignal }): Promise<TSurvey> {
  return api.request<TSurvey>(`/api/surveys/${options.id}`, { signal: options.signal, silent: [403, 404] });
}

export function surveyQueryOptions(id: number) {
  return queryOptions({
    queryKey: repairOrderKeys.survey(id), // Live `survey` events replace it (lib/live.ts).
    queryFn: ({ signal }) => fetchSurvey({ id, signal }),
  });
}

export function useSurvey(id: number | null) {
  return useQuery({ ...surveyQueryOptions(id ?? 0), enabled: (id ?? 0) > 0 });
}
