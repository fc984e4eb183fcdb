import { describe, expect, it } from 'vitest';
import {
  isVehicleAppraisalAllowed,
  isVehicleAppraisalCandidate,
  vehicleDisplayName,
  ZVehicleCreateSchema,
  ZVehicleListQuerySchema,
  ZVehiclePatchSchema,
  ZVinSchema,
} from './vehicle';

const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const valid = { customer: '/api/customers/3', make: ' Honda ', model: 'Accord', year: 2003, mileage: 120500, vin: ' 1hgcm82633a004352 ' };

describe('vehicle create', () => {
  it('takes make, model, year, mileage and a valid VIN; normalises what it stores', () => {
    expect(ZVehicleCreateSchema.parse(valid)).toEqual({ customer: 3, make: 'Honda', model: 'Accord', year: 2003, mileage: 120500, vin: '1HGCM82633A004352' });
  });

  it('requires a VIN (spec part 2 §5); registration and serial number are optional, blank means none', () => {
    const { vin: _vin, ...noVin } = valid;
    expect(messagesOf(ZVehicleCreateSchema.safeParse(noVin))).toEqual({ vin: 'vin_is_required' });
    expect(messagesOf(ZVehicleCreateSchema.safeParse({ ...valid, vin: '  ' }))).toEqual({ vin: 'vin_is_required' });
    expect(ZVehicleCreateSchema.safeParse({ ...valid, vin: null }).success).toBe(false);
    const blank = ZVehicleCreateSchema.parse({ ...valid, registration: ' ', serialNumber: '' });
    expect(blank).toMatchObject({ registration: null, serialNumber: null });
    expect(ZVehicleCreateSchema.parse({ ...valid, registration: ' SA-123-BC ' })).toMatchObject({ registration: 'SA-123-BC' });
  });

  it('requires make, model, year, mileage and the customer, with message keys', () => {
    expect(messagesOf(ZVehicleCreateSchema.safeParse({}))).toMatchObject({
      customer: expect.any(String),
      make: 'make_is_required',
      model: 'model_is_required',
      year: 'year_is_required',
      mileage: 'mileage_is_required',
    });
    expect(messagesOf(ZVehicleCreateSchema.safeParse({ ...valid, make: '  ', model: '' }))).toEqual({ make: 'make_is_required', model: 'model_is_required' });
  });

  it('refuses a bad VIN, an implausible year and a negative or fractional mileage', () => {
    expect(messagesOf(ZVehicleCreateSchema.safeParse({ ...valid, vin: '1HGCM82633A004353' }))).toEqual({ vin: 'vin_is_not_valid' });
    expect(messagesOf(ZVehicleCreateSchema.safeParse({ ...valid, vin: 'X'.repeat(100) }))).toEqual({ vin: 'vin_is_not_valid' });
    for (const year of [1899, new Date().getUTCFullYear() + 3, 2003.5, 3])
      expect(messagesOf(ZVehicleCreateSchema.safeParse({ ...valid, year })), String(year)).toEqual({ year: 'year_is_not_valid' });
    expect(messagesOf(ZVehicleCreateSchema.safeParse({ ...valid, year: '2003' }))).toEqual({ year: 'year_is_required' });
    for (const mileage of [-1, 1.5, 2_000_001])
      expect(messagesOf(ZVehicleCreateSchema.safeParse({ ...valid, mileage })), String(mileage)).toEqual({ mileage: 'mileage_is_not_valid' });
    expect(ZVehicleCreateSchema.safeParse({ ...valid, mileage: 0 }).success).toBe(true);
  });

  it('refuses unknown fields and another resource as the customer', () => {
    expect(ZVehicleCreateSchema.safeParse({ ...valid, company: '/api/companies/1' }).success).toBe(false);
    expect(ZVehicleCreateSchema.safeParse({ ...valid, customer: '/api/users/3' }).success).toBe(false);
  });
});

describe('vehicle patch and list', () => {
  it('takes changed fields only; null clears the optional ones, never the required ones', () => {
    expect(ZVehiclePatchSchema.parse({ mileage: 130000 })).toEqual({ mileage: 130000 });
    expect(ZVehiclePatchSchema.parse({ registration: null })).toEqual({ registration: null });
    expect(ZVehiclePatchSchema.parse({})).toEqual({});
    for (const key of ['make', 'model', 'year', 'mileage', 'customer', 'vin']) expect(ZVehiclePatchSchema.safeParse({ [key]: null }).success, key).toBe(false);
    expect(ZVehiclePatchSchema.safeParse({ vin: '1M8GDM9A1KP042788' }).success).toBe(false);
  });

  it('lists by customer', () => {
    expect(ZVehicleListQuerySchema.parse({ customer: '/api/customers/9' })).toEqual({ customer: 9 });
    expect(ZVehicleListQuerySchema.safeParse({ customer: '9 OR 1=1' }).success).toBe(false);
  });

  it('ZVinSchema normalises and checks', () => {
    expect(ZVinSchema.parse('1m8gdm9axkp042788')).toBe('1M8GDM9AXKP042788');
    expect(ZVinSchema.safeParse('').success).toBe(false);
    expect(ZVinSchema.safeParse(17).success).toBe(false);
  });
});

describe('vehicle rules', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

  it('appraisal cooldown: 0 means once per vehicle, otherwise again after that many days', () => {
    expect(isVehicleAppraisalAllowed({ lastSentAt: null, cooldownDays: 0, now })).toBe(true);
    expect(isVehicleAppraisalAllowed({ lastSentAt: daysAgo(3650), cooldownDays: 0, now })).toBe(false);
    expect(isVehicleAppraisalAllowed({ lastSentAt: daysAgo(29), cooldownDays: 30, now })).toBe(false);
    expect(isVehicleAppraisalAllowed({ lastSentAt: daysAgo(30), cooldownDays: 30, now })).toBe(true);
  });

  it('appraisal candidates: 5 model years old or 60,000 on the odometer', () => {
    expect(isVehicleAppraisalCandidate({ year: 2021, mileage: 10_000, now })).toBe(true);
    expect(isVehicleAppraisalCandidate({ year: 2022, mileage: 59_999, now })).toBe(false);
    expect(isVehicleAppraisalCandidate({ year: 2025, mileage: 60_000, now })).toBe(true);
  });

  it('names a vehicle', () => {
    expect(vehicleDisplayName({ year: 2019, make: 'Toyota ', model: 'Corolla' })).toBe('2019 Toyota Corolla');
  });
});
