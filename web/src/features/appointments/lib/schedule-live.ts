import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { appointmentKeys } from '../api/query-keys';

/** Entities of the schedule's live events (server schedule.presenter.ts SCHEDULE_LIVE_ENTITIES). */
export const SCHEDULE_LIVE_ENTITIES = { workingHours: 'working_hours', vacation: 'vacation', resource: 'appointment_resource' } as const;

const KEY_OF_ENTITY: Record<string, readonly string[]> = {
  [SCHEDULE_LIVE_ENTITIES.workingHours]: appointmentKeys.workingHours,
  [SCHEDULE_LIVE_ENTITIES.vacation]: appointmentKeys.vacationsAll,
  [SCHEDULE_LIVE_ENTITIES.resource]: appointmentKeys.resources,
};

/**
 * A colleague changed shifts, a vacation or a bay: the lists refetch (they are small), and so do free times, which
 * follow all three. Returns false for events of other areas.
 */
export function handleScheduleLiveEvent(queryClient: QueryClient, event: TLiveEvent): boolean {
  const key = KEY_OF_ENTITY[event.entity];
  if (!key) return false;
  void queryClient.invalidateQueries({ queryKey: key });
  void queryClient.invalidateQueries({ queryKey: appointmentKeys.availabilityAll });
  return true;
}
