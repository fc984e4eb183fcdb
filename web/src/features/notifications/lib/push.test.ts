import { describe, expect, it } from 'vitest';
import { applicationServerKeyBytes, pushRegistrationMode, sameServerKey, toSubscriptionInput } from './push';

describe('push registration rules', () => {
  it('registers only the real user with a company, following the push setting', () => {
    const base = { push: true, impersonating: false, hasCompany: true, supported: true };
    expect(pushRegistrationMode(base)).toBe('subscribe');
    expect(pushRegistrationMode({ ...base, push: false })).toBe('unsubscribe');
    expect(pushRegistrationMode({ ...base, impersonating: true })).toBe('idle');
    expect(pushRegistrationMode({ ...base, push: false, impersonating: true })).toBe('idle');
    expect(pushRegistrationMode({ ...base, hasCompany: false })).toBe('idle');
    expect(pushRegistrationMode({ ...base, supported: false })).toBe('idle');
  });

  it('decodes the base64url server key and compares it with a subscription key', () => {
    const bytes = applicationServerKeyBytes('BAEC_-8');
    expect(Array.from(bytes)).toEqual([4, 1, 2, 255, 239]);
    expect(sameServerKey(bytes.buffer, 'BAEC_-8')).toBe(true);
    expect(sameServerKey(bytes.buffer, 'BAED_-8')).toBe(false);
    expect(sameServerKey(bytes.buffer, 'BAEC')).toBe(false);
    expect(sameServerKey(null, 'BAEC_-8')).toBe(false);
  });

  it("maps the browser's subscription to the API body", () => {
    expect(toSubscriptionInput({ endpoint: 'https://push.example/1', keys: { p256dh: 'AAA=', auth: 'BBB' } })).toEqual({ endpoint: 'https://push.example/1', key: 'AAA', token: 'BBB' });
    expect(toSubscriptionInput({ endpoint: 'https://push.example/1' })).toBeNull();
  });
});
