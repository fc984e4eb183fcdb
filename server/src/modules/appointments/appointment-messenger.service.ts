import type { TAppointment, TSendBookingLinkResult } from '@cd/contracts/appointment';
import {
  APPOINTMENT_WRONG_STATE,
  BOOKING_LINK_RECENTLY_SENT,
  CUSTOMER_OPTED_OUT,
  NO_UPCOMING_APPOINTMENT,
  NO_WORKING_DAYS,
  NOT_ACCEPTING_APPOINTMENTS,
  REMINDER_NOT_CONFIGURED,
} from '@cd/contracts/appointment-constants';
import { customerLinkUrl } from '@cd/contracts/customer-link';
import type { TRequestContext } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { planAutomatedMessage, replanAutomatedMessage } from '../automations/automations.api';
import type { TCompanyRow } from '../companies/companies.api';
import { createCustomerLink, toCustomerLinkResource } from '../customer-links/customer-links.api';
import { customerEvent, findCustomer, lockCustomers, updateCustomer, type TCustomerRow } from '../customers/customers.api';
import { customerScopeOf } from '../customers/customers.service';
import { lastMessageOf, messageEvent, queueSystemMessage, resolveChannel } from '../messages/messages.api';
import { loadAppointmentsCompany, requireAppointmentsReader } from './appointments.access';
import { appointmentsSettingsOf, companyWeekOf } from './appointments-booking.service';
import { toAppointmentResource } from './appointments.presenter';
import * as repo from './appointments.repository';
import { viewOf } from './appointments.service';
import { hasWorkingDays } from './availability';
import { hasBookingLinkSince } from './public-booking.repository';

/**
 * The messenger's appointment buttons (spec part 1 §7): send the customer's reminder now, and send a booking link.
 * Who may: the appointments area's readers (company admins, the appointments and communication roles; others 403),
 * for a customer they see in the messenger (company admins all, others the customers they own; others 404).
 */

/** A second "send booking link" within this time is a double tap: 409, not a second text. */
export const BOOKING_LINK_RESEND_SECONDS = 60;

/**
 * The text carrying a booking link, in the company's language. No company setting holds such a text (the
 * appointment texts are each about one appointment's status), so the product's own wording is used.
 */
export const BOOKING_LINK_TEXTS: Readonly<Record<string, (o: { company: string; url: string }) => string>> = {
  en: (o) => `${o.company}: choose a time for your appointment here: ${o.url}`,
  bs: (o) => `${o.company}: odaberite termin za svoj dolazak ovdje: ${o.url}`,
  hr: (o) => `${o.company}: odaberite termin svog dolaska ovdje: ${o.url}`,
  sr: (o) => `${o.company}: izaberite termin za svoj dolazak ovde: ${o.url}`,
};

export function bookingLinkTextOf(opts: { company: Pick<TCompanyRow, 'name' | 'language'>; url: string }): string {
  const text = BOOKING_LINK_TEXTS[opts.company.language] ?? BOOKING_LINK_TEXTS.en!;
  return text({ company: opts.company.name, url: opts.url });
}

const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** The company (module on) and the customer as the actor sees it in the messenger; opted-out customers are refused. */
async function loadReachable(tx: TTx, ctx: TRequestContext, customerId: number): Promise<{ company: TCompanyRow; customer: TCustomerRow }> {
  const scope = customerScopeOf(ctx);
  const company = await loadAppointmentsCompany(tx, scope.companyId);
  const customer = await findCustomer(tx, { ...scope, id: customerId });
  if (!customer) throw new AppError('not_found', 'Customer not found.');
  if (customer.optOut) throw new AppError('conflict', CUSTOMER_OPTED_OUT);
  return { company, customer };
}

/**
 * Sends the reminder of the customer's next confirmed appointment now, through the engine under its once-only key
 * (`appointment:{id}:appointment_reminder`): not planned yet → planned now; waiting for its time → moved to now;
 * already sent, already on its way, or final → 409. The appointment row is locked, so parallel clicks run one after
 * the other and the later ones find the reminder on its way. The engine still checks consent, safe mode and quiet
 * hours when it sends.
 */
export async function sendAppointmentReminder(opts: { ctx: TRequestContext; customerId: number }): Promise<TAppointment> {
  const { ctx } = opts;
  requireAppointmentsReader(ctx);
  const companyId = customerScopeOf(ctx).companyId;
  const result = await runInScope(ctx.db, { companyId }, async (tx) => {
    const { company, customer } = await loadReachable(tx, ctx, opts.customerId);
    if (!hasText(appointmentsSettingsOf(company).reminderText)) throw new AppError('conflict', REMINDER_NOT_CONFIGURED);
    const now = new Date();
    const next = await repo.findNextConfirmedAppointment(tx, { companyId, customerId: customer.id, now });
    const locked = next ? await repo.lockAppointment(tx, { companyId, id: next.id }) : undefined;
    // Re-read under the lock: a cancel or a move that committed while this click waited wins.
    if (!locked || locked.status !== 'confirmed' || locked.startsAt.getTime() <= now.getTime()) throw new AppError('conflict', NO_UPCOMING_APPOINTMENT);
    // The clock is read after the lock: a click that waited for another sees that one's "now" as already past.
    const at = new Date();
    const key = { companyId, customerId: customer.id, kind: 'appointment_reminder' as const, entityId: locked.id };
    const planned = await planAutomatedMessage(tx, { ...key, dueAt: at });
    if (!planned.created) {
      const { state, dueAt } = planned.row;
      const waiting =
        state === 'held_quiet_hours' || state === 'held_safe_mode' || state === 'failed' || (state === 'planned' && dueAt.getTime() > at.getTime());
      if (!waiting) throw new AppError('conflict', APPOINTMENT_WRONG_STATE);
      await replanAutomatedMessage(tx, { ...key, dueAt: at });
    }
    return toAppointmentResource(await viewOf(tx, { companyId, id: locked.id }));
  });
  ctx.jobs.wake();
  return result;
}

/**
 * Makes a booking link (purpose booking, the customer's, 30 days) and texts it to the customer in the company's
 * language, in one transaction: the link exists exactly when the text that carries it does. The customer is locked,
 * so a double tap makes one link and one text (the second answers 409 for BOOKING_LINK_RESEND_SECONDS). A company
 * whose page would say "not accepting" or has no working day gets no link sent (409 with that reason).
 */
export async function sendBookingLink(opts: { ctx: TRequestContext; customerId: number }): Promise<TSendBookingLinkResult> {
  const { ctx } = opts;
  requireAppointmentsReader(ctx);
  const companyId = customerScopeOf(ctx).companyId;
  const result = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const found = await loadReachable(tx, ctx, opts.customerId);
      await lockCustomers(tx, { companyId, ids: [found.customer.id] });
      // Again under the lock: a STOP that arrived meanwhile is respected.
      const { company, customer } = await loadReachable(tx, ctx, opts.customerId);
      if (!hasWorkingDays(companyWeekOf(company))) throw new AppError('conflict', NO_WORKING_DAYS);
      if (appointmentsSettingsOf(company).acceptNewAppointments === false) throw new AppError('conflict', NOT_ACCEPTING_APPOINTMENTS);
      const now = new Date();
      const since = new Date(now.getTime() - BOOKING_LINK_RESEND_SECONDS * 1000);
      if (await hasBookingLinkSince(tx, { companyId, customerId: customer.id, since })) throw new AppError('conflict', BOOKING_LINK_RECENTLY_SENT);
      const channel = resolveChannel(ctx, company, customer);
      const link = await createCustomerLink(tx, { companyId, customerId: customer.id, purpose: 'booking', entity: 'customer', entityId: customer.id, now });
      const content = bookingLinkTextOf({ company, url: customerLinkUrl({ publicUrl: ctx.config.publicUrl, code: link.code }) });
      const message = await queueSystemMessage(tx, ctx, { company, customer, channel, content, type: 'STANDARD' });
      const bumped = (await updateCustomer(tx, { companyId, id: customer.id, values: { bumpedAt: now, lastMessage: lastMessageOf(message, false) } }))!;
      emit([messageEvent(ctx, bumped, message, 'created'), customerEvent(bumped, 'updated', { changes: ['bumpedAt', 'lastMessage'] })]);
      return {
        link: toCustomerLinkResource(link, { publicUrl: ctx.config.publicUrl, now }),
        messageId: message.id,
        messageStatus: message.status as TSendBookingLinkResult['messageStatus'],
      };
    },
  });
  ctx.jobs.wake();
  return result;
}
