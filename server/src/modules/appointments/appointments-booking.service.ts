import { randomBytes } from 'node:crypto';
import type { TAvailability, TBookingHold } from '@cd/contracts/appointment';
import {
  DEFAULT_GRANULARITY_MINUTES,
  DEFAULT_SAFE_ZONE_MINUTES,
  HOLD_MINUTES,
  NO_WORKING_DAYS,
  NOT_ACCEPTING_APPOINTMENTS,
  SLOT_NOT_AVAILABLE,
} from '@cd/contracts/appointment-constants';
import type { TAppointmentsSettings } from '@cd/contracts/company';
import { localDayOf } from '@cd/contracts/survey-dates';
import type { TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import type { TCompanyRow } from '../companies/companies.api';
import * as repo from './appointments.repository';
import {
  COMPANY_SUBJECT,
  computeSlots,
  freeForTime,
  hasWorkingDays,
  unitSubject,
  userSubject,
  type TCompanyWeek,
  type TFreeTime,
  type TSchedule,
} from './availability';

/**
 * Availability and atomic booking (issue 16). The schedule is read in a fixed number of statements; the free times
 * are computed in memory (availability.ts); the database's exclusion constraint on appointment_reservations has the
 * last word, so two bookings racing for the last slot cannot both commit (docs/appointments.md).
 */

const DAY_MS = 86_400_000;

export function appointmentsSettingsOf(company: Pick<TCompanyRow, 'appointmentsSettings'>): TAppointmentsSettings {
  return (company.appointmentsSettings ?? {}) as TAppointmentsSettings;
}

export function companyWeekOf(company: Pick<TCompanyRow, 'hours'>): TCompanyWeek {
  return (company.hours ?? {}) as TCompanyWeek;
}

/** Minutes between slot starts and the minimum notice, with the spec's defaults for empty settings. */
export function bookingStepsOf(company: Pick<TCompanyRow, 'appointmentsSettings'>): { granularity: number; safeZone: number } {
  const s = appointmentsSettingsOf(company);
  return { granularity: s.granularity ?? DEFAULT_GRANULARITY_MINUTES, safeZone: s.safeZone ?? DEFAULT_SAFE_ZONE_MINUTES };
}

/** The chosen services, each of the company (422 on `services` otherwise), and their total duration. */
export async function resolveServices(tx: TTx, opts: { companyId: number; serviceIds: readonly number[] }) {
  const services = await repo.findServices(tx, { companyId: opts.companyId, ids: opts.serviceIds });
  if (services.length !== opts.serviceIds.length) throw validationError([{ propertyPath: 'services', message: 'Service not found.' }]);
  return { services, durationMinutes: services.reduce((sum, s) => sum + s.durationMinutes, 0) };
}

/** Everything that decides free times between two days (with a day's margin for time zones). */
export async function loadSchedule(
  tx: TTx,
  opts: { company: TCompanyRow; serviceIds: readonly number[]; from: string; to: string; now: Date; ignoreAppointmentId?: number },
): Promise<TSchedule> {
  const { company } = opts;
  const fromInstant = new Date(Date.parse(`${opts.from}T00:00:00Z`) - DAY_MS);
  const toInstant = new Date(Date.parse(`${opts.to}T00:00:00Z`) + 2 * DAY_MS);
  const [shifts, vacations, busy, resources] = [
    await repo.listShifts(tx, { companyId: company.id }),
    await repo.listVacationDays(tx, { companyId: company.id, from: opts.from, to: opts.to }),
    await repo.listBusy(tx, { companyId: company.id, from: fromInstant, to: toInstant, now: opts.now, ignoreAppointmentId: opts.ignoreAppointmentId }),
    await repo.listNeededResources(tx, { companyId: company.id, serviceIds: opts.serviceIds }),
  ];
  return { timeZone: company.timezone, hours: companyWeekOf(company), shifts, vacations, busy, resources };
}

/**
 * Free slots for a service set over days `from`..`to` (company calendar). Staff see who is free in each slot; the
 * public page only how many fit. `reason` says why there can be none at all.
 */
export async function computeAvailability(
  tx: TTx,
  opts: {
    company: TCompanyRow;
    serviceIds: number[];
    from: string;
    to: string;
    now: Date;
    assigneeId?: number;
    ignoreAppointmentId?: number;
    includeAssignees: boolean;
    /** Staff may book while the company does not take new appointments from customers. */
    forCustomers?: boolean;
  },
): Promise<TAvailability> {
  const { company } = opts;
  const { durationMinutes } = await resolveServices(tx, { companyId: company.id, serviceIds: opts.serviceIds });
  const { granularity, safeZone } = bookingStepsOf(company);
  const base = { timezone: company.timezone, granularity, duration: durationMinutes };
  if (!hasWorkingDays(companyWeekOf(company))) return { ...base, days: [], reason: NO_WORKING_DAYS };
  if (opts.forCustomers && appointmentsSettingsOf(company).acceptNewAppointments === false) return { ...base, days: [], reason: NOT_ACCEPTING_APPOINTMENTS };
  const schedule = await loadSchedule(tx, { ...opts, serviceIds: opts.serviceIds });
  const days = computeSlots({
    schedule,
    from: opts.from,
    to: opts.to,
    durationMinutes,
    granularity,
    safeZoneMinutes: safeZone,
    now: opts.now,
    assigneeId: opts.assigneeId,
  });
  return {
    ...base,
    reason: null,
    days: days.map((d) => ({
      date: d.date,
      slots: d.slots.map((s) => ({
        startsAt: new Date(s.start).toISOString(),
        endsAt: new Date(s.end).toISOString(),
        capacity: s.capacity,
        ...(opts.includeAssignees ? { assignees: s.assignees.map((id) => `/api/users/${id}`) } : {}),
      })),
    })),
  };
}

type TOwner = { appointmentId: number } | { holdId: number };

/**
 * Takes [start, end) for an owner: an assignee (the one asked for, or the first free one), and one unit of each
 * resource the services need — each through the exclusion constraint, so a concurrent booking that got there first
 * makes this one try the next candidate, and none left answers 409. Throwing rolls the caller's transaction back.
 */
export async function reserveTime(
  tx: TTx,
  opts: { company: TCompanyRow; schedule: TSchedule; start: number; end: number; assigneeId?: number | null; owner: TOwner; now: Date },
): Promise<{ assigneeId: number | null }> {
  const { company, schedule } = opts;
  const day = localDayOf({ instant: new Date(opts.start), timeZone: company.timezone });
  const free: TFreeTime | null = freeForTime({ schedule, day, start: opts.start, end: opts.end, assigneeId: opts.assigneeId ?? undefined });
  if (!free) throw new AppError('conflict', SLOT_NOT_AVAILABLE);
  // An expired hold no longer counts as busy, but its rows would still trip the exclusion constraint.
  await repo.deleteExpiredHolds(tx, { companyId: company.id, now: opts.now });
  const reserve = (subject: string) => repo.tryReserve(tx, { companyId: company.id, owner: opts.owner, subject, start: opts.start, end: opts.end });

  let assigneeId: number | null = null;
  if (schedule.shifts.size === 0) {
    // A named assignee still takes the company's one line when the company keeps no shifts.
    if (!(await reserve(COMPANY_SUBJECT))) throw new AppError('conflict', SLOT_NOT_AVAILABLE);
    assigneeId = opts.assigneeId ?? null;
    if (assigneeId !== null && !(await reserve(userSubject(assigneeId)))) throw new AppError('conflict', SLOT_NOT_AVAILABLE);
  } else {
    for (const candidate of free.assignees) {
      if (await reserve(userSubject(candidate))) {
        assigneeId = candidate;
        break;
      }
    }
    if (assigneeId === null) throw new AppError('conflict', SLOT_NOT_AVAILABLE);
  }
  for (const r of schedule.resources) {
    let got = false;
    for (const unit of free.units.get(r.id) ?? []) {
      if (await reserve(unitSubject(r.id, unit))) {
        got = true;
        break;
      }
    }
    if (!got) throw new AppError('conflict', SLOT_NOT_AVAILABLE);
  }
  return { assigneeId };
}

/**
 * The booking page holds a listed slot for HOLD_MINUTES while the customer confirms: the time is reserved at once
 * (a second customer no longer sees it) and given back when the hold expires or is released.
 */
export async function holdSlot(tx: TTx, opts: { company: TCompanyRow; serviceIds: number[]; startsAt: Date; now: Date }): Promise<TBookingHold> {
  const { company, now } = opts;
  if (appointmentsSettingsOf(company).acceptNewAppointments === false) throw new AppError('conflict', NOT_ACCEPTING_APPOINTMENTS);
  const { durationMinutes } = await resolveServices(tx, { companyId: company.id, serviceIds: opts.serviceIds });
  const day = localDayOf({ instant: opts.startsAt, timeZone: company.timezone });
  const schedule = await loadSchedule(tx, { company, serviceIds: opts.serviceIds, from: day, to: day, now });
  const { granularity, safeZone } = bookingStepsOf(company);
  // Only a time the page listed: on the company's steps, after the safe zone, free.
  const [listed] = computeSlots({ schedule, from: day, to: day, durationMinutes, granularity, safeZoneMinutes: safeZone, now });
  const slot = listed?.slots.find((s) => s.start === opts.startsAt.getTime());
  if (!slot) throw new AppError('conflict', SLOT_NOT_AVAILABLE);
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const hold = await repo.insertHold(tx, {
    companyId: company.id,
    token: randomBytes(18).toString('base64url'),
    serviceIds: opts.serviceIds,
    startsAt: new Date(slot.start),
    endsAt: new Date(slot.end),
    expiresAt,
  });
  await reserveTime(tx, { company, schedule, start: slot.start, end: slot.end, owner: { holdId: hold.id }, now });
  return { token: hold.token, startsAt: hold.startsAt.toISOString(), endsAt: hold.endsAt.toISOString(), expiresAt: expiresAt.toISOString() };
}

export async function releaseHold(tx: TTx, opts: { companyId: number; token: string }): Promise<void> {
  await repo.deleteHold(tx, opts);
}
