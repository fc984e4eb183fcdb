import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { removeNotificationFromList, type TNotificationPages } from '../lib/notification-cache';
import { notificationKeys } from './query-keys';

/** DELETE /api/notifications/{id} → 204. */
export function deleteNotification(id: number): Promise<void> {
  return api.request<void>(`/api/notifications/${id}`, { method: 'DELETE' });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_r, id) => {
      queryClient.setQueryData<TNotificationPages>(notificationKeys.list, (old) => (old ? removeNotificationFromList(old, id) : old));
      return queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
    },
  });
}
