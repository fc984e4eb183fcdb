import { z } from 'zod';
import { idRefOf } from './ids';
import { ZIsoDateTimeSchema } from './refs';
import { isPlausibleModelYear, isValidVin, normalizeVin } from './vin';

/** Spec part 2 §8: the exact message of the refusal to delete a vehicle that still has open repair orders. */
export const VEHICLE_HAS_OPEN_ORDERS = 'Close all open orders before deleting a vehicle';
/** A VIN is unique per company (spec part 2 §5): the message of the 422 on a second vehicle with the same VIN. */
export const VIN_ALREADY_USED = 'vin_already_used';

export const VEHICLE_MAKE_MAX = 50;
export const VEHICLE_MODEL_MAX = 100;
export const VEHICLE_REGISTRATION_MAX = 20;
export const VEHICLE_SERIAL_NUMBER_MAX = 50;
/** Odometers stop well below this; a larger value is a typo (an extra digit or three). */
export const VEHICLE_MILEAGE_MAX = 2_000_000;

/** A VIN as typed: trimmed and upper-cased, then 17 allowed characters with a valid check digit (vin.ts). */
export const ZVinSchema = z.string('vin_is_not_valid').max(64, 'vin_is_not_valid').transform(normalizeVin).refine(isValidVin, 'vin_is_not_valid');

/** A model year: 4 digits, from 1900 to two years after the current one (checked when parsed). */
export const ZModelYearSchema = z
  .number('year_is_required')
  .int('year_is_not_valid')
  .refine((year) => isPlausibleModelYear({ year }), 'year_is_not_valid');

/** Optional free text: blank means none, so '' and '   ' are stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable();

const vehicleFields = {
  /** The owner: `/api/customers/{id}` (or the id). */
  customer: idRefOf('customers'),
  make: z.string('make_is_required').trim().min(1, 'make_is_required').max(VEHICLE_MAKE_MAX),
  model: z.string('model_is_required').trim().min(1, 'model_is_required').max(VEHICLE_MODEL_MAX),
  year: ZModelYearSchema,
  /** Required (issue 13); whole miles or kilometres as the odometer shows them. */
  mileage: z.number('mileage_is_required').int('mileage_is_not_valid').min(0, 'mileage_is_not_valid').max(VEHICLE_MILEAGE_MAX, 'mileage_is_not_valid'),
  /** Required and valid (spec part 2 §5: "VIN required, exactly 17 characters, unique, valid"). Vehicles a DMS
   * import brings without one are stored with none; people entering a vehicle give it. */
  vin: z
    .string('vin_is_required')
    .max(64, 'vin_is_not_valid')
    .transform(normalizeVin)
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: 'vin_is_required' });
      else if (!isValidVin(v)) ctx.addIssue({ code: 'custom', message: 'vin_is_not_valid' });
    }),
  registration: optionalText(VEHICLE_REGISTRATION_MAX),
  serialNumber: optionalText(VEHICLE_SERIAL_NUMBER_MAX),
};

export const ZVehicleCreateSchema = z.strictObject({
  ...vehicleFields,
  registration: vehicleFields.registration.optional(),
  serialNumber: vehicleFields.serialNumber.optional(),
});
export type TVehicleCreate = z.infer<typeof ZVehicleCreateSchema>;

/** Merge-patch body of PATCH /api/vehicles/{id}: changed fields only; null clears an optional one. The owner may change
 * (a car sold to another customer of the same dealership keeps its record and history). */
export const ZVehiclePatchSchema = z.strictObject(vehicleFields).partial();
export type TVehiclePatch = z.infer<typeof ZVehiclePatchSchema>;

/** GET /api/vehicles?customer=…: the garage of one customer. */
export const ZVehicleListQuerySchema = z.object({ customer: idRefOf('customers').optional() });
export type TVehicleListQuery = z.infer<typeof ZVehicleListQuerySchema>;

/** A vehicle as the API answers it. */
export const ZVehicleSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('Vehicle'),
    id: z.number().int(),
    /** `/api/customers/{id}`. */
    customer: z.string(),
    make: z.string(),
    model: z.string(),
    year: z.number().int(),
    mileage: z.number().int(),
    vin: z.string().nullable(),
    registration: z.string().nullable(),
    serialNumber: z.string().nullable(),
    /** Open repair orders of this vehicle: deleting is refused while above zero. */
    openRepairOrders: z.number().int().min(0),
    /** Last appraisal text sent for it (cooldown, see isVehicleAppraisalAllowed). */
    appraisalMessageSentAt: ZIsoDateTimeSchema.nullable(),
    createdAt: ZIsoDateTimeSchema,
    updatedAt: ZIsoDateTimeSchema,
  })
  .meta({ id: 'Vehicle' });
export type TVehicle = z.infer<typeof ZVehicleSchema>;

/** A vehicle named inside another resource (a repair order, a public page): enough to recognise it. */
export const ZVehicleSummarySchema = z.object({
  '@id': z.string(),
  id: z.number().int(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  vin: z.string().nullable(),
  registration: z.string().nullable(),
});
export type TVehicleSummary = z.infer<typeof ZVehicleSummarySchema>;

/** "2019 Toyota Corolla": how a vehicle is named in lists and texts. */
export function vehicleDisplayName(v: { year: number; make: string; model: string }): string {
  return [String(v.year), v.make.trim(), v.model.trim()].filter(Boolean).join(' ');
}

const DAY_MS = 86_400_000;

/**
 * May the appraisal text go out for this vehicle now (spec part 2 §9)? `cooldownDays` 0 means once per vehicle;
 * otherwise again once that many days have passed since the last one.
 */
export function isVehicleAppraisalAllowed(options: { lastSentAt: Date | null; cooldownDays: number; now: Date }): boolean {
  const { lastSentAt, cooldownDays, now } = options;
  if (lastSentAt === null) return true;
  if (cooldownDays <= 0) return false;
  return now.getTime() - lastSentAt.getTime() >= cooldownDays * DAY_MS;
}

/** The automated appraisal picks vehicles at least this old (model years) … */
export const APPRAISAL_CANDIDATE_MIN_AGE_YEARS = 5;
/** … or with at least this mileage. */
export const APPRAISAL_CANDIDATE_MIN_MILEAGE = 60_000;

/**
 * The automated appraisal's rule (issue 13 "write the rule down"): a vehicle whose model year is at least 5 years
 * before the current one, or whose odometer shows at least 60,000. Dealers buy such cars back before their value drops.
 */
export function isVehicleAppraisalCandidate(options: { year: number; mileage: number; now: Date }): boolean {
  const { year, mileage, now } = options;
  return now.getUTCFullYear() - year >= APPRAISAL_CANDIDATE_MIN_AGE_YEARS || mileage >= APPRAISAL_CANDIDATE_MIN_MILEAGE;
}
