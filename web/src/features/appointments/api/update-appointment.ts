import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppointment, TAppointmentPatch } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { replaceAppointmentInLists } from '../lib/appointment-cache';
import { appointmentKeys } from './query-keys';

/**
 * PATCH /api/appointments/{id}: move, resize, reassign or edit the notes. The server checks the new time against
 * availability; 409 (slot taken, or not active any more) is left to the caller, which reverts and says why.
 */
export function updateAppointment(input: { id: number; patch: TAppointmentPatch }): Promise<TAppointment> {
  return api.request<TAppointment>(`/api/appointments/${input.id}`, { method: 'PATCH', body: input.patch, silent: [409] });
}

export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppointment,
    onSuccess: (appointment) => {
      replaceAppointmentInLists({ queryClient, appointment });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
  });
}
