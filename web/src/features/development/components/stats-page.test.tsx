import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import '../../../lib/i18n';
import { cleanupScreen, currentLocation, jsonResponse as json, renderScreen, stubFetch } from '../../../lib/screen-test-harness';
import { devStats } from '../lib/fixtures';
import { StatsPage } from './stats-page';

function serve(stats: () => Response) {
  return stubFetch((u) => {
    if (u.pathname === '/api/development/stats') return stats();
    if (u.pathname === '/api/companies') return json(200, { member: [] });
    return undefined;
  });
}

const renderPage = (url = '/development/stats') => renderScreen(<StatsPage />, url);

afterEach(cleanupScreen);

describe('StatsPage', { timeout: 60_000 }, () => {
  it('shows the cards and tables of the range, and moves presets and vendors into the address', async () => {
    const calls = serve(() => json(200, devStats()));
    renderPage('/development/stats?range=7d');
    expect((await screen.findByTestId('dev-stats-calls', {}, { timeout: 10_000 })).textContent).toBe('120');
    expect(calls.some((c) => c.startsWith('/api/development/stats?from='))).toBe(true);
    expect(screen.getByTestId('dev-stats-error-rate').textContent).toBe('5%');
    expect(screen.getByTestId('dev-stats-latency').textContent).toBe('140 ms / 820 ms');
    expect(screen.getByTestId('dev-stats-oldest-due').textContent).toBe('1 min');
    expect(screen.getByTestId('dev-stats-webhooks').textContent).toBe('40');
    expect(screen.getAllByTestId('dev-stats-by-vendor-row')).toHaveLength(1);
    expect(screen.getAllByTestId('dev-stats-queue-row')[0]!.textContent).toContain('send-message');
    fireEvent.click(screen.getByTestId('dev-stats-range-1h'));
    await waitFor(() => expect(currentLocation()).toBe('/development/stats?range=1h'));
    fireEvent.click(screen.getByRole('button', { name: 'twilio' }));
    await waitFor(() => expect(currentLocation()).toBe('/development/stats?range=1h&vendor=twilio'));
  });

  it('says when there were no calls, and shows a failure with a retry', async () => {
    serve(() =>
      json(
        200,
        devStats({ total: { calls: 0, errors: 0, errorRate: 0, callsPerMinute: 0, p50Ms: null, p95Ms: null }, byVendor: [], byCompany: [], series: [] }),
      ),
    );
    renderPage();
    expect(await screen.findByTestId('dev-stats-empty', {}, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    serve(() => json(500, {}));
    renderPage();
    expect(await screen.findByTestId('dev-stats-error', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
