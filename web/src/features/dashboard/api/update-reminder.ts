import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReminder, TReminderPatch } from '@cd/contracts/reminders';
import { api } from '../../../lib/api';
import { dashboardKeys } from './query-keys';

/** PATCH /api/reminders/{id} (merge patch): mark done, or change the text or due time. */
export function updateReminder(opts: { id: number; patch: TReminderPatch }): Promise<TReminder> {
  return api.request<TReminder>(`/api/reminders/${opts.id}`, { method: 'PATCH', body: opts.patch });
}

export function useUpdateReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReminder,
    onSuccess: (saved) => {
      // A reminder marked done leaves the open list at once; the refetch confirms the order.
      queryClient.setQueryData<TReminder[]>(dashboardKeys.reminders, (list) =>
        list ? (saved.doneAt ? list.filter((r) => r.id !== saved.id) : list.map((r) => (r.id === saved.id ? saved : r))) : list,
      );
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.reminders });
    },
  });
}
