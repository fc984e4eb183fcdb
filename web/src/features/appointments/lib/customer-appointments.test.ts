import { describe, expect, it } from 'vitest';
import type { TAppointment } from '@cd/contracts/appointment';
import type { TAppointmentStatus } from '@cd/contracts/appointment-constants';
import { calendarPathOf, canReachAppointments, hasReminderTarget, splitCustomerAppointments } from './customer-appointments';

const now = new Date('2026-03-10T12:00:00Z');

function appt(id: number, startsAt: string, status: TAppointmentStatus, minutes = 60): TAppointment {
  const start = Date.parse(startsAt);
  return {
    '@id': `/api/appointments/${id}`,
    '@type': 'Appointment',
    id,
    company: '/api/companies/1',
    customer: '/api/customers/7',
    customerName: 'Dana Driver',
    customerPhone: '+15550101234',
    vehicle: null,
    vehicleLabel: null,
    services: [{ id: 1, title: 'Oil change', duration: minutes }],
    resources: [],
    assignee: null,
    assigneeName: null,
    startsAt,
    endsAt: new Date(start + minutes * 60_000).toISOString(),
    notes: '',
    status,
    source: 'staff',
    createdAt: startsAt,
    updatedAt: startsAt,
  };
}

describe('customer appointments panel', () => {
  it('lists the ones still ahead soonest first, and the rest latest first', () => {
    const list = [
      appt(1, '2026-03-20T09:00:00Z', 'confirmed'),
      appt(2, '2026-03-12T09:00:00Z', 'requested'),
      // Under way: still upcoming until it ends.
      appt(3, '2026-03-10T11:30:00Z', 'confirmed'),
      // Ahead but canceled: not something to expect.
      appt(4, '2026-03-15T09:00:00Z', 'canceled'),
      appt(5, '2026-03-01T09:00:00Z', 'completed'),
      appt(6, '2026-02-01T09:00:00Z', 'missed'),
      // Past but never confirmed or denied: history too.
      appt(7, '2026-03-09T09:00:00Z', 'requested'),
    ];
    const { upcoming, recent } = splitCustomerAppointments({ appointments: list, now });
    expect(upcoming.map((a) => a.id)).toEqual([3, 2, 1]);
    expect(recent.map((a) => a.id)).toEqual([4, 7, 5, 6]);
  });

  it('has a reminder to send only for a confirmed appointment not yet started', () => {
    expect(hasReminderTarget({ appointments: [appt(1, '2026-03-12T09:00:00Z', 'confirmed')], now })).toBe(true);
    expect(hasReminderTarget({ appointments: [appt(1, '2026-03-12T09:00:00Z', 'requested')], now })).toBe(false);
    expect(hasReminderTarget({ appointments: [appt(1, '2026-03-10T11:30:00Z', 'confirmed')], now })).toBe(false);
    expect(hasReminderTarget({ appointments: [], now })).toBe(false);
  });

  it('is for company admins and the appointments and communication roles', () => {
    expect(canReachAppointments({ roles: ['ROLE_USER', 'ROLE_COMMUNICATION'] })).toBe(true);
    expect(canReachAppointments({ roles: ['ROLE_APPOINTMENTS'] })).toBe(true);
    expect(canReachAppointments({ roles: ['ROLE_COMPANY_ADMIN'] })).toBe(true);
    expect(canReachAppointments({ roles: ['ROLE_USER', 'ROLE_INTERNAL_CHAT'] })).toBe(false);
  });

  it('opens the calendar on the day', () => {
    expect(calendarPathOf('2026-03-12')).toBe('/appointments?view=day&date=2026-03-12');
  });
});
