import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TWebhookDelivery, TWebhookEndpoint } from '@cd/contracts/outgoing-webhooks';
import { MemoryRouter } from 'react-router';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { WebhooksPage } from './webhooks-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

function endpoint(patch: Partial<TWebhookEndpoint> & { id: number }): TWebhookEndpoint {
  return {
    '@id': `/api/webhook_endpoints/${patch.id}`,
    '@type': 'WebhookEndpoint',
    url: 'https://crm.example/hooks',
    description: 'CRM',
    events: ['customer.created'],
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    previousSecretExpiresAt: null,
    createdAt: '2026-11-28T10:00:00Z',
    updatedAt: '2026-11-28T10:00:00Z',
    ...patch,
  };
}

const delivery: TWebhookDelivery = {
  '@id': '/api/webhook_deliveries/7',
  '@type': 'WebhookDelivery',
  id: 7,
  endpointId: 1,
  eventId: 'evt_abc',
  type: 'customer.created',
  status: 'failed',
  attempts: 8,
  responseStatus: 500,
  durationMs: 42,
  error: 'The endpoint answered HTTP 500.',
  responseBody: 'nope',
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-28T11:00:00Z',
  replayOf: null,
  createdAt: '2026-11-28T10:00:00Z',
  payload: { id: 'evt_abc', type: 'customer.created', created_at: '2026-11-28T10:00:00Z', company_id: 3, data: { object: { id: 99, firstName: 'Rita' } } },
};

type THandler = (path: string, init: RequestInit) => Response | undefined;
function serve(handler: THandler) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://x');
      calls.push({ method: init.method ?? 'GET', path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return handler(url.pathname, init) ?? json(404, {});
    }),
  );
  return calls;
}

function renderPage(entry = '/settings/webhooks') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <WebhooksPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const one = endpoint({ id: 1 });
const off = endpoint({ id: 2, url: 'https://down.example/h', enabled: false, disabledReason: 'failing' });
const list = (path: string) => (path === '/api/webhook_endpoints' ? json(200, { member: [one, off], totalItems: 2 }) : undefined);

describe('webhooks page', { timeout: 20_000 }, () => {
  it('lists endpoints with their state, and says so when there are none', async () => {
    serve(list);
    renderPage();
    const rows = await screen.findAllByTestId('webhook-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByTestId('webhook-state').textContent).toBe('Switched off after failures');
    expect(within(rows[1]!).getByTestId('webhook-test')).toHaveProperty('disabled', true);
    cleanup();
    serve((path) => (path === '/api/webhook_endpoints' ? json(200, { member: [], totalItems: 0 }) : undefined));
    renderPage();
    expect(await screen.findByTestId('webhooks-empty')).toBeTruthy();
  });

  it('creates an endpoint with the chosen events, shows its secret, and places the server’s URL refusal on the field', async () => {
    let refuse = true;
    const calls = serve((path, init) => {
      if (path === '/api/webhook_endpoints' && init.method === 'POST')
        return refuse
          ? json(422, {
              detail: 'url: This address is not on the public internet.',
              violations: [{ propertyPath: 'url', message: 'This address is not on the public internet.' }],
            })
          : json(201, { ...endpoint({ id: 3, url: 'https://ok.example/h' }), secret: 'whsec_shown' });
      return list(path);
    });
    renderPage();
    await screen.findAllByTestId('webhook-row');
    fireEvent.click(screen.getByTestId('webhook-add'));
    fireEvent.change(await screen.findByTestId('webhook-url'), { target: { value: 'https://10.0.0.1/h' } });
    fireEvent.click(screen.getByTestId('webhook-event-message.sent'));
    fireEvent.click(screen.getByTestId('webhook-endpoint-submit'));
    expect(await screen.findByText('This address is not on the public internet.')).toBeTruthy();
    refuse = false;
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://ok.example/h' } });
    fireEvent.click(screen.getByTestId('webhook-endpoint-submit'));
    expect((await screen.findByTestId('webhook-secret-value')).textContent).toBe('whsec_shown');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.at(-1)!.body).toMatchObject({ url: 'https://ok.example/h', events: ['message.sent'], enabled: true });
  });

  it('refuses to submit without events', async () => {
    const calls = serve(list);
    renderPage();
    await screen.findAllByTestId('webhook-row');
    fireEvent.click(screen.getByTestId('webhook-add'));
    fireEvent.change(await screen.findByTestId('webhook-url'), { target: { value: 'https://ok.example/h' } });
    fireEvent.click(screen.getByTestId('webhook-endpoint-submit'));
    expect(await screen.findByText('Choose at least one event.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('opens the delivery log from the address, shows the payload and replays only after confirmation', async () => {
    const calls = serve((path, init) => {
      if (path === '/api/webhook_endpoints/1/deliveries') return json(200, { member: [delivery] });
      if (path === '/api/webhook_deliveries/7/replay' && init.method === 'POST') return json(202, { ...delivery, id: 8, status: 'pending', replayOf: 7 });
      return list(path);
    });
    renderPage('/settings/webhooks?deliveries=1');
    await screen.findAllByTestId('webhook-row');
    const row = await screen.findByTestId('webhook-delivery-row', {}, { timeout: 5000 });
    expect(within(row).getByTestId('webhook-delivery-status').dataset.status).toBe('failed');
    fireEvent.click(within(row).getByLabelText('Details'));
    expect((await screen.findByTestId('webhook-delivery-payload')).textContent).toContain('"firstName": "Rita"');
    fireEvent.click(within(row).getByTestId('webhook-delivery-replay'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/webhook_deliveries/7/replay')).toHaveLength(1));
  });

  it('rolls the secret only after confirmation', async () => {
    const calls = serve((path, init) => {
      if (path === '/api/webhook_endpoints/1/roll_secret' && init.method === 'POST')
        return json(200, { ...one, secret: 'whsec_new', previousSecretExpiresAt: '2026-11-29T10:00:00Z' });
      if (path === '/api/webhook_endpoints/1/secret') return json(200, { secret: 'whsec_old' });
      return list(path);
    });
    renderPage();
    const rows = await screen.findAllByTestId('webhook-row');
    fireEvent.click(within(rows[0]!).getByTestId('webhook-secret'));
    expect((await screen.findByTestId('webhook-secret-value')).textContent).not.toContain('whsec');
    expect(screen.queryByTestId('webhook-secret-grace')).toBeNull();
    fireEvent.click(screen.getByTestId('webhook-secret-reveal'));
    await waitFor(() => expect(screen.getByTestId('webhook-secret-value').textContent).toBe('whsec_old'));
    fireEvent.click(screen.getByTestId('webhook-secret-roll'));
    expect(calls.some((c) => c.path.endsWith('roll_secret'))).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('webhook-secret-value').textContent).toBe('whsec_new'));
    // The replaced secret keeps signing for the grace period, and the dialog says until when.
    expect(screen.getByTestId('webhook-secret-grace').textContent).toContain('2026');
  });
});
