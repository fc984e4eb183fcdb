import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TVacation } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/** POST /api/vacations {user, from, to, note}: days off, first and last inclusive; 422 lands on the dialog's fields. */
export function createVacation(input: { userId: number; from: string; to: string; note: string }): Promise<TVacation> {
  return api.request<TVacation>('/api/vacations', {
    method: 'POST',
    body: { user: `/api/users/${input.userId}`, from: input.from, to: input.to, note: input.note },
    silent: [422],
  });
}

export function useCreateVacation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVacation,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.vacationsAll });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
  });
}
