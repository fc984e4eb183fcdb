import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TMe } from '@cd/contracts/user';
import '../../../lib/i18n';
import { CurrentUserContext } from '../../../lib/current-user';
import { createQueryClient } from '../../../lib/query-client';
import { KeywordsPage } from './keywords-page';

const superAdmin = { id: 1, roles: ['ROLE_USER', 'ROLE_SUPER_ADMIN'], companyData: { id: 4, name: 'Demo Realty' }, modules: {} } as unknown as TMe;
const kw = (id: number, name: string, status: 'AVAILABLE' | 'USED') => ({
  '@id': `/api/keywords/${id}`,
  '@type': 'Keyword',
  id,
  name,
  status,
  listing: status === 'USED' ? '/api/listings/1' : null,
  listingName: status === 'USED' ? 'Maple' : null,
  createdAt: '2026-11-28T10:00:00Z',
});
const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const u = new URL(url, 'http://x');
      calls.push(`${init.method ?? 'GET'} ${u.pathname}${u.search}`);
      if (u.pathname === '/api/keywords') return json(200, { member: [kw(1, 'MAPLE', 'USED'), kw(2, 'CEDAR', 'AVAILABLE')], totalItems: 2 });
      if (u.pathname === '/api/companies') return json(200, { member: [], totalItems: 0 });
      if (init.method === 'DELETE') return json(204, null);
      return json(404, {});
    }),
  );
  return calls;
}

function renderPage(me: TMe) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentUserContext.Provider value={me}>
        <KeywordsPage />
      </CurrentUserContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('keywords admin', () => {
  it("lists the company's keywords; only an available one can be deleted, after a confirmation", async () => {
    const calls = serve();
    renderPage(superAdmin);
    await screen.findByTestId('keyword-MAPLE');
    expect(calls.some((c) => c.startsWith('GET /api/keywords?company=4'))).toBe(true);
    expect(screen.queryByTestId('keyword-delete-MAPLE')).toBeNull();
    fireEvent.click(screen.getByTestId('keyword-delete-CEDAR'));
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls).toContain('DELETE /api/keywords/2'));
  }, 30_000);

  it('is for super admins only', () => {
    serve();
    renderPage({ ...superAdmin, roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'] } as TMe);
    expect(screen.getByTestId('keywords-forbidden')).toBeTruthy();
  });
});
