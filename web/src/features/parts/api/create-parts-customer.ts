import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPartsCustomer, TPartsCustomerCreate } from '@cd/contracts/parts';
import { api } from '../../../lib/api';
import { partsKeys } from './query-keys';

/** POST /api/parts_customers. 422 is shown on the dialog's fields. */
export function useCreatePartsCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPartsCustomerCreate) => api.request<TPartsCustomer>('/api/parts_customers', { method: 'POST', body, silent: [422] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partsKeys.all }),
  });
}
