import type {
  TAvailability,
  TBookingHold,
  TBookingHoldCreate,
  TPublicAvailabilityQuery,
  TPublicBookingCreate,
  TPublicBookingPage,
  TPublicBookingResult,
} from '@cd/contracts/appointment';
import { HOLD_EXPIRED, NO_WORKING_DAYS, NOT_ACCEPTING_APPOINTMENTS, SLOT_NOT_AVAILABLE } from '@cd/contracts/appointment-constants';
import { customerLinkStateOf, LINK_EXPIRED, LINK_NOT_FOUND, type TPublicBookingLinkPage } from '@cd/contracts/customer-link';
import { localDayOf } from '@cd/contracts/survey-dates';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { retryOnceOnUniqueViolation } from '../../lib/db-errors';
import { AppError, validationError } from '../../lib/errors';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany, findCompanyBySlug, type TCompanyRow } from '../companies/companies.api';
import { brandOfCompany, findLinkByCode, type TLinkPage } from '../customer-links/customer-links.api';
import { customerEvent, findCustomer, insertConsentEvent, recordCustomerOptIn, updateCustomer, type TCustomerRow } from '../customers/customers.api';
import { bookHeldSlot } from './appointment-actions.service';
import {
  appointmentsSettingsOf,
  bookingStepsOf,
  companyWeekOf,
  computeAvailability,
  holdSlot,
  releaseHold,
  resolveServices,
} from './appointments-booking.service';
import * as repo from './appointments.repository';
import { hasWorkingDays } from './availability';
import { listBookableServices } from './public-booking.repository';

/**
 * The customer's own booking page (`/book/{slug}`, no sign-in; docs/api-public-booking.md): the company's services,
 * free times without who is free, holding a slot while the customer confirms, and the requested appointment that
 * appears live in the staff calendar. Rate limits and the live-hold cap are the routes' (public-booking.limits.ts).
 */

type TDeps = TAppDeps;

/** The furthest day a customer may book: this many days after today (company calendar). No setting holds one yet. */
export const PUBLIC_BOOKING_HORIZON_DAYS = 60;
/** consent_events.source of the consent given on the booking page. */
export const BOOKING_CONSENT_SOURCE = 'booking_page';

const NOT_FOUND = 'This page does not exist.';
const DAY_MS = 86_400_000;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The company of a slug, across companies (system scope: the visitor is anonymous); everything after runs in its own
 * scope. Unknown, disabled and without the appointments module all answer the same 404.
 */
async function loadBookingCompany(deps: Pick<TDeps, 'db'>, slug: string): Promise<TCompanyRow> {
  const company = await runInScope(deps.db, { companyId: null, system: true }, (tx) => findCompanyBySlug(tx, slug));
  if (!company || !company.enabled || !company.modules?.appointments) throw new AppError('not_found', NOT_FOUND);
  return company;
}

/** Today and the last bookable day, in the company's calendar. */
function horizonOf(company: TCompanyRow, now: Date): { today: string; last: string } {
  const today = localDayOf({ instant: now, timeZone: company.timezone });
  return { today, last: addDays(today, PUBLIC_BOOKING_HORIZON_DAYS) };
}

function reasonOf(company: TCompanyRow): TPublicBookingPage['reason'] {
  if (!hasWorkingDays(companyWeekOf(company))) return NO_WORKING_DAYS;
  if (appointmentsSettingsOf(company).acceptNewAppointments === false) return NOT_ACCEPTING_APPOINTMENTS;
  return null;
}

/** How the page greets the customer of a booking link: the first name only (a forwarded link shows no more). */
function greetingOf(customer: TCustomerRow): string {
  const first = customer.firstName.trim();
  return first.toUpperCase() === 'UNKNOWN' ? '' : first;
}

/**
 * The customer a booking link was sent to. Only a booking link of this company that still works: a code of another
 * company is not found (row-level security hides it, and the company is compared again), an expired or revoked one
 * answers 410 like the link pages.
 */
async function customerOfLink(tx: TTx, opts: { company: TCompanyRow; code: string; now: Date }): Promise<TCustomerRow> {
  const link = await findLinkByCode(tx, opts.code);
  if (!link || link.companyId !== opts.company.id || link.purpose !== 'booking' || link.entity !== 'customer') throw new AppError('not_found', LINK_NOT_FOUND);
  if (customerLinkStateOf({ expiresAt: link.expiresAt, revokedAt: link.revokedAt, now: opts.now }) !== 'active') throw new AppError('gone', LINK_EXPIRED);
  const customer = await findCustomer(tx, { companyId: opts.company.id, ownerId: null, id: link.entityId });
  if (!customer) throw new AppError('not_found', LINK_NOT_FOUND);
  return customer;
}

export async function getBookingPage(opts: { deps: TDeps; slug: string; link?: string }): Promise<TPublicBookingPage> {
  const { deps } = opts;
  const company = await loadBookingCompany(deps, opts.slug);
  return runInScope(deps.db, { companyId: company.id }, async (tx) => {
    const customer = opts.link ? await customerOfLink(tx, { company, code: opts.link, now: new Date() }) : null;
    const services = await listBookableServices(tx, { companyId: company.id });
    return {
      company: await brandOfCompany(tx, { deps, company }),
      slug: company.slug,
      timezone: company.timezone,
      granularity: bookingStepsOf(company).granularity,
      horizonDays: PUBLIC_BOOKING_HORIZON_DAYS,
      services: services.map((s) => ({ id: s.id, title: s.title, description: s.description, duration: s.durationMinutes, price: s.priceCents })),
      reason: reasonOf(company),
      customer: customer ? { name: greetingOf(customer) } : null,
    };
  });
}

/**
 * Free times for the page: how many fit at each time, never who is free. Days outside today..horizon are cut off (a
 * month view asking for last week or next quarter gets the part it may book).
 */
export async function getPublicAvailability(opts: { deps: TDeps; slug: string; query: TPublicAvailabilityQuery }): Promise<TAvailability> {
  const { deps, query } = opts;
  const company = await loadBookingCompany(deps, opts.slug);
  const now = new Date();
  const { today, last } = horizonOf(company, now);
  const from = query.from < today ? today : query.from;
  const to = query.to > last ? last : query.to;
  return runInScope(deps.db, { companyId: company.id }, async (tx) => {
    if (from > to) {
      const { durationMinutes } = await resolveServices(tx, { companyId: company.id, serviceIds: query.services });
      return { timezone: company.timezone, granularity: bookingStepsOf(company).granularity, duration: durationMinutes, days: [], reason: reasonOf(company) };
    }
    return computeAvailability(tx, { company, serviceIds: query.services, from, to, now, includeAssignees: false, forCustomers: true });
  });
}

const noRepeats = (ids: readonly number[]) => {
  if (new Set(ids).size !== ids.length) throw validationError([{ propertyPath: 'services', message: 'A service is listed twice.' }]);
};

/** Holds a slot the page listed (409 when it is gone, outside the horizon, or the company stopped taking bookings). */
export async function createHold(opts: { deps: TDeps; slug: string; body: TBookingHoldCreate }): Promise<TBookingHold> {
  const { deps, body } = opts;
  noRepeats(body.services);
  const company = await loadBookingCompany(deps, opts.slug);
  const now = new Date();
  const startsAt = new Date(body.startsAt);
  if (Number.isNaN(startsAt.getTime())) throw validationError([{ propertyPath: 'startsAt', message: 'This date does not exist.' }]);
  const { today, last } = horizonOf(company, now);
  const day = localDayOf({ instant: startsAt, timeZone: company.timezone });
  if (day < today || day > last) throw new AppError('conflict', SLOT_NOT_AVAILABLE);
  return runInScope(deps.db, { companyId: company.id }, (tx) => holdSlot(tx, { company, serviceIds: body.services, startsAt, now }));
}

/** The customer picked another time: the held one is free for others at once. Unknown tokens change nothing. */
export async function releasePublicHold(opts: { deps: TDeps; slug: string; token: string }): Promise<void> {
  const company = await loadBookingCompany(opts.deps, opts.slug);
  await runInScope(opts.deps.db, { companyId: company.id }, (tx) => releaseHold(tx, { companyId: company.id, token: opts.token }));
}

/**
 * The customer of a booking without a link: found by phone (E.164, the company-unique key) or created, with the
 * consent recorded as the opt-in page records it (the ledger, an earlier STOP lifted: they just agreed to texts).
 */
async function customerOfForm(tx: TTx, opts: { company: TCompanyRow; name: string; phone: string; ip: string; now: Date }) {
  const [firstName = '', ...rest] = opts.name.split(/\s+/);
  return recordCustomerOptIn(tx, {
    companyId: opts.company.id,
    defaultUserId: opts.company.defaultCustomerUserId,
    phone: opts.phone,
    firstName,
    lastName: rest.join(' ') || undefined,
    source: BOOKING_CONSENT_SOURCE,
    detail: { ip: opts.ip, termsOfService: opts.company.customerView.termsOfService ?? opts.company.termsOfService ?? null },
    now: opts.now,
  });
}

/** The customer of a booking link gives the same consent on the page; it is recorded the same way. */
async function consentOfLinkCustomer(tx: TTx, opts: { company: TCompanyRow; customer: TCustomerRow; ip: string; now: Date }) {
  const { company, customer } = opts;
  await insertConsentEvent(tx, {
    companyId: company.id,
    customerId: customer.id,
    kind: 'opt_in',
    source: BOOKING_CONSENT_SOURCE,
    detail: { ip: opts.ip, link: true },
  });
  const updated = await updateCustomer(tx, {
    companyId: company.id,
    id: customer.id,
    values: { bumpedAt: opts.now, archived: false, optOut: false, optedOutAt: null },
  });
  return { customer: updated!, isNew: false };
}

/**
 * Confirms a held slot: a requested appointment (source customer) whose request text is planned once and which
 * appears live in the calendar. The hold is locked first, so a double submit waits and then finds it used (409
 * HOLD_EXPIRED) before touching any customer. One transaction; two first bookings of one new phone at the same
 * moment: the loser finds the winner's customer on a second try.
 */
export async function bookPublicAppointment(opts: { deps: TDeps; slug: string; body: TPublicBookingCreate; ip: string }): Promise<TPublicBookingResult> {
  const { deps, body } = opts;
  if (body.link === undefined) {
    const missing = [
      ...(body.name ? [] : [{ propertyPath: 'name', message: 'name_is_required' }]),
      ...(body.phone ? [] : [{ propertyPath: 'phone', message: 'phone_is_required' }]),
    ];
    if (missing.length) throw validationError(missing);
  }
  const company = await loadBookingCompany(deps, opts.slug);
  if (appointmentsSettingsOf(company).acceptNewAppointments === false) throw new AppError('conflict', NOT_ACCEPTING_APPOINTMENTS);
  const run = () =>
    runWithLiveEvents({
      deps,
      scope: { companyId: company.id },
      fn: async (tx, emit) => {
        const now = new Date();
        if (!(await repo.lockLiveHold(tx, { companyId: company.id, token: body.hold, now }))) throw new AppError('conflict', HOLD_EXPIRED);
        const who = body.link
          ? await consentOfLinkCustomer(tx, { company, customer: await customerOfLink(tx, { company, code: body.link, now }), ip: opts.ip, now })
          : await customerOfForm(tx, { company, name: body.name!, phone: body.phone!, ip: opts.ip, now });
        const events: TLiveEventInput[] = [customerEvent(who.customer, who.isNew ? 'created' : 'updated', { changes: ['bumpedAt', 'optOut'] })];
        const appointment = await bookHeldSlot(tx, {
          company,
          token: body.hold,
          customerId: who.customer.id,
          notes: body.notes?.trim() ?? '',
          now,
          emit: (e) => events.push(...e),
        });
        emit(events);
        return {
          status: appointment.status,
          startsAt: appointment.startsAt,
          endsAt: appointment.endsAt,
          services: appointment.services.map((s) => s.title),
          timezone: company.timezone,
        };
      },
    });
  const result = await retryOnceOnUniqueViolation(run);
  // The request text is due now: the engine's job should not wait for its next poll.
  deps.jobs.wake();
  return result;
}

/** `/r/{code}` of a booking link: the company's booking page, for the customer the link was sent to. */
export const bookingLinkPage: TLinkPage = {
  read: async (tx, opts): Promise<TPublicBookingLinkPage | null> => {
    const { link } = opts;
    if (link.entity !== 'customer') return null;
    const company = await findCompany(tx, link.companyId);
    if (!company || !company.enabled || !company.modules?.appointments) return null;
    if (!(await findCustomer(tx, { companyId: company.id, ownerId: null, id: link.entityId }))) return null;
    return { purpose: 'booking', company: await brandOfCompany(tx, { deps: opts.deps, company }), slug: company.slug };
  },
};
