import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppointmentResource } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import type { TResourceInput } from './create-appointment-resource';
import { appointmentKeys } from './query-keys';

/** PATCH /api/appointment_resources/{id} (merge-patch, changed fields; `services` replaces the list). */
export function updateAppointmentResource(input: { id: number; patch: Partial<TResourceInput> }): Promise<TAppointmentResource> {
  const { services, ...rest } = input.patch;
  const body = services ? { ...rest, services: services.map((id) => `/api/company_services/${id}`) } : rest;
  return api.request<TAppointmentResource>(`/api/appointment_resources/${input.id}`, { method: 'PATCH', body, silent: [422] });
}

export function useUpdateAppointmentResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointmentResource,
    onSuccess: (resource) => {
      queryClient.setQueryData<TAppointmentResource[]>(appointmentKeys.resources, (old) => old?.map((r) => (r.id === resource.id ? resource : r)));
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
  });
}
