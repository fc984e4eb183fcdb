import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotification } from '@cd/contracts/notification';
import { api } from '../../../lib/api';
import { patchNotificationInList, type TNotificationPages } from '../lib/notification-cache';
import { notificationKeys } from './query-keys';

/** PUT /api/notifications/{id}/read or /unread → the notification. */
export function setNotificationRead(input: { id: number; read: boolean }): Promise<TNotification> {
  return api.request<TNotification>(`/api/notifications/${input.id}/${input.read ? 'read' : 'unread'}`, { method: 'PUT' });
}

export function useSetNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNotificationRead,
    onMutate: ({ id, read }) => {
      queryClient.setQueryData<TNotificationPages>(notificationKeys.list, (old) =>
        old ? patchNotificationInList(old, { id, readAt: read ? new Date().toISOString() : null }) : old,
      );
    },
    onSuccess: (n) => {
      queryClient.setQueryData<TNotificationPages>(notificationKeys.list, (old) => (old ? patchNotificationInList(old, n) : old));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount }),
  });
}
