import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TQuestionnaire } from '@cd/contracts/questionnaires';
import { api } from '../../../lib/api';
import { questionnaireKeys } from './query-keys';

/** GET /api/questionnaires?pagination=false&archived=… (by name, capped by the server): the builder's list. */
export function fetchQuestionnaires(opts: { archived: boolean; signal?: AbortSignal }): Promise<THydraCollection<TQuestionnaire>> {
  return api.request('/api/questionnaires', { query: { pagination: 'false', archived: String(opts.archived) }, signal: opts.signal, silent: true });
}

export function questionnairesQueryOptions(archived: boolean) {
  return queryOptions({ queryKey: questionnaireKeys.list(archived), queryFn: ({ signal }) => fetchQuestionnaires({ archived, signal }) });
}

export function useQuestionnaires(archived: boolean) {
  return useQuery(questionnairesQueryOptions(archived));
}
