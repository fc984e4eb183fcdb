import { describe, expect, it } from 'vitest';
import { normalizeListingUrlInput, normalizePhoneInput, safeAccentColor } from './lead-form';

describe('lead form', () => {
  it('normalises phones to E.164 the way the server checks them', () => {
    expect(normalizePhoneInput(' (202) 555-0187 ')).toBe('+12025550187');
    expect(normalizePhoneInput('12025550187')).toBe('+12025550187');
    expect(normalizePhoneInput('0038761123456')).toBe('+38761123456');
    expect(normalizePhoneInput('+387 61 123 456')).toBe('+38761123456');
  });

  it('takes an empty or http(s) listing link, adding https to a bare domain', () => {
    expect(normalizeListingUrlInput('  ')).toEqual({ ok: true, url: undefined });
    expect(normalizeListingUrlInput('homes.example/1')).toEqual({ ok: true, url: 'https://homes.example/1' });
    expect(normalizeListingUrlInput('http://homes.example/1')).toEqual({ ok: true, url: 'http://homes.example/1' });
    expect(normalizeListingUrlInput('not a link')).toEqual({ ok: false });
    expect(normalizeListingUrlInput('javascript:alert(1)')).toEqual({ ok: false });
  });

  it('keeps only valid accent colours', () => {
    expect(safeAccentColor('#112233')).toBe('#112233');
    expect(safeAccentColor('red; background: url(x)')).toBeNull();
    expect(safeAccentColor(null)).toBeNull();
  });
});
