import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TLead } from '@cd/contracts/leads';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { MarketingLeadsPage } from './marketing-leads-page';

const lead = (id: number, over: Partial<TLead> = {}): TLead => ({
  '@id': `/api/marketing/leads/${id}`,
  '@type': 'MarketingLead',
  id,
  source: 'keyword',
  status: 'new',
  note: '',
  customer: `/api/customers/${100 + id}`,
  customerName: `Lead ${id}`,
  customerPhone: '+15555550100',
  listing: '/api/listings/4',
  listingName: 'Ocean view 3-bed',
  offer: null,
  agent: '/api/users/2',
  agentName: 'Emma Wilson',
  createdAt: '2026-11-28T10:00:00Z',
  updatedAt: '2026-11-28T10:00:00Z',
  ...over,
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const page = (member: TLead[], next?: string) => ({
  '@context': '',
  '@id': '',
  '@type': 'Collection',
  member,
  totalItems: 3,
  view: next ? { '@id': '', next } : undefined,
});

function serve(answer: (url: string, init: RequestInit) => Response) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url: String(url), method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      return answer(String(url), init);
    }),
  );
  return calls;
}

function renderPage(path = '/marketing/leads') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <MarketingLeadsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('marketing leads page', () => {
  it('lists leads, loads the next keyset page and changes a status in place', async () => {
    const calls = serve((url, init) => {
      if (url.includes('/api/users/colleagues')) return json(200, { member: [] });
      if (init.method === 'PATCH') return json(200, lead(1, { status: 'contacted' }));
      if (url.includes('id%5Blt%5D') || url.includes('id[lt]')) return json(200, page([lead(3)]));
      return json(200, page([lead(1), lead(2)], '/api/marketing/leads?itemsPerPage=50&id%5Blt%5D=2'));
    });
    renderPage();
    await screen.findByTestId('lead-1');
    expect(within(screen.getByTestId('lead-1')).getByText('Ocean view 3-bed')).toBeTruthy();
    fireEvent.click(screen.getByTestId('leads-load-more'));
    await screen.findByTestId('lead-3');

    fireEvent.mouseDown(within(screen.getByTestId('lead-1')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Contacted' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toContain('/api/marketing/leads/1');
    expect(patch.body).toEqual({ status: 'contacted' });
  }, 20_000);

  it('sends the filters of the address as the API expects them', async () => {
    const calls = serve((url) => (url.includes('colleagues') ? json(200, { member: [] }) : json(200, page([]))));
    renderPage('/marketing/leads?source=offer_reply&agent=2&status=bogus');
    await screen.findByTestId('leads-empty');
    const list = calls.find((c) => c.url.includes('/api/marketing/leads'))!;
    expect(list.url).toContain('source=offer_reply');
    expect(decodeURIComponent(list.url)).toContain('agent=/api/users/2');
    expect(list.url).not.toContain('status=');
  });

  it('names the missing access when the server refuses', async () => {
    serve((url) =>
      url.includes('colleagues') ? json(200, { member: [] }) : json(403, { title: 'Forbidden', detail: 'You do not have access to marketing.', status: 403 }),
    );
    renderPage();
    expect((await screen.findByTestId('leads-error')).textContent).toContain('You do not have access to marketing.');
  });
});
