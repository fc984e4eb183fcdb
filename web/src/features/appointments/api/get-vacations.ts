import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THydraCollection } from '@cd/contracts/hydra';
import type { TVacation } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

export interface TVacationRange {
  /** First day `YYYY-MM-DD` (company calendar): vacations ending on or after it. */
  from?: string;
  /** Last day `YYYY-MM-DD`: vacations starting on or before it. */
  to?: string;
}

/** GET /api/vacations?from&to: the company's vacations overlapping the days, earliest first. Silent: screens show their own error. */
export async function fetchVacations(opts: TVacationRange & { signal?: AbortSignal }): Promise<TVacation[]> {
  const query: Record<string, string> = {};
  if (opts.from) query.from = opts.from;
  if (opts.to) query.to = opts.to;
  const body = await api.request<THydraCollection<TVacation>>('/api/vacations', { query, signal: opts.signal, silent: true });
  return body.member;
}

export function vacationsQueryOptions(range: TVacationRange = {}) {
  const params = { from: range.from, to: range.to };
  return queryOptions({ queryKey: appointmentKeys.vacationList(params), queryFn: ({ signal }) => fetchVacations({ ...params, signal }) });
}

export function useVacations(range: TVacationRange = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...vacationsQueryOptions(range), enabled: options.enabled ?? true });
}
