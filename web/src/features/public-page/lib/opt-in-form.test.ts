import { describe, expect, it } from 'vitest';
import { normalizePhoneInput, safeAccentColor } from './opt-in-form';

describe('normalizePhoneInput', () => {
  it('turns what people type into E.164', () => {
    expect(normalizePhoneInput(' (555) 010-1234 ')).toBe('+15550101234');
    expect(normalizePhoneInput('1 555 010 1234')).toBe('+15550101234');
    expect(normalizePhoneInput('+387 61 123 456')).toBe('+38761123456');
    expect(normalizePhoneInput('00387 61 123 456')).toBe('+38761123456');
    expect(normalizePhoneInput('12')).toBe('12');
  });
});

describe('safeAccentColor', () => {
  it('accepts hex colours only', () => {
    expect(safeAccentColor('#0a7d5a')).toBe('#0a7d5a');
    expect(safeAccentColor(' #FFF ')).toBe('#FFF');
    expect(safeAccentColor('red; background: url(x)')).toBeNull();
    expect(safeAccentColor(null)).toBeNull();
  });
});
