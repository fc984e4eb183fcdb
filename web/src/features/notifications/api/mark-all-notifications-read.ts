import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { markAllReadInList, type TNotificationPages } from '../lib/notification-cache';
import { notificationKeys } from './query-keys';

/** PUT /api/notifications/read_all → {updated}. */
export function markAllNotificationsRead(): Promise<{ updated: number }> {
  return api.request<{ updated: number }>('/api/notifications/read_all', { method: 'PUT' });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      const now = new Date().toISOString();
      queryClient.setQueryData<TNotificationPages>(notificationKeys.list, (old) => (old ? markAllReadInList(old, now) : old));
      queryClient.setQueryData(notificationKeys.unreadCount, { unread: 0 });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
