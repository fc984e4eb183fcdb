import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TApiKey } from '@cd/contracts/api-keys';
import type { TMe } from '@cd/contracts/user';
import { MemoryRouter } from 'react-router';
import '../../../lib/i18n';
import { CurrentUserContext } from '../../../lib/current-user';
import { createQueryClient } from '../../../lib/query-client';
import { ApiKeysPage } from './api-keys-page';

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const me = { id: 1, roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'], companyData: { id: 4, name: 'Demo Motors' }, modules: {} } as unknown as TMe;

function key(patch: Partial<TApiKey> & { id: number }): TApiKey {
  return {
    '@id': `/api/api_keys/${patch.id}`,
    '@type': 'ApiKey',
    companyId: 4,
    name: 'CRM sync',
    prefix: 'cdk_live_0123456789ab',
    scopes: [{ area: 'messenger', access: 'read' }],
    status: 'active',
    createdAt: '2026-11-28T10:00:00Z',
    createdByUserId: 1,
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
    ...patch,
  };
}

function serve(list: TApiKey[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/api_keys' && method === 'GET') return json(200, { member: list, totalItems: list.length });
      if (url.pathname === '/api/api_keys' && method === 'POST') {
        const created = key({ id: 99, name: body.name, scopes: body.scopes });
        list.unshift(created);
        return json(201, { ...created, secret: 'cdk_live_0123456789ab_SECRETSECRETSECRETSECRETSECRETSECRETSECRE' });
      }
      if (method === 'DELETE') {
        const id = Number(url.pathname.split('/').pop());
        const i = list.findIndex((k) => k.id === id);
        list[i] = { ...list[i]!, status: 'revoked' };
        return json(204, null);
      }
      return json(404, {});
    }),
  );
  return calls;
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentUserContext.Provider value={me}>
        <MemoryRouter initialEntries={['/settings/api-keys']}>
          <ApiKeysPage />
        </MemoryRouter>
      </CurrentUserContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('API keys page', { timeout: 120_000 }, () => {
  it('shows the empty state', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByTestId('api-keys-empty')).toBeTruthy();
  });

  it('creates a key with chosen scopes and shows its secret once', async () => {
    const calls = serve([]);
    renderPage();
    await screen.findByTestId('api-keys-empty');
    fireEvent.click(screen.getByTestId('api-key-new'));
    // Without a scope, nothing is sent.
    fireEvent.click(screen.getByTestId('api-key-create-submit'));
    expect(await screen.findByTestId('api-key-no-scope')).toBeTruthy();
    fireEvent.change(screen.getByTestId('api-key-name'), { target: { value: 'Shop sync' } });
    fireEvent.click(screen.getByTestId('api-key-scope-messenger-write'));
    fireEvent.click(screen.getByTestId('api-key-scope-payments-read'));
    fireEvent.click(screen.getByTestId('api-key-create-submit'));
    const secret = await screen.findByTestId('api-key-secret');
    expect(secret.textContent).toMatch(/^cdk_live_/);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Shop sync',
      scopes: [
        { area: 'messenger', access: 'write' },
        { area: 'payments', access: 'read' },
      ],
      expiresAt: null,
    });
    fireEvent.click(screen.getByTestId('api-key-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).toBeNull());
    expect(await screen.findByTestId('api-key-row-99')).toBeTruthy();
  });

  it('revokes after confirmation', async () => {
    const calls = serve([key({ id: 5 }), key({ id: 6, status: 'revoked', name: null })]);
    renderPage();
    const row = await screen.findByTestId('api-key-row-5');
    expect(within(row).getByText('cdk_live_0123456789ab…')).toBeTruthy();
    expect(screen.queryByTestId('api-key-revoke-6')).toBeNull();
    fireEvent.click(screen.getByTestId('api-key-revoke-5'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/api_keys/5')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('api-key-status-5').textContent).toBe('Revoked'));
  });
});
