import { useMutation } from '@tanstack/react-query';
import type { TBookingHold, TBookingHoldCreate } from '@cd/contracts/appointment';
import { api } from '../../../lib/api';

/** POST /api/public/booking/{slug}/holds: keeps the slot for HOLD_MINUTES (409 appointment_slot_not_available). */
export function holdBookingSlot(input: { slug: string; body: TBookingHoldCreate }): Promise<TBookingHold> {
  return api.request<TBookingHold>(`/api/public/booking/${encodeURIComponent(input.slug)}/holds`, {
    method: 'POST',
    body: input.body,
    auth: false,
    silent: true,
  });
}

export function useHoldBookingSlot() {
  return useMutation({ mutationFn: holdBookingSlot });
}
