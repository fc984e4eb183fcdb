import type { TAppointment, TAppointmentCreate, TAppointmentListQuery, TAppointmentPatch, TAvailability, TAvailabilityQuery } from '@cd/contracts/appointment';
import { APPOINTMENT_WRONG_STATE, isAppointmentActive } from '@cd/contracts/appointment-constants';
import { localDayOf } from '@cd/contracts/survey-dates';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveReadableCompanyId, resolveRecordScope } from '../../tenant-scope';
import type { TCompanyRow } from '../companies/companies.api';
import { findCustomer } from '../customers/customers.api';
import { findUsersByIds } from '../users/users.api';
import { findVehiclesByIds } from '../vehicles/vehicles.api';
import { loadAppointmentsCompany, requireAppointmentsReader } from './appointments.access';
import { planAppointmentMessages, planAppointmentReminder } from './appointments.automation';
import { computeAvailability, loadSchedule, reserveTime, resolveServices } from './appointments-booking.service';
import { appointmentEvent, toAppointmentResource } from './appointments.presenter';
import * as repo from './appointments.repository';
import type { TAppointmentRow, TAppointmentView } from './appointments.schema';

/** Staff's side of appointments: the calendar's reads, booking, moving (docs/appointments.md). */

/** One customer's list: the upcoming ones and this many of the latest past ones. */
const CUSTOMER_LIST_LIMIT = 50;

/** A booking or a move may start this long ago at most (a walk-in written down as it begins), never earlier. */
const PAST_START_GRACE_MS = 15 * 60_000;

function refusePastStart(startsAt: Date, now: Date): void {
  if (startsAt.getTime() < now.getTime() - PAST_START_GRACE_MS)
    throw validationError([{ propertyPath: 'startsAt', message: 'An appointment cannot start in the past.' }]);
}

export async function viewOf(tx: TTx, opts: { companyId: number; id: number }): Promise<TAppointmentView> {
  const [view] = await repo.listAppointmentViews(tx, { companyId: opts.companyId, ids: [opts.id] });
  if (!view) throw new AppError('not_found', 'Appointment not found.');
  return view;
}

/** The company of a request, checked for access and the module. */
async function companyFor(tx: TTx, ctx: TRequestContext, companyId: number): Promise<TCompanyRow> {
  requireAppointmentsReader(ctx);
  return loadAppointmentsCompany(tx, companyId);
}

export async function listAppointments(opts: { ctx: TRequestContext; query: TAppointmentListQuery }): Promise<TAppointment[]> {
  const { ctx, query } = opts;
  const companyId = resolveReadableCompanyId({ ctx, requested: query.company });
  return runInScope(ctx.db, { companyId }, async (tx) => {
    await companyFor(tx, ctx, companyId);
    const filter: repo.TAppointmentFilter = {
      companyId,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      assigneeId: query.assignee === 'none' ? null : query.assignee,
      statuses: query.status,
      customerId: query.customer,
    };
    // A customer without a range: the latest first (the messenger's panel shows upcoming and recent ones).
    const ranged = query.from !== undefined;
    const views = await repo.listAppointmentViews(tx, ranged ? filter : { ...filter, limit: CUSTOMER_LIST_LIMIT }, ranged ? 'asc' : 'desc');
    return views.map(toAppointmentResource);
  });
}

export async function getAppointment(opts: { ctx: TRequestContext; id: number }): Promise<TAppointment> {
  const { ctx } = opts;
  const { scope, companyId } = resolveRecordScope({ ctx });
  return runInScope(ctx.db, scope, async (tx) => {
    const row =
      companyId === null ? await repo.lockAppointment(tx, { companyId: null, id: opts.id }) : await repo.findAppointment(tx, { companyId, id: opts.id });
    if (!row) throw new AppError('not_found', 'Appointment not found.');
    await companyFor(tx, ctx, row.companyId);
    return toAppointmentResource(await viewOf(tx, { companyId: row.companyId, id: row.id }));
  });
}

export async function getAvailability(opts: { ctx: TRequestContext; query: TAvailabilityQuery }): Promise<TAvailability> {
  const { ctx, query } = opts;
  const companyId = resolveReadableCompanyId({ ctx, requested: query.company });
  return runInScope(ctx.db, { companyId }, async (tx) => {
    const company = await companyFor(tx, ctx, companyId);
    return computeAvailability(tx, {
      company,
      serviceIds: query.services,
      from: query.from,
      to: query.to,
      now: new Date(),
      assigneeId: query.assignee,
      ignoreAppointmentId: query.ignore,
      includeAssignees: true,
    });
  });
}

/** The references of a booking, each of this company (422 on the field otherwise). */
async function checkReferences(tx: TTx, opts: { companyId: number; customerId: number; vehicleId?: number | null; assigneeId?: number | null }) {
  const customer = await findCustomer(tx, { companyId: opts.companyId, ownerId: null, id: opts.customerId });
  if (!customer) throw validationError([{ propertyPath: 'customer', message: 'Customer not found.' }]);
  if (opts.vehicleId) {
    const [vehicle] = await findVehiclesByIds(tx, { companyId: opts.companyId, ids: [opts.vehicleId] });
    if (!vehicle || vehicle.customerId !== opts.customerId)
      throw validationError([{ propertyPath: 'vehicle', message: 'This vehicle is not the customer’s.' }]);
  }
  if (opts.assigneeId) {
    const [user] = await findUsersByIds(tx, { companyId: opts.companyId, ids: [opts.assigneeId] });
    if (!user || !user.enabled) throw validationError([{ propertyPath: 'assignee', message: 'User not found.' }]);
  }
}

/** Reads the schedule of the appointment's day and takes its time (409 when it is not free). */
async function takeTime(tx: TTx, opts: { company: TCompanyRow; row: TAppointmentRow; serviceIds: number[]; assigneeId: number | null }) {
  const { company, row } = opts;
  const day = localDayOf({ instant: row.startsAt, timeZone: company.timezone });
  const now = new Date();
  const schedule = await loadSchedule(tx, { company, serviceIds: opts.serviceIds, from: day, to: day, now, ignoreAppointmentId: row.id });
  return reserveTime(tx, {
    now,
    company,
    schedule,
    start: row.startsAt.getTime(),
    end: row.endsAt.getTime(),
    assigneeId: opts.assigneeId,
    owner: { appointmentId: row.id },
  });
}

export async function createAppointment(opts: { ctx: TRequestContext; body: TAppointmentCreate }): Promise<TAppointment> {
  const { ctx, body } = opts;
  const companyId = resolveReadableCompanyId({ ctx, requested: body.company });
  return runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const company = await companyFor(tx, ctx, companyId);
      await checkReferences(tx, { companyId, customerId: body.customer, vehicleId: body.vehicle, assigneeId: body.assignee });
      const { services, durationMinutes } = await resolveServices(tx, { companyId, serviceIds: body.services });
      const startsAt = new Date(body.startsAt);
      refusePastStart(startsAt, new Date());
      const endsAt = body.endsAt ? new Date(body.endsAt) : new Date(startsAt.getTime() + durationMinutes * 60_000);
      const inserted = await repo.insertAppointment(tx, {
        companyId,
        services,
        values: {
          customerId: body.customer,
          vehicleId: body.vehicle ?? null,
          assigneeId: null,
          startsAt,
          endsAt,
          notes: body.notes ?? '',
          status: body.status ?? 'confirmed',
          source: 'staff',
        },
      });
      const { assigneeId } = await takeTime(tx, { company, row: inserted, serviceIds: body.services, assigneeId: body.assignee ?? null });
      const row = await repo.updateAppointment(tx, { companyId, id: inserted.id, values: { assigneeId } });
      await planAppointmentMessages(tx, { company, appointment: row, statusChanged: true });
      const view = await viewOf(tx, { companyId, id: row.id });
      emit([appointmentEvent(view, 'created')]);
      return toAppointmentResource(view);
    },
  });
}

/**
 * Move, resize, reassign or edit. Only an active appointment moves; its time is given back and taken again in the
 * same transaction, so it may move onto part of its own old time, and the reminder follows the new start.
 */
export async function changeAppointment(opts: { ctx: TRequestContext; id: number; body: TAppointmentPatch }): Promise<TAppointment> {
  const { ctx, body } = opts;
  const { scope, companyId: scoped } = resolveRecordScope({ ctx });
  return runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const current = await repo.lockAppointment(tx, { companyId: scoped, id: opts.id });
      if (!current) throw new AppError('not_found', 'Appointment not found.');
      const companyId = current.companyId;
      const company = await companyFor(tx, ctx, companyId);
      const changes = (Object.keys(body) as (keyof TAppointmentPatch)[]).filter((k) => body[k] !== undefined);
      if (changes.length === 0) return toAppointmentResource(await viewOf(tx, { companyId, id: current.id }));
      if (!isAppointmentActive(current.status)) throw new AppError('conflict', APPOINTMENT_WRONG_STATE);
      await checkReferences(tx, { companyId, customerId: current.customerId, vehicleId: body.vehicle, assigneeId: body.assignee });

      const before = await viewOf(tx, { companyId, id: current.id });
      const serviceIds = body.services ?? before.services.map((s) => s.id);
      const resolved = body.services ? await resolveServices(tx, { companyId, serviceIds }) : null;
      const startsAt = body.startsAt ? new Date(body.startsAt) : current.startsAt;
      if (startsAt.getTime() !== current.startsAt.getTime()) refusePastStart(startsAt, new Date());
      // A move keeps the length; new services or an explicit end decide a new one.
      const length = resolved ? resolved.durationMinutes * 60_000 : current.endsAt.getTime() - current.startsAt.getTime();
      const endsAt = body.endsAt ? new Date(body.endsAt) : new Date(startsAt.getTime() + length);
      if (endsAt.getTime() <= startsAt.getTime()) throw validationError([{ propertyPath: 'endsAt', message: 'End cannot be before start.' }]);
      const assigneeId = body.assignee !== undefined ? body.assignee : current.assigneeId;

      if (resolved) await repo.replaceServices(tx, { companyId, appointmentId: current.id, services: resolved.services });
      await repo.releaseAppointmentTime(tx, { companyId, appointmentId: current.id });
      const moved = await repo.updateAppointment(tx, {
        companyId,
        id: current.id,
        values: { startsAt, endsAt, vehicleId: body.vehicle !== undefined ? body.vehicle : current.vehicleId, notes: body.notes ?? current.notes },
      });
      const taken = await takeTime(tx, { company, row: moved, serviceIds, assigneeId });
      const row = await repo.updateAppointment(tx, { companyId, id: current.id, values: { assigneeId: taken.assigneeId } });
      if (row.startsAt.getTime() !== current.startsAt.getTime()) await planAppointmentReminder(tx, { company, appointment: row });
      const view = await viewOf(tx, { companyId, id: row.id });
      emit([appointmentEvent(view, 'updated', changes)]);
      return toAppointmentResource(view);
    },
  });
}
