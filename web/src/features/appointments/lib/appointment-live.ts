import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';

/** The entity of appointment live events (server appointments.presenter.ts `appointmentEvent`). */
export const APPOINTMENT_LIVE_ENTITY = 'appointment';

/**
 * Routes appointment live events to the calendar's cache (appointment-cache.ts). The shell loads this on every screen,
 * so it holds only the check: the cache code comes with the first event (the inbox's bundle has a size ceiling).
 * Returns false for events of other areas.
 */
export function handleAppointmentLiveEvent(queryClient: QueryClient, event: TLiveEvent): boolean {
  if (event.entity !== APPOINTMENT_LIVE_ENTITY) return false;
  void import('./appointment-cache').then((m) => m.applyAppointmentLiveEvent({ queryClient, event }));
  return true;
}
