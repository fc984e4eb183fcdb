import { describe, expect, it } from 'vitest';
import { normalizePhoneInput, safeAccentColor } from './public-form';

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
  it('accepts hex and rgb colours with alpha 0 to 1 only', () => {
    expect(safeAccentColor('rgba(26, 115, 232, 0.8)')).toBe('rgba(26, 115, 232, 0.8)');
    expect(safeAccentColor('rgba(26, 115, 232, 3)')).toBeNull();
    expect(safeAccentColor('rgb(26,115,232,.5)')).toBe('rgba(26, 115, 232, 0.5)');
    expect(safeAccentColor('RGB(26,115,232)')).toBe('rgb(26, 115, 232)');
    expect(safeAccentColor('#0a7d5a')).toBe('#0a7d5a');
    expect(safeAccentColor(' #FFF ')).toBe('#FFF');
    expect(safeAccentColor('red; background: url(x)')).toBeNull();
    expect(safeAccentColor(null)).toBeNull();
  });
});
