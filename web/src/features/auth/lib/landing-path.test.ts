import { describe, expect, it } from 'vitest';
import { landingPath, returnPathOf } from './landing-path';

describe('landingPath', () => {
  it('sends super admins to companies whatever else they hold', () => {
    expect(landingPath(['ROLE_USER', 'ROLE_COMMUNICATION', 'ROLE_SUPER_ADMIN'])).toBe('/companies');
  });
  it('prefers communication, then appointments, then internal chat', () => {
    expect(landingPath(['ROLE_INTERNAL_CHAT', 'ROLE_APPOINTMENTS', 'ROLE_COMMUNICATION'])).toBe('/communication');
    expect(landingPath(['ROLE_INTERNAL_CHAT', 'ROLE_APPOINTMENTS'])).toBe('/appointments');
    expect(landingPath(['ROLE_INTERNAL_CHAT'])).toBe('/internal-chat');
  });
  it('sends everyone else to the no-board screen', () => {
    expect(landingPath(['ROLE_USER'])).toBe('/noboard');
    expect(landingPath(['ROLE_USER', 'ROLE_COMPANY_ADMIN'])).toBe('/noboard');
    expect(landingPath([])).toBe('/noboard');
  });
});

describe('returnPathOf', () => {
  it('returns to a page of this site, with its filters', () => {
    expect(returnPathOf('/audit-log?action=user.roles')).toBe('/audit-log?action=user.roles');
    expect(returnPathOf('/communication/12/messenger')).toBe('/communication/12/messenger');
  });
  it('never leaves the site, loops through a sign-in page or takes junk', () => {
    for (const from of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/login',
      '/login?x=1',
      '/reset-password/abc',
      '/forgot-password',
      '/',
      '',
      null,
      undefined,
      42,
      { from: '/x' },
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(returnPathOf(from), String(from)).toBeNull();
    }
  });
});
