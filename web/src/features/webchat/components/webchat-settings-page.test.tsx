import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TWebchatSettings } from '@cd/contracts/webchat';
import type { TMe } from '@cd/contracts/user';
import '../../../lib/i18n';
import { cleanupScreen, jsonResponse as json, renderScreen, stubFetch } from '../../../lib/screen-test-harness';
import { WebchatSettingsPage } from './webchat-settings-page';

const me = { id: 1, roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'], companyData: { id: 4, name: 'Demo Motors' }, modules: {} } as unknown as TMe;

const initial: TWebchatSettings = {
  enabled: false,
  widgetKey: 'wk_abcdefghijklmnopqrstuv',
  allowedOrigins: [],
  greeting: '',
  color: '#1565c0',
  welcomeEnabled: true,
  welcomeMessage: '',
  welcomeDefault: 'Thanks for your message! Someone from Demo Motors will reply here shortly.',
  updatedAt: '2026-11-28T10:00:00Z',
};

function serve(opts: { getStatus?: number; patchStatus?: number } = {}) {
  const calls: { method: string; path: string; body: Record<string, unknown> | undefined }[] = [];
  let current = { ...initial };
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname !== '/api/webchat/settings') return undefined;
    if (method === 'GET') return opts.getStatus ? json(opts.getStatus, { code: 500, message: 'boom' }) : json(200, current);
    if (opts.patchStatus) return json(opts.patchStatus, { violations: [{ propertyPath: 'greeting', message: 'At most 300 characters.' }] });
    const { rotateKey, ...rest } = body ?? {};
    current = { ...current, ...rest, ...(rotateKey ? { widgetKey: 'wk_NEWNEWNEWNEWNEWNEWNEW' } : {}) } as TWebchatSettings;
    return json(200, current);
  });
  return calls;
}

const renderPage = () => renderScreen(<WebchatSettingsPage />, '/settings/webchat', me);

afterEach(cleanupScreen);

describe('website chat settings page', { timeout: 120_000 }, () => {
  it('shows the empty origin list and the embed snippet with this app and the key', async () => {
    serve();
    renderPage();
    expect(screen.getByTestId('webchat-loading')).toBeTruthy();
    expect(await screen.findByTestId('webchat-origins-empty')).toBeTruthy();
    expect(screen.getByTestId('webchat-snippet').textContent).toBe(
      `<script src="${window.location.origin}/widget/v1.js" data-key="wk_abcdefghijklmnopqrstuv" async></script>`,
    );
    expect(screen.getByTestId('webchat-embed-off')).toBeTruthy();
    expect((screen.getByTestId('webchat-welcome-text') as HTMLTextAreaElement).placeholder).toBe(initial.welcomeDefault);
  });

  it('validates origins like the server, then saves everything in one PATCH', async () => {
    const calls = serve();
    renderPage();
    await screen.findByTestId('webchat-origins-empty');
    const input = screen.getByTestId('webchat-origin-input');
    fireEvent.change(input, { target: { value: 'https://*.dealer.example' } });
    fireEvent.click(screen.getByTestId('webchat-origin-add'));
    expect(await screen.findByText(/no path, no \*/)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'https://Dealer.example/contact' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('https://dealer.example')).toBeTruthy();
    fireEvent.click(screen.getByTestId('webchat-enabled'));
    fireEvent.change(screen.getByTestId('webchat-welcome-text'), { target: { value: 'Hi there!' } });
    fireEvent.click(screen.getByTestId('webchat-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      enabled: true,
      allowedOrigins: ['https://dealer.example'],
      greeting: '',
      color: '#1565c0',
      welcomeEnabled: true,
      welcomeMessage: 'Hi there!',
    });
    await waitFor(() => expect(screen.queryByTestId('webchat-embed-off')).toBeNull());
  });

  it('issues a new key only after confirmation', async () => {
    const calls = serve();
    renderPage();
    await screen.findByTestId('webchat-snippet');
    fireEvent.click(screen.getByTestId('webchat-rotate-key'));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('webchat-snippet').textContent).toContain('wk_NEWNEWNEWNEWNEWNEWNEW'));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ rotateKey: true });
  });

  it('shows a load error with retry', async () => {
    serve({ getStatus: 500 });
    renderPage();
    expect(await screen.findByTestId('webchat-error', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
