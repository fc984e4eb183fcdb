import type { TAppointment, TVacation, TWorkingHours } from '@cd/contracts/appointment';
import { EMPTY_SHIFT_WEEK } from '@cd/contracts/appointment';

/** An appointment as the API answers it, with the fields a test cares about overridden. */
export function appointmentFixture(over: Partial<TAppointment> & { id: number }): TAppointment {
  return {
    '@id': `/api/appointments/${over.id}`,
    '@type': 'Appointment',
    company: '/api/companies/1',
    customer: '/api/customers/7',
    customerName: 'James Whitaker',
    customerPhone: '+15551230007',
    vehicle: '/api/vehicles/3',
    vehicleLabel: '2019 Honda Civic',
    services: [
      { id: 1, title: 'Oil change', duration: 30 },
      { id: 2, title: 'Tire rotation', duration: 30 },
    ],
    resources: [],
    assignee: '/api/users/5',
    assigneeName: 'Maria Lopez',
    startsAt: '2026-11-24T15:00:00.000Z',
    endsAt: '2026-11-24T16:00:00.000Z',
    notes: '',
    status: 'confirmed',
    source: 'staff',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

export function workingHoursFixture(over: Partial<TWorkingHours> & { id: number; user: string; userName: string }): TWorkingHours {
  return {
    '@id': `/api/working_hours/${over.id}`,
    '@type': 'WorkingHours',
    company: '/api/companies/1',
    days: EMPTY_SHIFT_WEEK,
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

export function vacationFixture(over: Partial<TVacation> & { id: number; user: string; userName: string; from: string; to: string }): TVacation {
  return { '@id': `/api/vacations/${over.id}`, '@type': 'Vacation', company: '/api/companies/1', note: '', createdAt: '2026-11-20T10:00:00.000Z', ...over };
}
