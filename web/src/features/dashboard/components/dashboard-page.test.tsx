import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TMe } from '@cd/contracts/user';
import '../../../lib/i18n';
import { CurrentUserContext } from '../../../lib/current-user';
import { createQueryClient } from '../../../lib/query-client';
import { usageMetrics } from '../../../lib/usage-metrics-fixtures';
import { dashboard, reminder, stats } from '../lib/fixtures';
import { DashboardPage } from './dashboard-page';

const admin = { id: 1, firstName: 'Maria', lastName: 'Manager', roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'], companyData: { id: 4 } } as unknown as TMe;
const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

type TRoutes = { dashboard?: () => Response; stats?: () => Response; reminders?: () => Response };

function serve(routes: TRoutes = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const u = new URL(url, 'http://x');
      const method = init.method ?? 'GET';
      calls.push({ method, path: `${u.pathname}${u.search}`, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (u.pathname === '/api/dashboard') return routes.dashboard?.() ?? json(200, dashboard());
      if (u.pathname === '/api/dashboard/stats') return routes.stats?.() ?? json(200, stats());
      if (u.pathname === '/api/reminders' && method === 'GET') return routes.reminders?.() ?? json(200, { member: [], totalItems: 0 });
      if (u.pathname === '/api/reminders' && method === 'POST') return json(201, reminder({ id: 9 }));
      if (u.pathname.startsWith('/api/reminders/') && method === 'PATCH') return json(200, reminder({ doneAt: '2026-11-28T15:00:00Z' }));
      if (u.pathname.startsWith('/api/reminders/') && method === 'DELETE') return json(204, null);
      return json(404, {});
    }),
  );
  return calls;
}

function renderPage(me: TMe = admin) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentUserContext.Provider value={me}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <DashboardPage />
        </MemoryRouter>
      </CurrentUserContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DashboardPage', { timeout: 60_000 }, () => {
  it("shows today's figures against last week, each card linking to its list, module cards only where present", async () => {
    serve();
    renderPage();
    expect(await screen.findByTestId('dashboard-conversations-count', {}, { timeout: 10_000 })).toHaveProperty('textContent', '12');
    expect(screen.getByTestId('dashboard-conversations-change').textContent).toBe('+20%');
    expect(screen.getByTestId('dashboard-first-response-business').textContent).toBe('3 min 0 s');
    expect(screen.getByTestId('dashboard-first-response-wall').textContent).toBe('7 min 0 s');
    expect(screen.getByTestId('dashboard-buckets-business-under5').textContent).toContain('8');
    expect(screen.getByTestId('dashboard-messages-in').textContent).toBe('40');
    expect(screen.getByTestId('dashboard-subtitle').textContent).toContain('America/Chicago');
    expect(screen.getByTestId('dashboard-conversations-link').getAttribute('href')).toBe('/communication/inbox');
    expect(screen.getByTestId('dashboard-surveys-link').getAttribute('href')).toBe('/surveys');
    expect(screen.queryByTestId('dashboard-payments')).toBeNull();
    expect(screen.queryByTestId('dashboard-appointments')).toBeNull();
    const rows = screen.getAllByTestId('dashboard-backlog-row');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Unassigned5'), expect.stringContaining('Ann Agent2')]);
    expect(await screen.findByTestId('dashboard-trend-chart')).toBeTruthy();
    expect(screen.getByTestId('dashboard-stats-link').getAttribute('href')).toBe('/analytics?from=2026-11-15&to=2026-11-28');
  });

  it('explains what will appear on a quiet day', async () => {
    serve({
      dashboard: () => json(200, dashboard({ today: usageMetrics({ payments: { requested: 0, paid: 0, amountCents: 0 } }), unreadBacklog: [] })),
      stats: () =>
        json(
          200,
          stats(14, () => ({ inbound: 0, outboundHuman: 0, outboundAutomated: 0 })),
        ),
    });
    renderPage();
    expect((await screen.findByTestId('dashboard-conversations-empty', {}, { timeout: 10_000 })).textContent).toContain('No conversations yet today');
    expect(screen.getByTestId('dashboard-first-response-empty')).toBeTruthy();
    expect(screen.getByTestId('dashboard-backlog-empty')).toBeTruthy();
    expect(screen.getByTestId('dashboard-payments-link').getAttribute('href')).toBe('/payment/transactions');
    expect(await screen.findByTestId('dashboard-stats-empty')).toBeTruthy();
    expect(await screen.findByTestId('reminders-empty')).toBeTruthy();
  });

  it('shows an error with a retry that loads the dashboard', async () => {
    let fail = true;
    serve({ dashboard: () => (fail ? json(500, { detail: 'boom' }) : json(200, dashboard())) });
    renderPage();
    expect(await screen.findByTestId('dashboard-error', {}, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByTestId('dashboard-retry'));
    expect(await screen.findByTestId('dashboard-conversations-count')).toBeTruthy();
  });

  it('adds, completes and (after a confirmation) deletes reminders; an overdue one stands out', async () => {
    const calls = serve({
      reminders: () => json(200, { member: [reminder({ id: 1, dueAt: '2020-01-01T10:00:00Z' }), reminder({ id: 2, text: 'Order parts' })], totalItems: 2 }),
    });
    renderPage();
    const rows = await screen.findAllByTestId('reminder-row', {}, { timeout: 10_000 });
    expect(rows.map((r) => r.getAttribute('data-overdue'))).toEqual(['true', 'false']);
    expect(rows[0]!.textContent).toContain('Overdue since');

    fireEvent.click(screen.getByTestId('reminder-add'));
    expect(await screen.findByText('Write what to remember.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('reminder-text'), { target: { value: '  Call the insurer  ' } });
    fireEvent.change(screen.getByTestId('reminder-due'), { target: { value: '2030-05-01T09:30' } });
    fireEvent.click(screen.getByTestId('reminder-add'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ text: 'Call the insurer', dueAt: new Date('2030-05-01T09:30').toISOString() });

    fireEvent.click(within(rows[1]!).getByTestId('reminder-done'));
    await waitFor(() => expect(calls).toContainEqual({ method: 'PATCH', path: '/api/reminders/2', body: { done: true } }));

    fireEvent.click(within(screen.getAllByTestId('reminder-row')[0]!).getByTestId('reminder-delete'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/api/reminders/1', body: undefined }));
  });

  it('is for company admins only', () => {
    serve();
    renderPage({ ...admin, roles: ['ROLE_USER'] } as TMe);
    expect(screen.getByTestId('dashboard-forbidden')).toBeTruthy();
  });
});
