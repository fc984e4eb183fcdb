import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomer } from '@cd/contracts/customer';
import { api } from '../../../lib/api';
import { conversationKeys } from './query-keys';

/** PUT /api/customers/{id}/merge {source} → the kept customer; the duplicate is deleted. */
export function mergeCustomer(input: { id: number; duplicateId: number }): Promise<TCustomer> {
  return api.request<TCustomer>(`/api/customers/${input.id}/merge`, { method: 'PUT', body: { source: `/api/customers/${input.duplicateId}` } });
}

export function useMergeCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeCustomer,
    onSuccess: (customer, { id, duplicateId }) => {
      queryClient.setQueryData<TCustomer>(conversationKeys.detail(id), customer);
      queryClient.removeQueries({ queryKey: conversationKeys.detail(duplicateId) });
      queryClient.removeQueries({ queryKey: conversationKeys.messages(duplicateId) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(id) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.readState });
      return queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
    },
  });
}
