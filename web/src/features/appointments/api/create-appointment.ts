import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppointment, TAppointmentCreate } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { replaceAppointmentInLists } from '../lib/appointment-cache';
import { appointmentKeys } from './query-keys';

/** POST /api/appointments. Silent for 409 (slot taken) and 422 (the dialog shows them by its fields). */
export function createAppointment(body: TAppointmentCreate): Promise<TAppointment> {
  return api.request<TAppointment>('/api/appointments', { method: 'POST', body, silent: [409, 422] });
}

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: (appointment) => {
      replaceAppointmentInLists({ queryClient, appointment });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll }),
  });
}
