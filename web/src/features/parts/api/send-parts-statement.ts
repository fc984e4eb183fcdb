import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPartsStatement } from '@cd/contracts/parts';
import { api } from '../../../lib/api';
import { partsKeys } from './query-keys';

/** POST /api/parts_statements/{id}/send: the statement's amount by text with a payment link. */
export function useSendPartsStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.request<TPartsStatement>(`/api/parts_statements/${id}/send`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partsKeys.all }),
  });
}
