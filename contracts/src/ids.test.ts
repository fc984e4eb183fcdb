import { describe, expect, it } from 'vitest';
import { decimalIntOf, idRefOf, iriOf, ZIdStringSchema } from './ids';

describe('ids', () => {
  it('ZIdStringSchema takes plain positive decimals only', () => {
    expect(ZIdStringSchema.parse('42')).toBe(42);
    for (const bad of ['0x10', '1e1', ' 1', '1 ', '-1', '+1', '1.0', '0', '01', 'true', '', '9007199254740993'])
      expect(ZIdStringSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('idRefOf takes a number, a decimal string or an IRI of its own resource', () => {
    const ref = idRefOf('customers');
    expect(ref.parse(5)).toBe(5);
    expect(ref.parse('5')).toBe(5);
    expect(ref.parse('/api/customers/5')).toBe(5);
    for (const bad of [true, 0, -1, 1.5, '0x10', '1e1', ' 1', '/api/users/5', '/api/customers/0', '/api/customers/', 'api/customers/5', null])
      expect(ref.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('iriOf and decimalIntOf', () => {
    expect(iriOf('users').safeParse('/api/users/7').success).toBe(true);
    expect(iriOf('users').safeParse('/api/companies/7').success).toBe(false);
    const page = decimalIntOf({ min: 1, max: 100 });
    expect(page.parse('3')).toBe(3);
    for (const bad of ['0', '101', '1e1', '0x1', ' 1', '1.0']) expect(page.safeParse(bad).success, bad).toBe(false);
  });
});
