import type { TAppointment } from '@cd/contracts/appointment';
import { companyTopic } from '@cd/contracts/live';
import type { TLiveEventInput } from '../../live/live.types';
import type { TAppointmentView } from './appointments.schema';

export function toAppointmentResource(v: TAppointmentView): TAppointment {
  return {
    '@id': `/api/appointments/${v.id}`,
    '@type': 'Appointment',
    id: v.id,
    company: `/api/companies/${v.companyId}`,
    customer: `/api/customers/${v.customerId}`,
    customerName: v.customerName,
    customerPhone: v.customerPhone,
    vehicle: v.vehicleId === null ? null : `/api/vehicles/${v.vehicleId}`,
    vehicleLabel: v.vehicleLabel,
    services: v.services,
    resources: v.resources,
    assignee: v.assigneeId === null ? null : `/api/users/${v.assigneeId}`,
    assigneeName: v.assigneeName,
    startsAt: v.startsAt.toISOString(),
    endsAt: v.endsAt.toISOString(),
    notes: v.notes,
    status: v.status,
    source: v.source,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

/** Everyone of the company runs the day from the same calendar: the company topic. */
export function appointmentEvent(v: TAppointmentView, event: 'created' | 'updated', changes: string[] | null = null): TLiveEventInput {
  return { companyId: v.companyId, topics: [companyTopic(v.companyId)], event, entity: 'appointment', data: toAppointmentResource(v), changes };
}
