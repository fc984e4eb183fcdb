import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TAuditEntry } from '@cd/contracts/audit';
import type { TMe } from '@cd/contracts/user';
import { MemoryRouter, useLocation } from 'react-router';
import '../../../lib/i18n';
import { CurrentUserContext } from '../../../lib/current-user';
import { createQueryClient } from '../../../lib/query-client';
import { AuditLogPage } from './audit-log-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const me = (roles: string[]) => ({ id: 1, roles: ['ROLE_USER', ...roles], companyData: { id: 4, name: 'Demo Motors' }, modules: {} }) as unknown as TMe;

function entry(patch: Partial<TAuditEntry> & { id: number }): TAuditEntry {
  return {
    '@id': `/api/audit_log/${patch.id}`,
    '@type': 'AuditEntry',
    companyId: 4,
    companyName: 'Demo Motors',
    action: 'user.roles_changed',
    actor: { id: 7, name: 'Ada Admin' },
    actingAs: null,
    entityType: 'user',
    entityId: 12,
    entityLabel: 'User Jane Doe',
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0',
    changes: [{ field: 'roles', before: ['ROLE_USER'], after: ['ROLE_USER', 'ROLE_PAYMENT'] }],
    detail: { reason: 'new cashier' },
    createdAt: '2026-11-28T10:00:00Z',
    ...patch,
  };
}
const impersonation = entry({
  id: 5,
  action: 'impersonation.start',
  actor: { id: 2, name: 'Sam Super' },
  actingAs: { id: 7, name: 'Ada Admin' },
  entityLabel: null,
  entityType: 'user',
  entityId: 7,
  changes: [],
  detail: {},
});

function serve(handler?: (url: URL) => Response | undefined) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://x');
      calls.push(url);
      if (url.pathname === '/api/companies') return json(200, { member: [{ id: 4, name: 'Demo Motors' }], totalItems: 1 });
      return handler?.(url) ?? (url.pathname === '/api/audit_log' ? json(200, { member: [entry({ id: 9 }), impersonation] }) : json(404, {}));
    }),
  );
  return calls;
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderPage(roles: string[], at = '/audit-log') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentUserContext.Provider value={me(roles)}>
        <MemoryRouter initialEntries={[at]}>
          <AuditLogPage />
          <Address />
        </MemoryRouter>
      </CurrentUserContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('audit log page', { timeout: 20_000 }, () => {
  it('lists who did what as whom, and opens a row to the before/after and the stored detail', async () => {
    serve();
    renderPage(['ROLE_COMPANY_ADMIN']);
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('User Jane Doe');
    expect(rows[0]!.textContent).toContain('203.0.113.9');
    expect(within(rows[1]!).getByTestId('audit-actor').textContent).toBe('Sam Superas Ada Admin');
    // Company admins see their own company only: no company column or filter.
    expect(screen.queryByTestId('audit-company')).toBeNull();

    fireEvent.click(within(rows[0]!).getByTestId('audit-row-toggle'));
    const changes = await screen.findByTestId('audit-changes');
    expect(changes.textContent).toContain('roles');
    expect(changes.textContent).toContain('["ROLE_USER","ROLE_PAYMENT"]');
    expect(screen.getByTestId('audit-raw').textContent).toContain('new cashier');
    expect(screen.getByTestId('audit-user-agent').textContent).toBe('Browser or app: Mozilla/5.0');
  });

  it('reads filters from the address, sends them, and filters by a person from a row', async () => {
    const calls = serve();
    renderPage(['ROLE_SUPER_ADMIN'], '/audit-log?company=4&action=user.&from=2026-11-01');
    const rows = await screen.findAllByTestId('audit-row');
    const first = calls.find((u) => u.pathname === '/api/audit_log')!;
    expect(first.searchParams.get('company')).toBe('4');
    expect(first.searchParams.get('action')).toBe('user.');
    expect(new Date(first.searchParams.get('from')!).getDate()).toBe(1);
    fireEvent.click(within(rows[0]!).getByText('Ada Admin'));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toContain('user=7'));
    expect(screen.getByTestId('audit-user-filter').textContent).toContain('Ada Admin');
    await waitFor(() => expect(calls.filter((u) => u.pathname === '/api/audit_log').some((u) => u.searchParams.get('user') === '7')).toBe(true));
  });

  it('never sends a company filter for a company admin, even from a hand-edited link', async () => {
    const calls = serve();
    renderPage(['ROLE_COMPANY_ADMIN'], '/audit-log?company=99');
    await screen.findAllByTestId('audit-row');
    expect(calls.find((u) => u.pathname === '/api/audit_log')!.searchParams.has('company')).toBe(false);
  });

  it('loads older entries through the keyset link, and explains an empty filtered list', async () => {
    const calls = serve((url) => {
      if (url.pathname !== '/api/audit_log') return undefined;
      if (url.searchParams.get('q') === 'nobody') return json(200, { member: [] });
      if (url.searchParams.get('id[lt]')) return json(200, { member: [entry({ id: 3 })] });
      return json(200, { member: [entry({ id: 9 })], view: { next: '/api/audit_log?createdAt%5Bstrictly_before%5D=2026-11-28T10%3A00%3A00Z&id%5Blt%5D=9' } });
    });
    renderPage(['ROLE_COMPANY_ADMIN']);
    await screen.findByTestId('audit-row');
    fireEvent.click(screen.getByTestId('audit-more'));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    expect(calls.some((u) => u.searchParams.get('id[lt]') === '9')).toBe(true);
    cleanup();
    serve((url) => (url.pathname === '/api/audit_log' ? json(200, { member: [] }) : undefined));
    renderPage(['ROLE_COMPANY_ADMIN'], '/audit-log?q=nobody');
    expect((await screen.findByTestId('audit-empty')).textContent).toContain('match');
  });
});
