import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomer } from '@cd/contracts/customer';
import { api } from '../../../lib/api';
import { setReadInList, type TCustomerList } from '../lib/live-cache';
import { conversationKeys } from './query-keys';

/** PUT /api/customers/{id}/read or /unread → the customer with `read` for the caller. */
export function setCustomerRead(input: { id: number; read: boolean }): Promise<TCustomer> {
  return api.request<TCustomer>(`/api/customers/${input.id}/${input.read ? 'read' : 'unread'}`, { method: 'PUT', silent: input.read });
}

export function useSetCustomerRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCustomerRead,
    onMutate: ({ id, read }) => {
      queryClient.setQueriesData<TCustomerList>({ queryKey: conversationKeys.lists }, (old) => (old ? setReadInList(old, id, read) : old));
      queryClient.setQueryData<TCustomer>(conversationKeys.detail(id), (old) => (old ? { ...old, read } : old));
    },
    onSuccess: (customer, { id, read }) => {
      if (customer && typeof customer === 'object') queryClient.setQueryData<TCustomer>(conversationKeys.detail(id), (old) => (old ? { ...old, ...customer, read } : customer));
      return queryClient.invalidateQueries({ queryKey: conversationKeys.readState });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: conversationKeys.customers }),
  });
}
