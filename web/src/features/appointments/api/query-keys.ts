/**
 * Cache keys of the appointments feature, shared by the calendar and the shifts-and-vacations screen; the live-event
 * handler addresses them by prefix (a working-hours or vacation event refreshes `workingHours` / `vacations`, and
 * `availability`, since free times follow shifts and days off).
 */
export const appointmentKeys = {
  all: ['appointments'] as const,
  lists: ['appointments', 'list'] as const,
  list: (params: Record<string, unknown>) => ['appointments', 'list', params] as const,
  /** One customer's appointments (the messenger's panel): under `lists`, so live events refetch it. */
  customer: (customerId: number) => ['appointments', 'list', { customer: customerId }] as const,
  workingHours: ['appointments', 'working_hours'] as const,
  vacationsAll: ['appointments', 'vacations'] as const,
  /** Alias of `vacationsAll` (the prefix of every vacations query). */
  vacations: ['appointments', 'vacations'] as const,
  vacationList: (params: { from?: string; to?: string }) => ['appointments', 'vacations', params] as const,
  resources: ['appointments', 'resources'] as const,
  services: ['appointments', 'services'] as const,
  availabilityAll: ['appointments', 'availability'] as const,
  availability: (params: Record<string, unknown>) => ['appointments', 'availability', params] as const,
  /** The company's time zone and country: the calendar shows its wall clock. */
  companyZone: (companyId: number) => ['appointments', 'company_zone', companyId] as const,
  /** A customer's vehicles offered when booking. */
  vehicles: (customerId: number) => ['appointments', 'vehicles', customerId] as const,
};
