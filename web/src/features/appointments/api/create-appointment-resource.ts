import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppointmentResource, TAppointmentResourceKind } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

export interface TResourceInput {
  name: string;
  kind: TAppointmentResourceKind;
  capacity: number;
  /** Ids of the company services that need one unit of it. */
  services: number[];
}

const serviceIris = (ids: number[]) => ids.map((id) => `/api/company_services/${id}`);

/** POST /api/appointment_resources; a taken name or a bad field answers 422 on the dialog's fields. */
export function createAppointmentResource(input: TResourceInput): Promise<TAppointmentResource> {
  return api.request<TAppointmentResource>('/api/appointment_resources', {
    method: 'POST',
    body: { ...input, services: serviceIris(input.services) },
    silent: [422],
  });
}

export function useCreateAppointmentResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointmentResource,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.resources });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
  });
}
