import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomer } from '@cd/contracts/customer';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/** PUT /api/customers/{id}/archive or PUT /api/archived_customers/{id}/unarchive → the customer. */
export function setCustomerArchived(input: { id: number; archived: boolean }): Promise<TCustomer> {
  return input.archived
    ? api.request<TCustomer>(`/api/customers/${input.id}/archive`, { method: 'PUT' })
    : api.request<TCustomer>(`/api/archived_customers/${input.id}/unarchive`, { method: 'PUT' });
}

export function useSetCustomerArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCustomerArchived,
    onSuccess: (customer, { id, archived }) => {
      queryClient.setQueryData<TCustomer>(conversationKeys.detail(id), (old) => (old ? { ...old, ...(customer ?? {}), archived } : old));
      void queryClient.invalidateQueries({ queryKey: conversationKeys.readState });
      return queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
    },
  });
}
