import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomer, TCustomerCreate } from '@cd/contracts/customer';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/** POST /api/customers. 422 (e.g. phone not unique) is shown next to the fields. */
export function createCustomer(body: TCustomerCreate): Promise<TCustomer> {
  return api.request<TCustomer>('/api/customers', { method: 'POST', body, silent: [422] });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: (customer) => {
      queryClient.setQueryData(conversationKeys.detail(customer.id), customer);
      return queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
    },
  });
}
