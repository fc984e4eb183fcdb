import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointmentResource } from '@cd/contracts/appointment';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/** GET /api/appointment_resources: the company's bays, loaner cars… by name. Silent: the screen shows its own error. */
export async function fetchAppointmentResources(signal?: AbortSignal): Promise<TAppointmentResource[]> {
  const body = await api.request<THydraCollection<TAppointmentResource>>('/api/appointment_resources', { signal, silent: true });
  return body.member;
}

export function appointmentResourcesQueryOptions() {
  return queryOptions({ queryKey: appointmentKeys.resources, queryFn: ({ signal }) => fetchAppointmentResources(signal) });
}

export function useAppointmentResources(options: { enabled?: boolean } = {}) {
  return useQuery({ ...appointmentResourcesQueryOptions(), enabled: options.enabled ?? true });
}
