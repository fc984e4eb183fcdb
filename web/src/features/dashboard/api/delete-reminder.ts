import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReminder } from '@cd/contracts/reminders';
import { api } from '../../../lib/api';
import { dashboardKeys } from './query-keys';

/** DELETE /api/reminders/{id}. */
export async function deleteReminder(opts: { id: number }): Promise<void> {
  await api.request<null>(`/api/reminders/${opts.id}`, { method: 'DELETE' });
}

export function useDeleteReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReminder,
    onSuccess: (_, { id }) => {
      queryClient.setQueryData<TReminder[]>(dashboardKeys.reminders, (list) => list?.filter((r) => r.id !== id));
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.reminders });
    },
  });
}
