import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TShiftWeek, TWorkingHours } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/** POST /api/working_hours {user, days}: a user's first shifts. 409 when they already have some, 422 on a field: the editor shows both. */
export function createWorkingHours(input: { userId: number; days: TShiftWeek }): Promise<TWorkingHours> {
  return api.request<TWorkingHours>('/api/working_hours', {
    method: 'POST',
    body: { user: `/api/users/${input.userId}`, days: input.days },
    silent: [409, 422],
  });
}

export function useCreateWorkingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkingHours,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.workingHours });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
  });
}
