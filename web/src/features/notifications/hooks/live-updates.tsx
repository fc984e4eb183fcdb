import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import type { TNotification } from '@cd/contracts/notification';
import { dismissToast, toastInfo } from '../../../lib/toast';
import { setNotificationRead } from '../api/set-notification-read';
import { notificationKeys } from '../api/query-keys';
import { NotificationToast } from '../components/notification-toast';
import { openNotificationLink } from '../lib/open-notification';
import { patchNotificationInList, prependNotification, removeNotificationFromList, type TNotificationPages } from '../lib/notification-cache';

/** Toasts of live notifications still on screen: opening the centre clears them (the list shows the same). */
const shownToasts = new Set<string>();

export function dismissNotificationToasts(): void {
  for (const id of shownToasts) dismissToast(id);
  shownToasts.clear();
}

/** Clicking a toast (or the bell's item) reads the notification and opens what it is about. */
export function openNotification(queryClient: QueryClient, n: Pick<TNotification, 'id' | 'link' | 'readAt'>): void {
  if (!n.readAt) {
    queryClient.setQueryData<TNotificationPages>(notificationKeys.list, (old) => (old ? patchNotificationInList(old, { id: n.id, readAt: new Date().toISOString() }) : old));
    void setNotificationRead({ id: n.id, read: true })
      .catch(() => undefined)
      .finally(() => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount }));
  }
  openNotificationLink(n.link);
}

/**
 * Live `notification` events (spec part 1 §4: notification events show as toasts): a created one is toasted and
 * put on top of the centre's list; updates, removals and "all read" keep the list and the bell's badge current.
 */
export function handleNotificationsLiveEvent(queryClient: QueryClient, event: TLiveEvent): boolean {
  if (event.entity !== 'notification') return false;
  const n = event.data as TNotification | null;
  if (event.event === 'created' && n && typeof n.id === 'number') {
    queryClient.setQueryData<TNotificationPages>(notificationKeys.list, (old) => (old ? prependNotification(old, n) : old));
    const toastId = `notification-${n.id}`;
    shownToasts.add(toastId);
    toastInfo(<NotificationToast notification={n} />, {
      toastId,
      onClick: () => openNotification(queryClient, n),
    });
  } else if (event.event === 'updated' && n && typeof n.id === 'number') {
    queryClient.setQueryData<TNotificationPages>(notificationKeys.list, (old) => (old ? patchNotificationInList(old, n) : old));
  } else if (event.event === 'removed' && n && typeof n.id === 'number') {
    queryClient.setQueryData<TNotificationPages>(notificationKeys.list, (old) => (old ? removeNotificationFromList(old, n.id) : old));
  } else if (event.event === 'trigger') {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  }
  void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount });
  return true;
}
