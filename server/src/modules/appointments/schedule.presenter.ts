import type { TAppointmentResource, TVacation, TWorkingHours } from '@cd/contracts/appointment';
import { companyTopic } from '@cd/contracts/live';
import type { TLiveEventInput } from '../../live/live.types';
import type { TResourceRow, TVacationRow, TWorkingHoursRow } from './schedule.repository';

/**
 * Live entities of the schedule (docs/api-appointments.md): `working_hours`, `vacation` and `appointment_resource`,
 * each `created` / `updated` / `removed` on the company topic, so every open calendar refreshes its sidebar and
 * free times.
 */
export const SCHEDULE_LIVE_ENTITIES = { workingHours: 'working_hours', vacation: 'vacation', resource: 'appointment_resource' } as const;

type TEvent = TLiveEventInput['event'];

export function toWorkingHoursResource(row: TWorkingHoursRow): TWorkingHours {
  return {
    '@id': `/api/working_hours/${row.id}`,
    '@type': 'WorkingHours',
    id: row.id,
    company: `/api/companies/${row.companyId}`,
    user: `/api/users/${row.userId}`,
    userName: row.userName,
    days: row.days,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toVacationResource(row: TVacationRow): TVacation {
  return {
    '@id': `/api/vacations/${row.id}`,
    '@type': 'Vacation',
    id: row.id,
    company: `/api/companies/${row.companyId}`,
    user: `/api/users/${row.userId}`,
    userName: row.userName,
    from: row.firstDay,
    to: row.lastDay,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toResourceResource(row: TResourceRow): TAppointmentResource {
  return {
    '@id': `/api/appointment_resources/${row.id}`,
    '@type': 'AppointmentResource',
    id: row.id,
    company: `/api/companies/${row.companyId}`,
    name: row.name,
    kind: row.kind,
    capacity: row.capacity,
    services: row.serviceIds.map((id) => `/api/company_services/${id}`),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function eventOf(companyId: number, entity: string, event: TEvent, data: unknown, changes: string[] | null): TLiveEventInput {
  return { companyId, topics: [companyTopic(companyId)], event, entity, data, changes };
}

export function workingHoursEvent(row: TWorkingHoursRow, event: TEvent): TLiveEventInput {
  return eventOf(row.companyId, SCHEDULE_LIVE_ENTITIES.workingHours, event, toWorkingHoursResource(row), event === 'updated' ? ['days'] : null);
}

export function vacationEvent(row: TVacationRow, event: TEvent, changes: string[] | null = null): TLiveEventInput {
  return eventOf(row.companyId, SCHEDULE_LIVE_ENTITIES.vacation, event, toVacationResource(row), changes);
}

export function resourceEvent(row: TResourceRow, event: TEvent, changes: string[] | null = null): TLiveEventInput {
  return eventOf(row.companyId, SCHEDULE_LIVE_ENTITIES.resource, event, toResourceResource(row), changes);
}
