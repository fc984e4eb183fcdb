import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TWorkingHours } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/**
 * GET /api/working_hours: the shifts of every user of the company (one record per user, by name). Silent: screens
 * show WORKING_HOURS_FETCH_ERROR with a retry.
 */
export async function fetchWorkingHours(signal?: AbortSignal): Promise<TWorkingHours[]> {
  const body = await api.request<THydraCollection<TWorkingHours>>('/api/working_hours', { signal, silent: true });
  return body.member;
}

export function workingHoursQueryOptions() {
  return queryOptions({ queryKey: appointmentKeys.workingHours, queryFn: ({ signal }) => fetchWorkingHours(signal) });
}

export function useWorkingHours(options: { enabled?: boolean } = {}) {
  return useQuery({ ...workingHoursQueryOptions(), enabled: options.enabled ?? true });
}
