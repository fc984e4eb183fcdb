import { describe, expect, it } from 'vitest';
import { browserContextOf } from './browser-context';

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
    expect(browserContextOf({ ...base, location: { pathname: '/support', search: '?from=https://evil.example' } }).page).toBe(
      '/support?from=https://evil.example',
    );
  });

  it('adds the browser and the window size, within the server’s limits', () => {
    const ctx = browserContextOf({ ...base, userAgent: 'x'.repeat(900), location: { pathname: '/p'.repeat(400), search: '' } });
    expect(ctx.viewport).toBe('1280x720');
    expect(ctx.userAgent).toHaveLength(500);
    expect(ctx.page).toHaveLength(500);
  });
});
