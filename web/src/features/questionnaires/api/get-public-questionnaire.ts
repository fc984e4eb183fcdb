import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicQuestionnairePage } from '@cd/contracts/questionnaires';
import { api } from '../../../lib/api';
import { questionnaireKeys } from './query-keys';

/** GET /api/public/questionnaires/{code} (no sign-in): the questions as sent, or `answeredAt` (404 / 410 as link pages). */
export function getPublicQuestionnaire(code: string, signal?: AbortSignal): Promise<TPublicQuestionnairePage> {
  return api.request<TPublicQuestionnairePage>(`/api/public/questionnaires/${encodeURIComponent(code)}`, { auth: false, silent: true, signal });
}

export function publicQuestionnaireQueryOptions(code: string) {
  return queryOptions({
    queryKey: questionnaireKeys.publicPage(code),
    queryFn: ({ signal }) => getPublicQuestionnaire(code, signal),
    retry: 1,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function usePublicQuestionnaire(code: string) {
  return useQuery(publicQuestionnaireQueryOptions(code));
}
