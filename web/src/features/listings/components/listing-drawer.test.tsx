import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { ListingDrawer } from './listing-drawer';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

const listing = {
  '@id': '/api/listings/5',
  '@type': 'Listing',
  id: 5,
  name: '12 Maple Street',
  url: 'https://homes.example/12',
  keyword: '/api/keywords/7',
  keywordName: 'MAPLE',
  location: 'Springfield',
  priceCents: null,
  negotiable: false,
  status: 'for_sale',
  agent: null,
  agentName: null,
  photoUrl: null,
  description: '',
  archived: false,
  archivedAt: null,
  createdAt: '2026-11-28T10:00:00Z',
  updatedAt: '2026-11-28T10:00:00Z',
};

/** GETs answer the listing and no interests; each DELETE answers what `deletes` holds next. */
function serve(deletes: Response[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://x').pathname;
      const method = init.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (method === 'DELETE') return deletes.shift()!;
      if (path === '/api/listings/5') return json(200, listing);
      if (path === '/api/listing_interests') return json(200, { member: [], totalItems: 0 });
      return json(404, {});
    }),
  );
  return calls;
}

function renderDrawer() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ListingDrawer listingId={5} onClose={onClose} onAction={vi.fn()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onClose;
}

const deletes = (calls: string[]) => calls.filter((c) => c.startsWith('DELETE'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('listing drawer delete', () => {
  it('asks for confirmation; a 409 shows the server message and the archive advice, and keeps the drawer', async () => {
    const calls = serve([json(409, { title: 'Conflict', detail: 'This listing has interested customers or leads: archive it instead.' })]);
    const onClose = renderDrawer();
    fireEvent.click(await screen.findByTestId('listing-drawer-delete'));
    expect((await screen.findByTestId('listing-delete-dialog')).textContent).toContain('12 Maple Street');
    expect(deletes(calls)).toEqual([]);

    fireEvent.click(screen.getByTestId('listing-delete-confirm'));
    const error = await screen.findByTestId('listing-delete-error');
    expect(error.textContent).toContain('This listing has interested customers or leads: archive it instead.');
    expect(error.textContent).toContain('Archive the listing instead');
    expect((screen.getByTestId('listing-delete-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(deletes(calls)).toEqual(['DELETE /api/listings/5']);
    expect(onClose).not.toHaveBeenCalled();
  }, 30_000);

  it('cancelling deletes nothing; confirming deletes and closes the drawer', async () => {
    const calls = serve([new Response(null, { status: 204 })]);
    const onClose = renderDrawer();
    fireEvent.click(await screen.findByTestId('listing-drawer-delete'));
    fireEvent.click(await screen.findByTestId('listing-delete-cancel'));
    await waitFor(() => expect(screen.queryByTestId('listing-delete-dialog')).toBeNull());
    expect(deletes(calls)).toEqual([]);

    fireEvent.click(screen.getByTestId('listing-drawer-delete'));
    fireEvent.click(await screen.findByTestId('listing-delete-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(deletes(calls)).toEqual(['DELETE /api/listings/5']);
  }, 30_000);
});
