import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppointment } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';
import { appointmentKeys } from './query-keys';

/**
 * POST /api/customers/{id}/send_appointment_reminder: the reminder of the customer's next confirmed appointment, now
 * (once per appointment). A 409 says why not (none upcoming, already sent, no reminder text, opted out): the panel shows it.
 */
export function sendAppointmentReminder(input: { customerId: number }): Promise<TAppointment> {
  return api.request<TAppointment>(`/api/customers/${input.customerId}/send_appointment_reminder`, { method: 'POST', body: {}, silent: [409] });
}

export function useSendAppointmentReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAppointmentReminder,
    onSuccess: (_, input) => void queryClient.invalidateQueries({ queryKey: appointmentKeys.customer(input.customerId) }),
  });
}
