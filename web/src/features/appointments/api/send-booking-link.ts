import { useMutation } from '@tanstack/react-query';
import type { TSendBookingLinkResult } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';

/**
 * POST /api/customers/{id}/send_booking_link: makes the customer a booking link and texts it. A 409 says why not
 * (sent a moment ago, not taking appointments, no working days, opted out): the panel shows it.
 */
export function sendBookingLink(input: { customerId: number }): Promise<TSendBookingLinkResult> {
  return api.request<TSendBookingLinkResult>(`/api/customers/${input.customerId}/send_booking_link`, { method: 'POST', body: {}, silent: [409] });
}

export function useSendBookingLink() {
  return useMutation({ mutationFn: sendBookingLink });
}
