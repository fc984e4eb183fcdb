import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotificationUnreadCount } from '@cd/contracts/notification';
import { api } from '../../../lib/api';
import { notificationKeys } from './query-keys';

/** GET /api/notifications/unread_count → {unread}: the bell's badge. Errors stay quiet (the badge just shows nothing). */
export function fetchUnreadNotificationCount(signal?: AbortSignal): Promise<TNotificationUnreadCount> {
  return api.request<TNotificationUnreadCount>('/api/notifications/unread_count', { signal, silent: true });
}

export function unreadNotificationCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => fetchUnreadNotificationCount(signal),
    staleTime: 60_000,
    gcTime: Infinity,
  });
}

/** The unread count, or 0 while unknown. */
export function useUnreadNotificationCount(): number {
  const n = useQuery(unreadNotificationCountQueryOptions()).data?.unread;
  return typeof n === 'number' && n > 0 ? n : 0;
}
