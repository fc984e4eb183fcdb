import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVacation } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/** DELETE /api/vacations/{id}. */
export function deleteVacation(input: { id: number }): Promise<void> {
  return api.request<void>(`/api/vacations/${input.id}`, { method: 'DELETE' });
}

export function useDeleteVacation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVacation,
    onSuccess: (_, { id }) => {
      queryClient.setQueriesData<TVacation[]>({ queryKey: appointmentKeys.vacationsAll }, (old) => old?.filter((v) => v.id !== id));
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
  });
}
