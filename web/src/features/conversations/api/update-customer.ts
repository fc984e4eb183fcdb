import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomer } from '@cd/contracts/customer';
import { customerTagsQueryKey } from '../../../api/get-customer-tags';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/** PATCH /api/customers/{id} (merge-patch, only the changed fields). 422 goes to the form. */
export function updateCustomer(input: { id: number; patch: Record<string, unknown> }): Promise<TCustomer> {
  return api.request<TCustomer>(`/api/customers/${input.id}`, { method: 'PATCH', body: input.patch, silent: [422] });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(conversationKeys.detail(customer.id), customer);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
      void queryClient.invalidateQueries({ queryKey: customerTagsQueryKey });
    },
  });
}
