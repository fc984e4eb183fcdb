import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppointmentResource } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/** DELETE /api/appointment_resources/{id}: booked appointments keep their unit; new ones no longer need it. */
export function deleteAppointmentResource(input: { id: number }): Promise<void> {
  return api.request<void>(`/api/appointment_resources/${input.id}`, { method: 'DELETE' });
}

export function useDeleteAppointmentResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAppointmentResource,
    onSuccess: (_, { id }) => {
      queryClient.setQueryData<TAppointmentResource[]>(appointmentKeys.resources, (old) => old?.filter((r) => r.id !== id));
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
  });
}
