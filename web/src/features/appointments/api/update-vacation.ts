import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVacation, TVacationPatch } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/** PATCH /api/vacations/{id} (merge-patch: first day, last day, note); 422 lands on the dialog's fields. */
export function updateVacation(input: { id: number; patch: TVacationPatch }): Promise<TVacation> {
  return api.request<TVacation>(`/api/vacations/${input.id}`, { method: 'PATCH', body: input.patch, silent: [422] });
}

export function useUpdateVacation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVacation,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.vacationsAll });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
  });
}
