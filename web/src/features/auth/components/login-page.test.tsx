import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../../lib/i18n';
import { PreferencesProvider } from '../../../lib/preferences';
import { createQueryClient } from '../../../lib/query-client';
import { LoginPage } from './login-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderLogin(from?: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <p data-testid="landed" /> },
    ],
    { initialEntries: [from ? { pathname: '/login', state: { from } } : '/login'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PreferencesProvider>
        <RouterProvider router={router} />
      </PreferencesProvider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LoginPage', () => {
  it('keeps sign-in disabled while the email is empty and asks for the password', async () => {
    renderLogin();
    const submit = screen.getByTestId('login-submit');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'a@b.c' } });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText('enter your password')).toBeTruthy();
  });

  it('shows the invalid-credentials message on 401 and too-many-attempts on 429', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(401, { code: 401, message: 'Invalid credentials.' }))
      .mockResolvedValueOnce(json(429, { status: 429 }));
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Invalid password or email, please verify your credentials.');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('Too many sign-in attempts. Please try again later.'));
  });

  it('tells how long the sign-in back-off lasts when the server says so', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(429, { status: 429, retryAfter: 8 }))
      .mockResolvedValueOnce(json(429, { status: 429, retryAfter: 1 }))
      .mockResolvedValueOnce(json(429, { status: 429, retryAfter: 601 }));
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('Too many sign-in attempts. Try again in 8 seconds.'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('Too many sign-in attempts. Try again in 1 second.'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('Too many sign-in attempts. Try again in 11 minutes.'));
  });

  it('stores the tokens and lands by role, replacing the login entry', async () => {
    const me = { id: 1, roles: ['ROLE_USER', 'ROLE_APPOINTMENTS'], firstName: 'A', lastName: 'B', email: 'a@b.c' };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => Promise.resolve(url === '/api/login' ? json(200, { token: 't', refresh_token: 'r' }) : json(200, me))),
    );
    const router = renderLogin();
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Demo1234' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/appointments');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('token')).toBe('t');
    expect(localStorage.getItem('refresh_token')).toBe('r');
  });

  it('returns a signed-out visitor to the link they opened, filters included, instead of the landing page', async () => {
    const me = { id: 1, roles: ['ROLE_USER', 'ROLE_COMMUNICATION', 'ROLE_COMPANY_ADMIN'], firstName: 'A', lastName: 'B', email: 'a@b.c' };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => Promise.resolve(url === '/api/login' ? json(200, { token: 't', refresh_token: 'r' }) : json(200, me))),
    );
    const router = renderLogin('/audit-log?action=user.roles');
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Demo1234' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname + router.state.location.search).toBe('/audit-log?action=user.roles');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
