import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TKeyword, TKeywordStatus } from '@cd/contracts/listings';
import { api } from '../../../lib/api';
import { keywordsKeys } from './query-keys';

export interface TKeywordsParams {
  companyId: number;
  status: TKeywordStatus | '';
  name: string;
  page: number;
  itemsPerPage: number;
}

/** GET /api/keywords?company=…: one company's keywords by page (super admin). Silent: the screen shows its error. */
export function useKeywords(params: TKeywordsParams | null) {
  return useQuery({
    queryKey: keywordsKeys.list(params ?? {}),
    queryFn: ({ signal }) =>
      api.request<THydraCollection<TKeyword>>('/api/keywords', {
        query: {
          company: params!.companyId,
          status: params!.status || undefined,
          name: params!.name.trim() || undefined,
          page: params!.page,
          itemsPerPage: params!.itemsPerPage,
        },
        signal,
        silent: true,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
