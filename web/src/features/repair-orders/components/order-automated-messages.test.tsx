import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TAutomatedMessage } from '@cd/contracts/automated-message';
import type { TMe } from '@cd/contracts/user';
import '../../../lib/i18n';
import { CurrentUserContext } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { createQueryClient } from '../../../lib/query-client';
import { OrderAutomatedMessages } from './order-automated-messages';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const collection = (member: unknown[]) => json(200, { member, totalItems: member.length });

const message = (id: number, over: Partial<TAutomatedMessage>): TAutomatedMessage => ({
  '@id': `/api/automated_messages/${id}`,
  '@type': 'AutomatedMessage',
  id,
  key: `repair_order:7:status_url`,
  kind: 'status_url',
  entity: 'repair_order',
  entityId: 7,
  state: 'sent',
  reasonKey: 'automated_message_reason_sent',
  dueAt: null,
  heldUntil: null,
  sentAt: '2026-11-20T10:00:00Z',
  content: null,
  message: null,
  messageStatus: null,
  channel: null,
  error: null,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  ...over,
});

const orderMessage = message(1, {});
const surveyMessage = message(2, {
  key: 'survey:9:survey',
  kind: 'survey',
  entity: 'survey',
  entityId: 9,
  state: 'planned',
  sentAt: null,
  dueAt: '2026-11-26T09:00:00Z',
  createdAt: '2026-11-24T10:00:00Z',
});

function serve(sendNow: () => Response) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return Promise.resolve(sendNow());
    return Promise.resolve(url.includes('entity=survey') ? collection([surveyMessage]) : collection([orderMessage]));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderList(roles: string[]) {
  render(
    <CurrentUserContext.Provider value={{ roles } as unknown as TMe}>
      <QueryClientProvider client={createQueryClient()}>
        <OrderAutomatedMessages orderId={7} surveyId={9} />
      </QueryClientProvider>
    </CurrentUserContext.Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrderAutomatedMessages', () => {
  it("lists the survey's messages with the order's, newest first, and offers company admins to send a waiting one now", async () => {
    const fetch = serve(() => json(200, { ...surveyMessage, dueAt: '2026-11-24T12:00:00Z' }));
    renderList(['ROLE_USER', 'ROLE_COMPANY_ADMIN']);
    const row = await screen.findByTestId('automated-message-2');
    const rows = screen.getAllByTestId(/^automated-message-\d+$/).map((r) => r.dataset.testid);
    expect(rows).toEqual(['automated-message-2', 'automated-message-1']);
    expect(within(row).getByText('Survey')).toBeTruthy();
    expect(screen.queryByTestId('automated-message-send-now-1')).toBeNull();

    fireEvent.click(within(row).getByTestId('automated-message-send-now-2'));
    expect(screen.getByText(`Send this message now instead of at ${formatDateTime('2026-11-26T09:00:00Z')}?`)).toBeTruthy();
    const before = fetch.mock.calls.length;
    fireEvent.click(screen.getByTestId('automated-message-send-now-confirm'));
    await waitFor(() => expect(screen.queryByTestId('automated-message-send-now-confirm')).toBeNull());
    const put = fetch.mock.calls.find((c) => c[1]?.method === 'PUT')!;
    expect(String(put[0])).toBe('/api/automated_messages/2/send_now');
    // The list is asked again afterwards.
    await waitFor(() => expect(fetch.mock.calls.slice(before).filter((c) => c[1]?.method !== 'PUT').length).toBeGreaterThan(0));
  });

  it("shows the server's refusal when the message no longer waits", async () => {
    serve(() => json(409, { detail: 'automated_message_not_waiting' }));
    renderList(['ROLE_COMPANY_ADMIN']);
    fireEvent.click(await screen.findByTestId('automated-message-send-now-2'));
    fireEvent.click(screen.getByTestId('automated-message-send-now-confirm'));
    expect((await screen.findByTestId('automated-message-send-now-error')).textContent).toBe(
      'This message no longer waits: it was sent or cancelled in the meantime.',
    );
  });

  it('offers no sending early to other users', async () => {
    serve(() => json(500, {}));
    renderList(['ROLE_USER']);
    await screen.findByTestId('automated-message-2');
    expect(screen.queryByTestId('automated-message-send-now-2')).toBeNull();
  });
});
