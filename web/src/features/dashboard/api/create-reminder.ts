import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReminder, TReminderCreate } from '@cd/contracts/reminders';
import { api } from '../../../lib/api';
import { dashboardKeys } from './query-keys';

/** POST /api/reminders: a new reminder of the signed-in user. 422 violations are shown on the form. */
export function createReminder(body: TReminderCreate): Promise<TReminder> {
  return api.request<TReminder>('/api/reminders', { method: 'POST', body, silent: [422] });
}

export function useCreateReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReminder,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.reminders }),
  });
}
