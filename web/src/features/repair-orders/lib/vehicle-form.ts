import type { TVehicle, TVehicleCreate, TVehiclePatch } from '@cd/contracts/vehicle';
import { VEHICLE_MAKE_MAX, VEHICLE_MILEAGE_MAX, VEHICLE_MODEL_MAX } from '@cd/contracts/vehicle';
import { isPlausibleModelYear, isValidVin, normalizeVin } from '@cd/contracts/vin';

/** The vehicle dialog as typed. */
export interface TVehicleForm {
  make: string;
  model: string;
  year: string;
  mileage: string;
  vin: string;
  registration: string;
  serialNumber: string;
}

export const EMPTY_VEHICLE_FORM: TVehicleForm = { make: '', model: '', year: '', mileage: '', vin: '', registration: '', serialNumber: '' };

export type TVehicleFormErrors = Partial<Record<keyof TVehicleForm, string>>;

export function vehicleToForm(v: TVehicle): TVehicleForm {
  return {
    make: v.make,
    model: v.model,
    year: String(v.year),
    mileage: String(v.mileage),
    vin: v.vin ?? '',
    registration: v.registration ?? '',
    serialNumber: v.serialNumber ?? '',
  };
}

/** Client-side checks of spec part 2 §5 (the server checks again): errors are catalogue keys, the values the body's. */
export function checkVehicleForm(form: TVehicleForm, now: Date = new Date()): { errors: TVehicleFormErrors; values: Omit<TVehicleCreate, 'customer'> | null } {
  const errors: TVehicleFormErrors = {};
  const make = form.make.trim();
  const model = form.model.trim();
  if (!make) errors.make = 'make_is_required';
  else if (make.length > VEHICLE_MAKE_MAX) errors.make = 'make_is_too_long';
  if (!model) errors.model = 'model_is_required';
  else if (model.length > VEHICLE_MODEL_MAX) errors.model = 'model_is_too_long';
  const yearText = form.year.trim();
  const year = Number(yearText);
  if (!yearText) errors.year = 'year_is_required';
  else if (!/^\d{4}$/.test(yearText) || !isPlausibleModelYear({ year, now })) errors.year = 'year_is_not_valid';
  const mileageText = form.mileage.trim().replace(/[,\s]/g, '');
  const mileage = Number(mileageText);
  if (!mileageText) errors.mileage = 'mileage_is_required';
  else if (!/^\d+$/.test(mileageText) || mileage > VEHICLE_MILEAGE_MAX) errors.mileage = 'mileage_is_not_valid';
  const vin = normalizeVin(form.vin);
  if (!vin) errors.vin = 'vin_is_required';
  else if (!isValidVin(vin)) errors.vin = 'vin_is_not_valid';
  if (Object.keys(errors).length > 0) return { errors, values: null };
  return {
    errors,
    values: { make, model, year, mileage, vin, registration: form.registration.trim() || null, serialNumber: form.serialNumber.trim() || null },
  };
}

/** Merge-patch of an edit: only the fields that changed. */
export function vehiclePatchOf(before: TVehicle, values: Omit<TVehicleCreate, 'customer'>): TVehiclePatch {
  const patch: TVehiclePatch = {};
  if (values.make !== before.make) patch.make = values.make;
  if (values.model !== before.model) patch.model = values.model;
  if (values.year !== before.year) patch.year = values.year;
  if (values.mileage !== before.mileage) patch.mileage = values.mileage;
  if (values.vin !== before.vin) patch.vin = values.vin;
  if ((values.registration ?? null) !== before.registration) patch.registration = values.registration ?? null;
  if ((values.serialNumber ?? null) !== before.serialNumber) patch.serialNumber = values.serialNumber ?? null;
  return patch;
}
