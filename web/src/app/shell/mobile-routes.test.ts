import { describe, expect, it } from 'vitest';
import { isMobileRoute } from './mobile-routes';

describe('isMobileRoute', () => {
  it('allows only the inbox flow', () => {
    expect(isMobileRoute('/communication/inbox')).toBe(true);
    expect(isMobileRoute('/communication/12/messenger')).toBe(true);
    expect(isMobileRoute('/communication/12/details/')).toBe(true);
    expect(isMobileRoute('/repair-orders/42')).toBe(true);
    expect(isMobileRoute('/surveys')).toBe(true);
    expect(isMobileRoute('/appointments')).toBe(true);
    for (const p of [
      '/',
      '/communication',
      '/companies',
      '/communication/12',
      '/communication/inbox/x',
      '/support',
      '/repair-orders',
      '/repair-orders/x',
      '/surveys/1',
      '/appointments/schedule',
    ])
      expect(isMobileRoute(p)).toBe(false);
  });
});
