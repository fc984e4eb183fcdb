import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGenerateKeywordsResult } from '@cd/contracts/listings';
import { api } from '../../../lib/api';
import { keywordsKeys } from './query-keys';

/** POST /api/companies/{id}/generate_keywords {count}: new unique, easy-to-type keywords for a company. */
export function useGenerateKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { companyId: number; count: number }) =>
      api.request<TGenerateKeywordsResult>(`/api/companies/${input.companyId}/generate_keywords`, {
        method: 'POST',
        body: { count: input.count },
        silent: [422],
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keywordsKeys.all }),
  });
}
