import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkingHours } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/** DELETE /api/working_hours/{id}: the user has no shifts any more (and is offered for no appointment). */
export function deleteWorkingHours(input: { id: number }): Promise<void> {
  return api.request<void>(`/api/working_hours/${input.id}`, { method: 'DELETE' });
}

export function useDeleteWorkingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkingHours,
    onSuccess: (_, { id }) => {
      queryClient.setQueryData<TWorkingHours[]>(appointmentKeys.workingHours, (old) => old?.filter((w) => w.id !== id));
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
  });
}
