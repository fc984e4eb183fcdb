import type { TAppointment } from '@cd/contracts/appointment';
import {
  APPOINTMENT_TRANSITIONS,
  APPOINTMENT_WRONG_STATE,
  HOLD_EXPIRED,
  isAppointmentActive,
  type TAppointmentAction,
} from '@cd/contracts/appointment-constants';
import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { resolveRecordScope } from '../../tenant-scope';
import type { TCompanyRow } from '../companies/companies.api';
import { loadAppointmentsCompany, requireAppointmentsReader } from './appointments.access';
import { planAppointmentMessages } from './appointments.automation';
import { resolveServices } from './appointments-booking.service';
import { appointmentEvent, toAppointmentResource } from './appointments.presenter';
import * as repo from './appointments.repository';
import { viewOf } from './appointments.service';

/**
 * Confirm, deny, cancel, complete, mark missed (spec part 2 §4). The row is locked, so two clicks (or two advisors)
 * run one after the other and the second finds the status moved on: 409 with the spec's message, and the engine's
 * once-only key keeps each text to one send whatever happens.
 */
export async function runAppointmentAction(opts: { ctx: TRequestContext; id: number; action: TAppointmentAction }): Promise<TAppointment> {
  const { ctx } = opts;
  requireAppointmentsReader(ctx);
  const { scope, companyId } = resolveRecordScope({ ctx });
  return runWithLiveEvents({
    deps: ctx,
    scope,
    fn: async (tx, emit) => {
      const current = await repo.lockAppointment(tx, { companyId, id: opts.id });
      if (!current) throw new AppError('not_found', 'Appointment not found.');
      const company = await loadAppointmentsCompany(tx, current.companyId);
      const t = APPOINTMENT_TRANSITIONS[opts.action];
      if (!t.from.includes(current.status)) throw new AppError('conflict', APPOINTMENT_WRONG_STATE);
      const row = await repo.setStatus(tx, { companyId: current.companyId, id: current.id, status: t.to });
      // Only requested and confirmed appointments hold their assignee, bays and loaners.
      if (!isAppointmentActive(t.to)) await repo.releaseAppointmentTime(tx, { companyId: row.companyId, appointmentId: row.id });
      await planAppointmentMessages(tx, { company, appointment: row, statusChanged: true });
      const view = await viewOf(tx, { companyId: row.companyId, id: row.id });
      emit([appointmentEvent(view, 'updated', ['status'])]);
      return toAppointmentResource(view);
    },
  });
}

/**
 * The customer confirms a held slot on the booking page: a requested appointment (source customer) takes over the
 * hold's reservations in the same transaction, and the request text is planned. A hold that expired (or was
 * already booked by a double submit) answers 409 HOLD_EXPIRED.
 */
export async function bookHeldSlot(
  tx: TTx,
  opts: { company: TCompanyRow; token: string; customerId: number; notes: string; now: Date; emit: (events: TLiveEventInput[]) => void },
): Promise<TAppointment> {
  const { company } = opts;
  const hold = await repo.lockLiveHold(tx, { companyId: company.id, token: opts.token, now: opts.now });
  if (!hold) throw new AppError('conflict', HOLD_EXPIRED);
  const { services } = await resolveServices(tx, { companyId: company.id, serviceIds: hold.serviceIds });
  const inserted = await repo.insertAppointment(tx, {
    companyId: company.id,
    services,
    values: {
      customerId: opts.customerId,
      vehicleId: null,
      assigneeId: null,
      startsAt: hold.startsAt,
      endsAt: hold.endsAt,
      notes: opts.notes,
      status: 'requested',
      source: 'customer',
    },
  });
  await repo.convertHold(tx, { companyId: company.id, holdId: hold.id, appointmentId: inserted.id });
  const assigneeId = await repo.assigneeOfReservations(tx, { companyId: company.id, appointmentId: inserted.id });
  const row = assigneeId === null ? inserted : await repo.updateAppointment(tx, { companyId: company.id, id: inserted.id, values: { assigneeId } });
  await planAppointmentMessages(tx, { company, appointment: row, statusChanged: true });
  const view = await viewOf(tx, { companyId: company.id, id: row.id });
  opts.emit([appointmentEvent(view, 'created')]);
  return toAppointmentResource(view);
}
