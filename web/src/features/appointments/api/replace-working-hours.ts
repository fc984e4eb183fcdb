import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TShiftWeek, TWorkingHours } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/** PUT /api/working_hours/{id} {days}: the user's whole week replaced; 422 lands on the editor's days. */
export function replaceWorkingHours(input: { id: number; days: TShiftWeek }): Promise<TWorkingHours> {
  return api.request<TWorkingHours>(`/api/working_hours/${input.id}`, { method: 'PUT', body: { days: input.days }, silent: [422] });
}

export function useReplaceWorkingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceWorkingHours,
    onSuccess: (record) => {
      queryClient.setQueryData<TWorkingHours[]>(appointmentKeys.workingHours, (old) => old?.map((w) => (w.id === record.id ? record : w)));
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
    },
  });
}
