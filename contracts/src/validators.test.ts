import { describe, expect, it } from 'vitest';
import { isAccentColor, isValidPhone, isValidProfilePassword, isValidResetPassword, isValidUrl, parseAccentColor, toE164 } from './validators';
import { rankOf } from './roles';
import { ZCompanyPatchSchema, ZHoursSchema, DEFAULT_HOURS } from './company';

describe('phone rule', () => {
  it('always accepts +1555 test numbers and checks the rest', () => {
    expect(isValidPhone('+15550000000')).toBe(true);
    expect(isValidPhone('+1555123')).toBe(false);
    expect(isValidPhone('+12015550123')).toBe(true);
    expect(isValidPhone('+38761123456')).toBe(true);
    expect(isValidPhone('12345')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
  it('normalizes to E.164', () => {
    expect(toE164('+387 61 123 456')).toBe('+38761123456');
    expect(toE164('+1 (201) 555-0123')).toBe('+12015550123');
  });
});

describe('URL rule', () => {
  it.each([
    ['example.com', true],
    ['https://example.com:8080/a/b?x=1#top', true],
    ['http://192.168.1.10/path', true],
    ['ftp://example.com', false],
    ['not a url', false],
    ['http://', false],
    ['http://999.1.1.1', false],
  ])('%s → %s', (url, ok) => expect(isValidUrl(url)).toBe(ok));
});

describe('password rules', () => {
  it('reset: 8+ letters and digits with lower, upper and digit', () => {
    expect(isValidResetPassword('Abcdefg1')).toBe(true);
    expect(isValidResetPassword('Abcdef1')).toBe(false);
    expect(isValidResetPassword('abcdefg1')).toBe(false);
    expect(isValidResetPassword('Abcdefg!1')).toBe(false);
  });
  it('profile: 8+ with a number and an uppercase letter', () => {
    expect(isValidProfilePassword('Abcdefg1')).toBe(true);
    expect(isValidProfilePassword('Abcdef!1')).toBe(true);
    expect(isValidProfilePassword('abcdefg1')).toBe(false);
  });
});

describe('company schemas', () => {
  it('the default week is valid and needs a working day', () => {
    expect(ZHoursSchema.safeParse(DEFAULT_HOURS).success).toBe(true);
  });
  it('welcome message needs "text stop"', () => {
    expect(ZCompanyPatchSchema.safeParse({ welcomeMessage: 'Hi' }).success).toBe(false);
    expect(ZCompanyPatchSchema.safeParse({ welcomeMessage: 'Hi, TEXT STOP to end' }).success).toBe(true);
  });
  it('trims the name and requires it', () => {
    expect(ZCompanyPatchSchema.parse({ name: '  Acme  ' }).name).toBe('Acme');
    expect(ZCompanyPatchSchema.safeParse({ name: '   ' }).success).toBe(false);
  });
});

describe('rank', () => {
  it('orders super admin > company admin > user', () => {
    expect(rankOf(['ROLE_SUPER_ADMIN'])).toBe(2);
    expect(rankOf(['ROLE_USER', 'ROLE_COMPANY_ADMIN'])).toBe(1);
    expect(rankOf(['ROLE_USER'])).toBe(0);
  });
});

describe('accent colour (spec part 2 §9: rgb, alpha 0 to 1)', () => {
  it('accepts hex and rgb()/rgba() with channels 0–255 and alpha 0–1', () => {
    for (const ok of ['#0a7d5a', ' #FFF ', 'rgb(1,2,3)', 'rgba(26, 115, 232, 0.8)', 'rgb(0, 0, 0, 0)', 'rgba(255,255,255,1)', 'RGBA(10,20,30,.5)', 'rgba(1,2,3,1.0)'])
      expect(isAccentColor(ok), ok).toBe(true);
  });

  it('refuses alpha outside 0–1, channels over 255, other syntaxes and anything that could smuggle CSS', () => {
    for (const bad of ['rgba(1,2,3,1.5)', 'rgba(1,2,3,-0.1)', 'rgba(1,2,3,2)', 'rgb(256,0,0)', 'rgb(1,2)', 'rgba(1,2,3,0.5', 'hsl(1,2%,3%)', 'red', '#12345', '', 'rgb(1,2,3); background:url(x)', 'rgb(1,2,3)\n}'])
      expect(isAccentColor(bad), bad).toBe(false);
  });

  it('parses the parts, alpha 1 when not given', () => {
    expect(parseAccentColor('#abc')).toEqual({ r: 170, g: 187, b: 204, alpha: 1 });
    expect(parseAccentColor('rgba(26, 115, 232, 0.8)')).toEqual({ r: 26, g: 115, b: 232, alpha: 0.8 });
    expect(parseAccentColor('nope')).toBeNull();
  });

  it('is what the company patch checks; blank and null clear it', () => {
    expect(ZCompanyPatchSchema.safeParse({ customerView: { accentColor: 'rgba(1,2,3,0.5)' } }).success).toBe(true);
    expect(ZCompanyPatchSchema.safeParse({ customerView: { accentColor: null } }).success).toBe(true);
    expect(ZCompanyPatchSchema.safeParse({ customerView: { accentColor: '' } }).success).toBe(true);
    expect(ZCompanyPatchSchema.safeParse({ customerView: { accentColor: 'rgba(1,2,3,1.2)' } }).success).toBe(false);
    expect(ZCompanyPatchSchema.safeParse({ accentColor: 'url(javascript:alert(1))' }).success).toBe(false);
  });
});
