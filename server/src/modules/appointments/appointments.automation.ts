import { computeAppointmentReminderDueAt, DEFAULT_REMINDER_DAYS_BEFORE, formatAppointmentTime } from '@cd/contracts/appointment-constants';
import type { TAppointmentStatus } from '@cd/contracts/appointment-constants';
import type { TAutomatedMessageKind } from '@cd/contracts/automated-message';
import type { TTx } from '../../db/client';
import { cancelAutomatedMessages, planAutomatedMessage, replanAutomatedMessage, type TAutomationSource } from '../automations/automations.api';
import { findCompany, type TCompanyRow } from '../companies/companies.api';
import { appointmentsSettingsOf } from './appointments-booking.service';
import * as repo from './appointments.repository';
import type { TAppointmentRow } from './appointments.schema';

/**
 * The appointment's texts through the engine (ARCHITECTURE §6), each once per appointment (spec part 2 §4):
 * request (when it is asked for), confirmation, denial, cancellation — planned now, when the status is reached —
 * and the reminder, planned when confirmed and moved with the time. A text the company left empty is not planned.
 */
const KIND_OF_STATUS: Partial<Record<TAppointmentStatus, { kind: TAutomatedMessageKind; text: keyof ReturnType<typeof appointmentsSettingsOf> }>> = {
  requested: { kind: 'appointment_request', text: 'requestText' },
  confirmed: { kind: 'appointment_confirmation', text: 'confirmationText' },
  denied: { kind: 'appointment_denial', text: 'denialText' },
  canceled: { kind: 'appointment_cancellation', text: 'cancellationText' },
};

/** Which status each kind still needs when it comes due (a confirmation held by quiet hours is dropped if canceled). */
const STATUS_OF_KIND: Partial<Record<TAutomatedMessageKind, TAppointmentStatus>> = {
  appointment_request: 'requested',
  appointment_confirmation: 'confirmed',
  appointment_denial: 'denied',
  appointment_cancellation: 'canceled',
  appointment_reminder: 'confirmed',
};

const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** The text of the status just reached, and the reminder (planned, moved or cancelled to match). */
export async function planAppointmentMessages(tx: TTx, opts: { company: TCompanyRow; appointment: TAppointmentRow; statusChanged: boolean }): Promise<void> {
  const { company, appointment: a } = opts;
  const settings = appointmentsSettingsOf(company);
  const forStatus = KIND_OF_STATUS[a.status];
  if (opts.statusChanged && forStatus && hasText(settings[forStatus.text]))
    await planAutomatedMessage(tx, { companyId: a.companyId, customerId: a.customerId, kind: forStatus.kind, entityId: a.id });
  await planAppointmentReminder(tx, opts);
}

export async function planAppointmentReminder(tx: TTx, opts: { company: TCompanyRow; appointment: TAppointmentRow; now?: Date }): Promise<void> {
  const { company, appointment: a } = opts;
  const settings = appointmentsSettingsOf(company);
  const due =
    a.status === 'confirmed' && settings.sendReminder && hasText(settings.reminderText)
      ? computeAppointmentReminderDueAt({
          startsAt: a.startsAt,
          daysBefore: settings.daysBefore ?? DEFAULT_REMINDER_DAYS_BEFORE,
          timeZone: company.timezone,
          now: opts.now ?? new Date(),
        })
      : null;
  if (due === null) {
    await cancelAutomatedMessages(tx, { companyId: a.companyId, entity: 'appointment', entityId: a.id, kinds: ['appointment_reminder'] });
    return;
  }
  await replanAutomatedMessage(tx, { companyId: a.companyId, customerId: a.customerId, kind: 'appointment_reminder', entityId: a.id, dueAt: due });
}

/**
 * The engine's question when an appointment's text comes due: still in the status the text is about (a reminder
 * also only while the start is ahead), and `{appointment_time}` in the company's time zone and language.
 */
export const appointmentAutomationSource: TAutomationSource = async (tx, opts) => {
  const a = await repo.findAppointment(tx, { companyId: opts.companyId, id: opts.entityId });
  if (!a) return { due: false };
  if (STATUS_OF_KIND[opts.kind] !== a.status) return { due: false };
  if (opts.kind === 'appointment_reminder' && a.startsAt.getTime() <= Date.now()) return { due: false };
  const company = await findCompany(tx, opts.companyId);
  if (!company) return { due: false };
  return { due: true, values: { appointmentTime: formatAppointmentTime({ startsAt: a.startsAt, timeZone: company.timezone, language: company.language }) } };
};
