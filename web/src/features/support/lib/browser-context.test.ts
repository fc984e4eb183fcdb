import { describe, expect, it } from 'vitest';
import { browserContextOf, isSameSitePath, supportLinkOf } from './browser-context';

const base = { userAgent: 'Mozilla/5.0 Test', width: 1280.4, height: 720 };

describe('browserContextOf', () => {
  it('names the page the user came from when the app knows it', () => {
    expect(browserContextOf({ ...base, location: { pathname: '/support', search: '', state: { from: '/reports?type=recurring' } } }).page).toBe(
      '/reports?type=recurring',
    );
    expect(browserContextOf({ ...base, location: { pathname: '/support', search: '?from=%2Fcommunication%2Finbox' } }).page).toBe('/communication/inbox');
  });

  it('falls back to this page, and never sends an outside address as the page', () => {
    expect(browserContextOf({ ...base, location: { pathname: '/support', search: '' } }).page).toBe('/support');
    for (const from of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/a b', `/${'x'.repeat(600)}`])
      expect(browserContextOf({ ...base, location: { pathname: '/support', search: `?from=${encodeURIComponent(from)}` } }).page, from).toBe('/support');
    expect(browserContextOf({ ...base, location: { pathname: '/support', search: '', state: { from: '//evil.example' } } }).page).toBe('/support');
  });

  it('adds the browser and the window size, within the server’s limits', () => {
    const ctx = browserContextOf({ ...base, userAgent: 'x'.repeat(900), location: { pathname: '/p'.repeat(400), search: '' } });
    expect(ctx.viewport).toBe('1280x720');
    expect(ctx.userAgent).toHaveLength(500);
    expect(ctx.page).toHaveLength(500);
  });

  it('builds the menu’s Support link with the page the user is on', () => {
    expect(supportLinkOf({ pathname: '/communication/inbox', search: '?tab=open' })).toBe('/support?from=%2Fcommunication%2Finbox%3Ftab%3Dopen');
    expect(supportLinkOf({ pathname: '/support', search: '?from=%2Fx' })).toBe('/support?from=%2Fx');
    expect(supportLinkOf({ pathname: `/${'x'.repeat(600)}`, search: '' })).toBe('/support');
    expect(isSameSitePath('/ok?a=1#b')).toBe(true);
  });
});
