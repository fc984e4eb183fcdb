import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { setReadInList, type TCustomerList } from '../lib/live-cache';
import { conversationKeys } from './query-keys';

/** PUT /api/customers/all_read (204). */
export function markAllRead(): Promise<void> {
  return api.request<void>('/api/customers/all_read', { method: 'PUT' });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onSuccess: () => {
      queryClient.setQueriesData<TCustomerList>({ queryKey: conversationKeys.lists }, (old) => (old ? setReadInList(old, 'all', true) : old));
      queryClient.setQueryData(conversationKeys.readState, { unread: 0 });
      return queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
    },
  });
}
