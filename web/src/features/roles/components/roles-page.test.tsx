import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TRoleCatalogue } from '@cd/contracts/role-catalogue';
import { MemoryRouter } from 'react-router';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { RolesPage } from './roles-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

const catalogue: TRoleCatalogue = {
  roles: [
    {
      role: 'ROLE_COMMUNICATION',
      labelKey: 'role_communication',
      description: 'Customer conversations: inbox, messenger, groups.',
      menu: [{ key: 'inbox', path: '/communication/inbox' }],
      apiAreas: [{ area: 'communication', description: 'Customers and their messages', paths: ['/api/customers', '/api/messages'] }],
      userCount: 5,
      companies: [
        { id: 1, name: 'Alpha Cars', assignable: true, userCount: 3 },
        { id: 2, name: 'Zeta Motors', assignable: true, userCount: 0 },
      ],
    },
    {
      role: 'ROLE_PAYMENT',
      labelKey: 'role_payment',
      description: 'Payment requests and transactions.',
      menu: [],
      apiAreas: [{ area: 'payments', description: 'Payments', paths: ['/api/payment'] }],
      userCount: 0,
      companies: [
        { id: 1, name: 'Alpha Cars', assignable: false, userCount: 0 },
        { id: 2, name: 'Zeta Motors', assignable: true, userCount: 0 },
      ],
    },
  ],
};

function serve() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://x');
      calls.push({ method: init.method ?? 'GET', path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/role_catalogue') return json(200, catalogue);
      if (url.pathname.startsWith('/api/companies/') && init.method === 'PATCH') return json(200, { id: 1 });
      return json(404, {});
    }),
  );
  return calls;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/roles']}>
        <RolesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('roles page', { timeout: 20_000 }, () => {
  it('shows each role with its label, menu entries, API areas and holders', async () => {
    serve();
    renderPage();
    const cards = await screen.findAllByTestId('role-card');
    expect(cards).toHaveLength(2);
    const communication = within(cards[0]!);
    expect(communication.getByRole('heading', { level: 2 }).textContent).toBe('Communication');
    expect(communication.getByTestId('role-menu').textContent).toContain('/communication/inbox');
    expect(communication.getByTestId('role-areas').textContent).toContain('/api/customers');
    expect(communication.getByTestId('role-user-count').textContent).toContain('5');
  });

  it('adds a role to a company at once, and asks before removing one its users hold', async () => {
    const calls = serve();
    renderPage();
    await screen.findAllByTestId('company-roles-row');
    fireEvent.click(screen.getByTestId('company-role-1-ROLE_PAYMENT'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/companies/1',
      body: { availableUserRoles: ['ROLE_COMMUNICATION', 'ROLE_PAYMENT'] },
    });

    fireEvent.click(screen.getByTestId('company-role-1-ROLE_COMMUNICATION'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Alpha Cars');
    expect(dialog.textContent).toContain('3');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH')[1]!.body).toEqual({ availableUserRoles: [] });

    // Nobody at Zeta holds communication: no question asked.
    fireEvent.click(screen.getByTestId('company-role-2-ROLE_COMMUNICATION'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(3));
  });

  it('finds a company by name in the matrix', async () => {
    serve();
    renderPage();
    await screen.findAllByTestId('company-roles-row');
    fireEvent.change(screen.getByTestId('company-roles-search'), { target: { value: 'zeta' } });
    expect(screen.getAllByTestId('company-roles-row').map((r) => r.dataset.companyId)).toEqual(['2']);
  });
});
