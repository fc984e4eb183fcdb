import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { dashboardKeys } from '../api/query-keys';

/** A busy inbox sends many message events; the dashboard's figures refetch at most this often. */
export const DASHBOARD_REFRESH_THROTTLE_MS = 10_000;

export const REMINDER_LIVE_ENTITY = 'reminder';
const COUNTED_ENTITIES = new Set(['message', 'customer']);

const throttles = new WeakMap<QueryClient, { last: number; timer: ReturnType<typeof setTimeout> | null }>();

function refreshFigures(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.summary });
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats });
}

/**
 * Refetches the dashboard's figures now if the last refresh is older than the throttle, else once when it ends (a
 * trailing refresh, so the last message of a burst is counted too).
 */
export function scheduleDashboardRefresh(options: { queryClient: QueryClient; now?: number }): void {
  const { queryClient } = options;
  const now = options.now ?? Date.now();
  const s = throttles.get(queryClient) ?? { last: Number.NEGATIVE_INFINITY, timer: null };
  throttles.set(queryClient, s);
  if (s.timer) return;
  const wait = s.last + DASHBOARD_REFRESH_THROTTLE_MS - now;
  if (wait <= 0) {
    s.last = now;
    refreshFigures(queryClient);
    return;
  }
  s.timer = setTimeout(() => {
    s.timer = null;
    s.last = Date.now();
    refreshFigures(queryClient);
  }, wait);
}

/**
 * Message and customer events move the dashboard's counters (refreshed, throttled, and only once the dashboard was
 * opened in this session); reminder events refetch the reminders card. Returns false for events of other areas.
 */
export function handleDashboardLiveEvent(queryClient: QueryClient, event: TLiveEvent): boolean {
  if (event.entity === REMINDER_LIVE_ENTITY) {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.reminders });
    return true;
  }
  if (!COUNTED_ENTITIES.has(event.entity)) return false;
  if (queryClient.getQueriesData({ queryKey: dashboardKeys.all }).length > 0) scheduleDashboardRefresh({ queryClient });
  return true;
}
