import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAppointment } from '@cd/contracts/appointment';
import type { THydraCollection } from '@cd/contracts/hydra';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/**
 * GET /api/appointments?customer={id}: one customer's appointments, the latest first (the upcoming ones and the most
 * recent past ones). Silent: the messenger's panel shows its own error, and hides itself when the module is off.
 */
export async function fetchCustomerAppointments(opts: { customerId: number; signal?: AbortSignal }): Promise<TAppointment[]> {
  const body = await api.request<THydraCollection<TAppointment>>('/api/appointments', {
    query: { customer: opts.customerId },
    signal: opts.signal,
    silent: true,
  });
  return body.member;
}

export function customerAppointmentsQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: appointmentKeys.customer(customerId),
    queryFn: ({ signal }) => fetchCustomerAppointments({ customerId, signal }),
  });
}

export function useCustomerAppointments(customerId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...customerAppointmentsQueryOptions(customerId), enabled: (options.enabled ?? true) && customerId > 0 });
}
