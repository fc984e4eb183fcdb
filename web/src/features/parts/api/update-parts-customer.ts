import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPartsCustomer, TPartsCustomerPatch } from '@cd/contracts/parts';
import { api } from '../../../lib/api';
import { partsKeys } from './query-keys';

/** PATCH /api/parts_customers/{id}. 422 is shown on the dialog's fields. */
export function useUpdatePartsCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; patch: TPartsCustomerPatch }) =>
      api.request<TPartsCustomer>(`/api/parts_customers/${input.id}`, { method: 'PATCH', body: input.patch, silent: [422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partsKeys.all }),
  });
}
