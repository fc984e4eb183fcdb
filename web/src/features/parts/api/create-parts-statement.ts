import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPartsStatement, TPartsStatementCreate } from '@cd/contracts/parts';
import { api } from '../../../lib/api';
import { partsKeys } from './query-keys';

/** POST /api/parts_statements {customer, from, to}: the unpaid tickets of the period. 422 is shown in the dialog. */
export function useCreatePartsStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPartsStatementCreate) => api.request<TPartsStatement>('/api/parts_statements', { method: 'POST', body, silent: [422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partsKeys.all }),
  });
}
