import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TMe } from '@cd/contracts/user';
import '../../../lib/i18n';
import { CurrentUserContext } from '../../../lib/current-user';
import { createQueryClient } from '../../../lib/query-client';
import { ListingFormDialog } from './listing-form-dialog';

const me = {
  id: 1,
  firstName: 'Ana',
  lastName: 'Agent',
  email: 'ana@example.com',
  roles: ['ROLE_USER', 'ROLE_REAL_ESTATE'],
  modules: { realEstate: true },
} as unknown as TMe;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

const keyword = {
  '@id': '/api/keywords/7',
  '@type': 'Keyword',
  id: 7,
  name: 'MAPLE',
  status: 'AVAILABLE',
  listing: null,
  listingName: null,
  createdAt: '2026-11-28T10:00:00Z',
};

/** Answers by path; the generate call answers what `generate` holds next. Records the POSTed bodies. */
function serve(generate: Response[]) {
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/keywords') return json(200, { member: [keyword], totalItems: 1 });
      if (path === '/api/users/colleagues') return json(200, { member: [], totalItems: 0 });
      posts.push({ url: path, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      if (path === '/api/listings/generate_data_by_url') return generate.shift()!;
      if (path === '/api/listings') return json(201, { id: 9, name: 'x' });
      return json(404, {});
    }),
  );
  return posts;
}

function renderDialog() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CurrentUserContext.Provider value={me}>
        <ListingFormDialog onClose={onClose} />
      </CurrentUserContext.Provider>
    </QueryClientProvider>,
  );
  return onClose;
}

const valueOf = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('listing form dialog', () => {
  it('tells the user to continue manually when the page cannot be read, then fills what a readable page tells', async () => {
    const posts = serve([
      json(422, { title: 'x', detail: 'We could not read the listing details from this page. Please continue manually.', violations: [] }),
      json(200, {
        name: '12 Maple Street',
        priceCents: 38_900_000,
        location: 'Springfield, IL',
        photoUrl: null,
        description: null,
        url: 'https://homes.example/12',
      }),
    ]);
    renderDialog();
    fireEvent.change(screen.getByTestId('listing-url'), { target: { value: 'https://homes.example/12' } });
    fireEvent.click(screen.getByTestId('listing-generate'));
    expect((await screen.findByTestId('listing-generate-error')).textContent).toMatch(/continue manually/i);
    fireEvent.change(screen.getByTestId('listing-location'), { target: { value: 'typed by hand' } });

    fireEvent.click(screen.getByTestId('listing-generate'));
    await screen.findByTestId('listing-generate-done');
    expect(valueOf('listing-name')).toBe('12 Maple Street');
    expect(valueOf('listing-price')).toBe('389000.00');
    expect(valueOf('listing-location')).toBe('Springfield, IL');
    expect(posts.filter((p) => p.url === '/api/listings/generate_data_by_url').map((p) => p.body)).toEqual([
      { url: 'https://homes.example/12' },
      { url: 'https://homes.example/12' },
    ]);
  }, 30_000);

  it('requires a keyword, then sends the picked one with the price in cents', async () => {
    const posts = serve([]);
    const onClose = renderDialog();
    fireEvent.change(screen.getByTestId('listing-url'), { target: { value: 'https://homes.example/12' } });
    fireEvent.change(screen.getByTestId('listing-name'), { target: { value: 'Maple' } });
    fireEvent.change(screen.getByTestId('listing-price'), { target: { value: '1,250.5' } });
    fireEvent.click(screen.getByTestId('listing-submit'));
    expect(await screen.findByText('A keyword must be picked.')).toBeTruthy();
    expect(posts).toEqual([]);

    const input = screen.getByTestId('listing-keyword-input');
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByRole('option', { name: 'MAPLE' }));
    fireEvent.click(screen.getByTestId('listing-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts.find((p) => p.url === '/api/listings')?.body).toMatchObject({ name: 'Maple', keyword: 7, priceCents: 125_050, status: 'for_sale', agent: 1 });
  }, 30_000);
});
