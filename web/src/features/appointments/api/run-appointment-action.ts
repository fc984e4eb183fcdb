import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppointment } from '@cd/contracts/appointment';
import type { TAppointmentAction } from '@cd/contracts/appointment-constants';
import { api } from '../../../lib/api';
import { replaceAppointmentInLists } from '../lib/appointment-cache';
import { appointmentKeys } from './query-keys';

/** PUT /api/appointments/{id}/{confirm|deny|cancel|complete|miss}. 409 (already sent, wrong state) is the caller's to show. */
export function runAppointmentAction(input: { id: number; action: TAppointmentAction }): Promise<TAppointment> {
  return api.request<TAppointment>(`/api/appointments/${input.id}/${input.action}`, { method: 'PUT', body: {}, silent: [409] });
}

export function useAppointmentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAppointmentAction,
    onSuccess: (appointment) => {
      replaceAppointmentInLists({ queryClient, appointment });
      // Denying, canceling, completing or missing gives the time back.
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
    // A conflict means someone else changed it: show the truth.
    onError: () => void queryClient.invalidateQueries({ queryKey: appointmentKeys.lists }),
  });
}
