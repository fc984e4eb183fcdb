import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TArStatement } from '@cd/contracts/accounting';
import { api } from '../../../lib/api';
import { arKeys } from './query-keys';

/** POST /api/automotive/statements/{id}/send: a text with a payment link. 409/422 are explained by the caller. */
export function useSendStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request<TArStatement>(`/api/automotive/statements/${id}/send`, { method: 'POST', body: {}, silent: [409, 422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: arKeys.all }),
  });
}
