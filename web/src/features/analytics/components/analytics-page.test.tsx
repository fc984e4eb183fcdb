import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TMe } from '@cd/contracts/user';
import '../../../lib/i18n';
import { cleanupScreen, currentLocation, jsonResponse as json, renderScreen, stubFetch } from '../../../lib/screen-test-harness';
import { busyMetrics, emptyMetrics } from '../lib/fixtures';
import { AnalyticsPage } from './analytics-page';

const admin = { id: 1, firstName: 'Maria', lastName: 'Manager', roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'], companyData: { id: 4 } } as unknown as TMe;

function serve(analytics: () => Response = () => json(200, busyMetrics())) {
  return stubFetch((u) => {
    if (u.pathname === '/api/analytics') return analytics();
    if (u.pathname === '/api/analytics/export.csv')
      return new Response('day,inbound\n2026-11-22,10\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    if (u.pathname === '/api/users/colleagues')
      return json(200, { member: [{ '@id': '/api/users/3', id: 3, firstName: 'Ann', lastName: 'Agent', email: 'a@x.test', roles: [] }], totalItems: 1 });
    return undefined;
  });
}

const renderPage = (url = '/analytics', me: TMe = admin) => renderScreen(<AnalyticsPage />, url, me);

afterEach(cleanupScreen);

describe('AnalyticsPage', { timeout: 60_000 }, () => {
  it('asks for the range and filters of the address and shows totals, charts and tables', async () => {
    const calls = serve();
    renderPage('/analytics?from=2026-11-22&to=2026-11-28&userId=3&channel=whatsapp');
    expect(await screen.findByTestId('analytics-total-conversations', {}, { timeout: 10_000 })).toHaveProperty('textContent', '24');
    expect(calls).toContain('/api/analytics?from=2026-11-22&to=2026-11-28&userId%5B%5D=3&channel%5B%5D=whatsapp');
    expect(screen.getByTestId('analytics-range').textContent).toBe('11/22/2026 – 11/28/2026 · times in America/Chicago');
    expect(screen.getByTestId('analytics-first-response').textContent).toBe('3 min 0 s');
    expect(screen.getByTestId('analytics-chart-days')).toBeTruthy();
    expect(screen.getByTestId('analytics-chart-agents')).toBeTruthy();
    expect(screen.getAllByTestId('analytics-agent-row').map((r) => r.firstChild?.textContent)).toEqual(['Ann Agent', 'Bo Builder']);
    expect(screen.getAllByTestId('analytics-channel-row').map((r) => r.firstChild?.textContent)).toEqual(['SMS (local gateway)', 'WhatsApp']);
    expect(screen.queryByTestId('analytics-surveys')).toBeNull();
  });

  it('puts a period, an agent and a channel into the address, which asks again', async () => {
    const calls = serve();
    renderPage();
    await screen.findByTestId('analytics-total-conversations', {}, { timeout: 10_000 });
    expect(calls).toContain('/api/analytics?period=last_7_days');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByTestId('analytics-period-mtd'));
    await waitFor(() => expect(currentLocation()).toBe('/analytics?period=mtd'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Agents' }));
    fireEvent.click(await screen.findByTestId('analytics-agent-3'));
    await waitFor(() => expect(currentLocation()).toBe('/analytics?period=mtd&userId=3'));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Channel' }));
    fireEvent.click(await screen.findByTestId('analytics-channel-viber'));
    await waitFor(() => expect(currentLocation()).toBe('/analytics?period=mtd&userId=3&channel=viber'));
    await waitFor(() => expect(calls).toContain('/api/analytics?period=mtd&userId%5B%5D=3&channel%5B%5D=viber'));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByTestId('analytics-period-custom'));
    await waitFor(() => expect(currentLocation()).toBe('/analytics?from=2026-11-22&to=2026-11-28&userId=3&channel=viber'));
    fireEvent.change(screen.getByTestId('analytics-from'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(currentLocation()).toBe('/analytics?from=2026-11-01&to=2026-11-28&userId=3&channel=viber'));
  });

  it('downloads the CSV of the same query', async () => {
    const calls = serve();
    // jsdom has no object URLs: stand-ins for this test only.
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage('/analytics?period=ytd&channel=sms_gateway');
    await screen.findByTestId('analytics-total-conversations', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('analytics-export'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls).toContain('/api/analytics/export.csv?period=ytd&channel%5B%5D=sms_gateway');
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('analytics-2026-11-22-2026-11-28.csv');
    click.mockRestore();
    URL.createObjectURL = saved.create;
    URL.revokeObjectURL = saved.revoke;
  });

  it('explains an empty range, and shows an error with a retry', async () => {
    let status = 500;
    serve(() => (status === 200 ? json(200, emptyMetrics()) : json(status, { detail: 'boom' })));
    renderPage();
    expect(await screen.findByTestId('analytics-error', {}, { timeout: 10_000 })).toBeTruthy();
    status = 200;
    fireEvent.click(screen.getByTestId('analytics-retry'));
    expect((await screen.findByTestId('analytics-empty')).textContent).toContain('No messages in this range yet');
    expect(within(screen.getByTestId('analytics-summary')).getByTestId('analytics-total-in').textContent).toBe('0');
  });

  it('is for company admins only', () => {
    serve();
    renderPage('/analytics', { ...admin, roles: ['ROLE_USER'] } as TMe);
    expect(screen.getByTestId('analytics-forbidden')).toBeTruthy();
  });
});
