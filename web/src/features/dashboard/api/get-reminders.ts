import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TReminder } from '@cd/contracts/reminders';
import { api } from '../../../lib/api';
import { dashboardKeys } from './query-keys';

/** GET /api/reminders?done=false: the signed-in user's open reminders, soonest due first. */
export async function fetchOpenReminders(opts: { signal?: AbortSignal } = {}): Promise<TReminder[]> {
  const body = await api.request<THydraCollection<TReminder>>('/api/reminders', { query: { done: 'false' }, signal: opts.signal, silent: true });
  return body?.member ?? [];
}

export function openRemindersQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.reminders, queryFn: ({ signal }) => fetchOpenReminders({ signal }) });
}

export function useOpenReminders() {
  return useQuery(openRemindersQueryOptions());
}
