/**
 * Vehicle identification numbers (spec part 2 §3, §5, §9: 17 characters, valid) and model years. ISO 3779 fixes the
 * 17 characters and forbids I, O and Q (they read as 1 and 0); the check digit in position 9 is the North American
 * rule (FMVSS 115 / 49 CFR 565), which issue 13 asks us to validate.
 */

export const VIN_LENGTH = 17;

/** Position 9 (index 8) holds the check digit. */
const CHECK_DIGIT_INDEX = 8;

/** 49 CFR 565.15: the value of each letter; I, O and Q have none because they may not appear. */
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

/** The weight of each position; position 9 (the check digit itself) weighs nothing. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Upper-case letters and digits without I, O, Q: the only characters a VIN may hold. */
const VIN_RE = /^[A-HJ-NPR-Z0-9]{17}$/;

/** What a person typed, as stored and compared: surrounding spaces dropped, letters upper-cased (nothing else is fixed up). */
export function normalizeVin(value: string): string {
  return value.trim().toUpperCase();
}

/** The check digit ('0'–'9' or 'X') the other 16 characters call for, or null when the text is not VIN-shaped. */
export function computeVinCheckDigit(vin: string): string | null {
  if (!VIN_RE.test(vin)) return null;
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin[i]!;
    const value = c >= '0' && c <= '9' ? Number(c) : TRANSLITERATION[c]!;
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** A VIN as stored (upper case, see normalizeVin): 17 allowed characters and a matching check digit. */
export function isValidVin(vin: string): boolean {
  const expected = computeVinCheckDigit(vin);
  return expected !== null && vin[CHECK_DIGIT_INDEX] === expected;
}

/** The first model year we accept: older entries are typos, not vehicles. */
export const MIN_MODEL_YEAR = 1900;
/** Makers sell next year's models early, so a model year may run up to two years ahead of the calendar. */
export const MODEL_YEAR_LEAD_YEARS = 2;

/** The latest plausible model year at `now` (UTC calendar year + 2). */
export function maxModelYearAt(now: Date = new Date()): number {
  return now.getUTCFullYear() + MODEL_YEAR_LEAD_YEARS;
}

/** A whole 4-digit model year from 1900 up to two years after the current one. */
export function isPlausibleModelYear(options: { year: number; now?: Date }): boolean {
  const { year, now } = options;
  return Number.isInteger(year) && year >= MIN_MODEL_YEAR && year <= maxModelYearAt(now);
}
