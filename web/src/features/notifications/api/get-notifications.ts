import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import { NOTIFICATIONS_PER_PAGE, type TNotification } from '@cd/contracts/notification';
import { api } from '../../../lib/api';
import { notificationKeys } from './query-keys';

/**
 * GET /api/notifications?itemsPerPage=20, the caller's own, newest first. Older pages follow the server's
 * `view.next` link (keyset on createdAt[strictly_before] with an id tie-breaker).
 */
export function fetchNotifications(next: string | null, signal?: AbortSignal): Promise<THydraCollection<TNotification>> {
  if (next) return api.request<THydraCollection<TNotification>>(next, { signal, silent: true });
  return api.request<THydraCollection<TNotification>>('/api/notifications', { query: { itemsPerPage: NOTIFICATIONS_PER_PAGE }, signal, silent: true });
}

export function notificationsQueryOptions(enabled = true) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.view?.next ?? undefined,
    enabled,
  });
}

export function useNotifications(enabled: boolean) {
  return useInfiniteQuery(notificationsQueryOptions(enabled));
}
