import { api } from '../../../lib/api';

/**
 * DELETE /api/public/booking/{slug}/holds/{token}: the customer picked another time, so the held one is free for others
 * at once. Best effort: the hold runs out by itself anyway, so a failure is not the customer's concern.
 */
export function releaseBookingHold(input: { slug: string; token: string }): void {
  void api
    .request<void>(`/api/public/booking/${encodeURIComponent(input.slug)}/holds/${encodeURIComponent(input.token)}`, {
      method: 'DELETE',
      auth: false,
      silent: true,
    })
    .catch(() => undefined);
}
