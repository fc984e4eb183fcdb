import { useMutation } from '@tanstack/react-query';
import type { TPublicBookingCreate, TPublicBookingResult } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';

/**
 * POST /api/public/booking/{slug}/appointments: turns the held slot into a requested appointment
 * (409 appointment_hold_expired / appointment_slot_not_available, 422 for a bad phone or name).
 */
export function createPublicBooking(input: { slug: string; body: TPublicBookingCreate }): Promise<TPublicBookingResult> {
  return api.request<TPublicBookingResult>(`/api/public/booking/${encodeURIComponent(input.slug)}/appointments`, {
    method: 'POST',
    body: input.body,
    auth: false,
    silent: true,
  });
}

export function useCreatePublicBooking() {
  return useMutation({ mutationFn: createPublicBooking });
}
