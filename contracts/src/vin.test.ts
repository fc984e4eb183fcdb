import { describe, expect, it } from 'vitest';
import { computeVinCheckDigit, isPlausibleModelYear, isValidVin, maxModelYearAt, normalizeVin } from './vin';

/** Real VINs quoted in decoders' documentation and NHTSA examples. */
const VALID = [
  '1M8GDM9AXKP042788', // the classic example of 49 CFR 565 (check digit X)
  '1GNEK13ZX3R298984', // Chevrolet Tahoe 2003, check digit X
  '1HGCM82633A004352', // Honda Accord 2003
  'JH4KA7561PC008269', // Acura Legend 1993
  'JH4DA9370MS016526', // Acura Integra 1991
  '1G1ZT53826F109149', // Chevrolet Malibu 2006
  '11111111111111111', // all ones: the check digit works out to 1
];

describe('isValidVin (ISO 3779, FMVSS 115 check digit)', () => {
  it('accepts real VINs, including check digit X', () => {
    for (const vin of VALID) expect(isValidVin(vin), vin).toBe(true);
    expect(computeVinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(computeVinCheckDigit('1HGCM82633A004352')).toBe('3');
  });

  it('refuses a wrong check digit, any changed character and transposed characters', () => {
    expect(isValidVin('1M8GDM9A1KP042788')).toBe(false);
    expect(isValidVin('1HGCM82643A004352')).toBe(false);
    expect(isValidVin('1HGCM82633A004353')).toBe(false);
    expect(isValidVin('1HGCM82633A004325')).toBe(false);
    expect(isValidVin('11111111111111112')).toBe(false);
  });

  it('refuses I, O and Q, lower case, wrong lengths and anything not VIN-shaped', () => {
    for (const bad of [
      '1HGCM82633A00435', // 16
      '1HGCM82633A0043520', // 18
      '1HGCM82633AO04352', // O for 0
      'IHGCM82633A004352', // I for 1
      '1HGCQ82633A004352',
      '1hgcm82633a004352', // not normalised
      ' 1HGCM82633A004352',
      '1HGCM82633A00435２', // full-width digit
      '1HGCM-2633A004352',
      '',
    ])
      expect(isValidVin(bad), bad).toBe(false);
    expect(computeVinCheckDigit('1HGCM82633AO04352')).toBeNull();
  });

  it('European VINs without a check digit are refused (the North American rule is applied on purpose)', () => {
    expect(isValidVin('WP0ZZZ99ZTS392124')).toBe(false);
  });

  it('normalizeVin trims and upper-cases what a person typed, nothing more', () => {
    expect(normalizeVin('  1hgcm82633a004352 ')).toBe('1HGCM82633A004352');
    expect(isValidVin(normalizeVin(' 1m8gdm9axkp042788'))).toBe(true);
    expect(normalizeVin('1HG CM82633A004352')).toBe('1HG CM82633A004352');
  });
});

describe('isPlausibleModelYear', () => {
  const now = new Date('2026-03-01T00:00:00Z');

  it('takes 1900 up to two years ahead', () => {
    expect(maxModelYearAt(now)).toBe(2028);
    for (const year of [1900, 1999, 2026, 2027, 2028]) expect(isPlausibleModelYear({ year, now }), String(year)).toBe(true);
  });

  it('refuses the rest', () => {
    for (const year of [1899, 2029, 0, -2020, 2020.5, Number.NaN, Infinity, 20260]) expect(isPlausibleModelYear({ year, now }), String(year)).toBe(false);
  });

  it('uses the current year by default', () => {
    const thisYear = new Date().getUTCFullYear();
    expect(isPlausibleModelYear({ year: thisYear + 2 })).toBe(true);
    expect(isPlausibleModelYear({ year: thisYear + 3 })).toBe(false);
  });
});
