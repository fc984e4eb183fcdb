import { describe, expect, it } from 'vitest';
import { landingPath } from './landing-path';

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
