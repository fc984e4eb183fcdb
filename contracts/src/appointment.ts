import { z } from 'zod';
import {
  APPOINTMENT_ACTIONS,
  APPOINTMENT_MAX_MINUTES,
  APPOINTMENT_NOTES_MAX,
  APPOINTMENT_RESOURCE_KINDS,
  APPOINTMENT_SERVICES_MAX,
  APPOINTMENT_SOURCES,
  APPOINTMENT_STATUSES,
  AVAILABILITY_MAX_DAYS,
  CALENDAR_MAX_DAYS,
  NO_WORKING_DAYS,
  NOT_ACCEPTING_APPOINTMENTS,
  RESOURCE_CAPACITY_MAX,
} from './appointment-constants';
import { WEEKDAYS, ZPhoneSchema, type TWeekday } from './company';
import { idRefOf, ZIdStringSchema } from './ids';
import { SLUG_RE } from './validators';
import { ZIsoDateTimeSchema } from './refs';
import { ZCustomerLinkSchema, ZPublicBrandSchema } from './customer-link';
import { ZMessageStatusSchema } from './message';

export * from './appointment-constants';

/**
 * Service appointments (issue 16; spec part 1 §2, part 2 §2–§9). Times of day (`HH:mm`) and calendar days
 * (`YYYY-MM-DD`) are the company's local wall clock in its time zone; instants are ISO 8601 with an offset.
 * docs/appointments.md has the availability rules.
 */

export const ZAppointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export const ZAppointmentActionSchema = z.enum(APPOINTMENT_ACTIONS);
export const ZAppointmentSourceSchema = z.enum(APPOINTMENT_SOURCES);
export const ZAppointmentResourceKindSchema = z.enum(APPOINTMENT_RESOURCE_KINDS);

const HHMM = z.string('Time must be HH:mm.').regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:mm.');

/** A calendar day, checked to exist (2026-02-30 is refused). */
export const ZDaySchema = z
  .string('Expected a date YYYY-MM-DD.')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date YYYY-MM-DD.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'This date does not exist.');

/** Days between two `YYYY-MM-DD` dates (to − from). */
export function daysBetween(options: { from: string; to: string }): number {
  return Math.round((Date.parse(`${options.to}T00:00:00Z`) - Date.parse(`${options.from}T00:00:00Z`)) / 86_400_000);
}

/* ---- Shifts: /api/working_hours (one record per user: intervals per weekday) ---- */

export const ZShiftSchema = z.strictObject({ startsAt: HHMM, endsAt: HHMM });
export type TShift = z.infer<typeof ZShiftSchema>;

const ZShiftDaySchema = z.array(ZShiftSchema).max(8, 'At most 8 shifts a day.');

/** Spec part 2 §5: shifts cannot overlap or begin and end at the same time; an end before its start is refused too. */
export const ZShiftWeekSchema = z
  .strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, ZShiftDaySchema])) as Record<TWeekday, typeof ZShiftDaySchema>)
  .superRefine((week, ctx) => {
    for (const day of WEEKDAYS) {
      const shifts = week[day];
      shifts.forEach((s, i) => {
        if (s.endsAt === s.startsAt) ctx.addIssue({ code: 'custom', path: [day, i, 'endsAt'], message: 'A shift cannot begin and end at the same time.' });
        else if (s.endsAt < s.startsAt) ctx.addIssue({ code: 'custom', path: [day, i, 'endsAt'], message: 'End cannot be before start.' });
      });
      const sorted = [...shifts].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i]!.startsAt < sorted[i - 1]!.endsAt) {
          ctx.addIssue({ code: 'custom', path: [day], message: 'Shifts cannot overlap.' });
          break;
        }
      }
    }
  });
export type TShiftWeek = z.infer<typeof ZShiftWeekSchema>;

export const EMPTY_SHIFT_WEEK: TShiftWeek = Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as TShiftWeek;

export const ZWorkingHoursCreateSchema = z.strictObject({ user: idRefOf('users'), days: ZShiftWeekSchema });
export type TWorkingHoursCreate = z.infer<typeof ZWorkingHoursCreateSchema>;
export const ZWorkingHoursReplaceSchema = z.strictObject({ days: ZShiftWeekSchema });
export type TWorkingHoursReplace = z.infer<typeof ZWorkingHoursReplaceSchema>;

export const ZWorkingHoursSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('WorkingHours'),
    id: z.number().int(),
    company: z.string(),
    /** `/api/users/{id}`: one record per user. */
    user: z.string(),
    userName: z.string(),
    days: ZShiftWeekSchema,
    updatedAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'WorkingHours' });
export type TWorkingHours = z.infer<typeof ZWorkingHoursSchema>;

export const ZWorkingHoursListQuerySchema = z.object({ company: idRefOf('companies').optional(), user: idRefOf('users').optional() });
export type TWorkingHoursListQuery = z.infer<typeof ZWorkingHoursListQuerySchema>;

/* ---- Vacations: /api/vacations ---- */

const VACATION_MAX_DAYS = 366;
const vacationRange = <T extends { from?: string; to?: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.from === undefined || v.to === undefined) return;
  const days = daysBetween({ from: v.from, to: v.to });
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day cannot be before the first.' });
  else if (days >= VACATION_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'A vacation lasts at most a year.' });
};

/** `from` and `to` are the first and the last day off (inclusive), in the company's calendar. */
export const ZVacationCreateSchema = z
  .strictObject({ user: idRefOf('users'), from: ZDaySchema, to: ZDaySchema, note: z.string().trim().max(200).optional() })
  .superRefine(vacationRange);
export type TVacationCreate = z.infer<typeof ZVacationCreateSchema>;

export const ZVacationPatchSchema = z
  .strictObject({ from: ZDaySchema.optional(), to: ZDaySchema.optional(), note: z.string().trim().max(200).optional() })
  .superRefine(vacationRange);
export type TVacationPatch = z.infer<typeof ZVacationPatchSchema>;

export const ZVacationSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Vacation'),
    id: z.number().int(),
    company: z.string(),
    user: z.string(),
    userName: z.string(),
    from: z.string(),
    to: z.string(),
    note: z.string(),
    createdAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'Vacation' });
export type TVacation = z.infer<typeof ZVacationSchema>;

/** Vacations overlapping [from, to] (both optional), of one user or all. */
export const ZVacationListQuerySchema = z.object({
  company: idRefOf('companies').optional(),
  user: idRefOf('users').optional(),
  from: ZDaySchema.optional(),
  to: ZDaySchema.optional(),
});
export type TVacationListQuery = z.infer<typeof ZVacationListQuerySchema>;

/* ---- Resources beyond people: /api/appointment_resources ---- */

const resourceFields = {
  name: z.string().trim().min(1, 'name_is_required').max(100),
  kind: ZAppointmentResourceKindSchema,
  /** How many appointments may use it at once (bays of one kind, loaner cars). */
  capacity: z.number().int().min(1).max(RESOURCE_CAPACITY_MAX),
  /** The services that need one unit of it for their whole duration. */
  services: z.array(idRefOf('company_services')).max(200),
};
export const ZAppointmentResourceCreateSchema = z.strictObject({
  ...resourceFields,
  services: resourceFields.services.optional(),
  company: idRefOf('companies').optional(),
});
export type TAppointmentResourceCreate = z.infer<typeof ZAppointmentResourceCreateSchema>;
export const ZAppointmentResourcePatchSchema = z.strictObject(resourceFields).partial();
export type TAppointmentResourcePatch = z.infer<typeof ZAppointmentResourcePatchSchema>;

export const ZAppointmentResourceSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('AppointmentResource'),
    id: z.number().int(),
    company: z.string(),
    name: z.string(),
    kind: ZAppointmentResourceKindSchema,
    capacity: z.number().int(),
    /** `/api/company_services/{id}` of the services that need it. */
    services: z.array(z.string()),
    createdAt: ZIsoDateTimeSchema,
    updatedAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'AppointmentResource' });
export type TAppointmentResource = z.infer<typeof ZAppointmentResourceSchema>;

/* ---- Appointments: /api/appointments ---- */

const ZServiceIdsSchema = z
  .array(idRefOf('company_services'))
  .min(1, 'Choose at least one service.')
  .max(APPOINTMENT_SERVICES_MAX)
  .refine((ids) => new Set(ids).size === ids.length, 'A service is listed twice.');
const ZNotesSchema = z.string().max(APPOINTMENT_NOTES_MAX);

function endAfterStart<T extends { startsAt?: string; endsAt?: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.startsAt === undefined || v.endsAt === undefined) return;
  const minutes = (Date.parse(v.endsAt) - Date.parse(v.startsAt)) / 60_000;
  if (minutes <= 0) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End cannot be before start.' });
  else if (minutes > APPOINTMENT_MAX_MINUTES) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'An appointment lasts at most 12 hours.' });
}

/**
 * Staff book an appointment (calendar, messenger). `endsAt` defaults to the start plus the services' durations;
 * no `assignee`: any assignee free for the whole time is chosen. `status` requested asks the customer first.
 */
export const ZAppointmentCreateSchema = z
  .strictObject({
    company: idRefOf('companies').optional(),
    customer: idRefOf('customers'),
    vehicle: idRefOf('vehicles').nullable().optional(),
    services: ZServiceIdsSchema,
    assignee: idRefOf('users').nullable().optional(),
    startsAt: ZIsoDateTimeSchema,
    endsAt: ZIsoDateTimeSchema.optional(),
    notes: ZNotesSchema.optional(),
    status: z.enum(['requested', 'confirmed']).optional(),
  })
  .superRefine(endAfterStart);
export type TAppointmentCreate = z.infer<typeof ZAppointmentCreateSchema>;

/** Move, resize, reassign or edit: a new time or assignee is checked against availability like a new booking. */
export const ZAppointmentPatchSchema = z
  .strictObject({
    vehicle: idRefOf('vehicles').nullable().optional(),
    services: ZServiceIdsSchema.optional(),
    assignee: idRefOf('users').nullable().optional(),
    startsAt: ZIsoDateTimeSchema.optional(),
    endsAt: ZIsoDateTimeSchema.optional(),
    notes: ZNotesSchema.optional(),
  })
  .superRefine(endAfterStart);
export type TAppointmentPatch = z.infer<typeof ZAppointmentPatchSchema>;

export const ZAppointmentServiceSchema = z.object({ id: z.number().int(), title: z.string(), duration: z.number().int() });

export const ZAppointmentSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Appointment'),
    id: z.number().int(),
    company: z.string(),
    customer: z.string(),
    customerName: z.string(),
    customerPhone: z.string().nullable(),
    vehicle: z.string().nullable(),
    /** "2019 Honda Civic", as the calendar shows it. */
    vehicleLabel: z.string().nullable(),
    services: z.array(ZAppointmentServiceSchema),
    resources: z.array(z.object({ id: z.number().int(), name: z.string(), kind: ZAppointmentResourceKindSchema })),
    assignee: z.string().nullable(),
    assigneeName: z.string().nullable(),
    startsAt: ZIsoDateTimeSchema,
    endsAt: ZIsoDateTimeSchema,
    notes: z.string(),
    status: ZAppointmentStatusSchema,
    source: ZAppointmentSourceSchema,
    createdAt: ZIsoDateTimeSchema,
    updatedAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'Appointment' });
export type TAppointment = z.infer<typeof ZAppointmentSchema>;

/** A comma-separated list of statuses (`status=requested,confirmed`). */
const ZStatusListSchema = z
  .string()
  .max(100)
  .transform((v) => v.split(',').filter((s) => s !== ''))
  .pipe(z.array(ZAppointmentStatusSchema).min(1).max(APPOINTMENT_STATUSES.length));

/**
 * The calendar's range query (`from` ≤ start < `to`, at most CALENDAR_MAX_DAYS), or one customer's appointments
 * (`customer` alone: upcoming first, then the latest past ones). `assignee=none` lists the unassigned ones.
 */
export const ZAppointmentListQuerySchema = z
  .object({
    company: idRefOf('companies').optional(),
    from: ZIsoDateTimeSchema.optional(),
    to: ZIsoDateTimeSchema.optional(),
    assignee: z.union([z.literal('none'), idRefOf('users')]).optional(),
    status: ZStatusListSchema.optional(),
    customer: idRefOf('customers').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from === undefined || q.to === undefined) {
      if (q.customer === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Give from and to, or a customer.' });
      return;
    }
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end of the range must be after its start.' });
    else if (days > CALENDAR_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${CALENDAR_MAX_DAYS} days at once.` });
  });
export type TAppointmentListQuery = z.infer<typeof ZAppointmentListQuerySchema>;

/* ---- Availability: GET /api/appointments/availability ---- */

/** `services=1,2` as a comma list (or repeated ids), order kept, no repeats. */
export const ZServiceListParamSchema = z
  .string('Choose at least one service.')
  .max(200)
  .transform((v) => v.split(',').filter((s) => s !== ''))
  .pipe(z.array(ZIdStringSchema).min(1, 'Choose at least one service.').max(APPOINTMENT_SERVICES_MAX))
  .refine((ids) => new Set(ids).size === ids.length, 'A service is listed twice.');

const availabilityRange = <T extends { from: string; to: string }>(q: T, ctx: z.RefinementCtx) => {
  const days = daysBetween({ from: q.from, to: q.to });
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day cannot be before the first.' });
  else if (days >= AVAILABILITY_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${AVAILABILITY_MAX_DAYS} days at once.` });
};

/** Free slots for a set of services over the days `from`..`to` (inclusive, company calendar). */
export const ZAvailabilityQuerySchema = z
  .object({
    company: idRefOf('companies').optional(),
    services: ZServiceListParamSchema,
    from: ZDaySchema,
    to: ZDaySchema,
    /** Only this assignee's free times. */
    assignee: idRefOf('users').optional(),
    /** An appointment being moved: its own time does not count as taken. */
    ignore: idRefOf('appointments').optional(),
  })
  .superRefine(availabilityRange);
export type TAvailabilityQuery = z.infer<typeof ZAvailabilityQuerySchema>;

export const ZSlotSchema = z.object({
  startsAt: ZIsoDateTimeSchema,
  endsAt: ZIsoDateTimeSchema,
  /** How many more appointments fit at this time (free assignees, limited by the resources the services need). */
  capacity: z.number().int().min(1),
  /** Staff only: `/api/users/{id}` of the assignees free for the whole slot. */
  assignees: z.array(z.string()).optional(),
});
export type TSlot = z.infer<typeof ZSlotSchema>;

export const ZAvailabilityReasonSchema = z.enum([NO_WORKING_DAYS, NOT_ACCEPTING_APPOINTMENTS]);

export const ZAvailabilitySchema = z.object({
  timezone: z.string(),
  granularity: z.number().int(),
  /** Minutes the chosen services take together. */
  duration: z.number().int(),
  days: z.array(z.object({ date: z.string(), slots: z.array(ZSlotSchema) })),
  /** Why there can be no slot at all (the company has no working day, or does not accept new appointments). */
  reason: ZAvailabilityReasonSchema.nullable(),
});
export type TAvailability = z.infer<typeof ZAvailabilitySchema>;

/* ---- Public booking: /api/public/booking/{slug}/… (and a booking link /r/{code}) ---- */

export const ZBookingSlugParamsSchema = z.object({ slug: z.string().max(64).regex(SLUG_RE, 'not_found') });

export const ZPublicBookingServiceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  duration: z.number().int(),
  price: z.number().int(),
});

/** The booking page: the company, its services, and whether it takes new appointments now. */
export const ZPublicBookingPageSchema = z.object({
  company: ZPublicBrandSchema,
  slug: z.string(),
  timezone: z.string(),
  granularity: z.number().int(),
  /** The furthest day a customer may book, counted from today. */
  horizonDays: z.number().int(),
  services: z.array(ZPublicBookingServiceSchema),
  reason: ZAvailabilityReasonSchema.nullable(),
  /** From a booking link: the customer it was sent to (the page asks nothing more). */
  customer: z.object({ name: z.string() }).nullable(),
});
export type TPublicBookingPage = z.infer<typeof ZPublicBookingPageSchema>;

export const ZPublicAvailabilityQuerySchema = z.object({ services: ZServiceListParamSchema, from: ZDaySchema, to: ZDaySchema }).superRefine(availabilityRange);
export type TPublicAvailabilityQuery = z.infer<typeof ZPublicAvailabilityQuerySchema>;

/** Hold a slot while the customer confirms (HOLD_MINUTES). */
export const ZBookingHoldCreateSchema = z.strictObject({
  services: z.array(z.number().int().positive()).min(1).max(APPOINTMENT_SERVICES_MAX),
  startsAt: ZIsoDateTimeSchema,
});
export type TBookingHoldCreate = z.infer<typeof ZBookingHoldCreateSchema>;

export const ZBookingHoldSchema = z.object({ token: z.string(), startsAt: ZIsoDateTimeSchema, endsAt: ZIsoDateTimeSchema, expiresAt: ZIsoDateTimeSchema });
export type TBookingHold = z.infer<typeof ZBookingHoldSchema>;

export const ZBookingHoldTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'appointment_hold_expired');

/**
 * Confirm a held slot. Without a booking link the customer gives a name and a phone (an existing customer of the
 * company is matched by phone); `consent` records that they agreed to texts about the appointment.
 */
export const ZPublicBookingCreateSchema = z.strictObject({
  hold: ZBookingHoldTokenSchema,
  name: z.string().trim().min(1, 'name_is_required').max(100).optional(),
  phone: ZPhoneSchema.optional(),
  consent: z.literal(true, 'consent_required'),
  notes: ZNotesSchema.max(500).optional(),
  /** The booking link's code, when the page was opened from one. */
  link: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{10,24}$/, 'link_not_found')
    .optional(),
});
export type TPublicBookingCreate = z.infer<typeof ZPublicBookingCreateSchema>;

export const ZPublicBookingResultSchema = z.object({
  status: ZAppointmentStatusSchema,
  startsAt: ZIsoDateTimeSchema,
  endsAt: ZIsoDateTimeSchema,
  services: z.array(z.string()),
  timezone: z.string(),
});
export type TPublicBookingResult = z.infer<typeof ZPublicBookingResultSchema>;

/* ---- The messenger's buttons: POST /api/customers/{id}/send_appointment_reminder and /send_booking_link ---- */

/** A booking link was made for the customer and a text carrying it queued (`messageStatus` blocked: safe mode). */
export const ZSendBookingLinkResultSchema = z.object({ link: ZCustomerLinkSchema, messageId: z.number().int(), messageStatus: ZMessageStatusSchema });
export type TSendBookingLinkResult = z.infer<typeof ZSendBookingLinkResultSchema>;
