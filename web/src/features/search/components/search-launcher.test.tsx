import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TSearchHit } from '@cd/contracts/search';
import { MemoryRouter, useLocation } from 'react-router';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { hitPath, isSearchable, toSearchParams } from '../lib/search-query';
import { HighlightedText } from './highlighted-text';
import { SearchLauncher } from './search-launcher';

// A loaded 2-core machine renders MUI dialogs slowly.
vi.setConfig({ testTimeout: 30_000 });
const WAIT = { timeout: 15_000 };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

const hit: TSearchHit = {
  '@id': '/api/messages/41',
  '@type': 'SearchHit',
  kind: 'message',
  id: 41,
  field: 'content',
  customer: { id: 9, name: 'Mira Hodzic', phone: '+15550100123' },
  channel: 'simulator',
  direction: 'INBOUND',
  user: null,
  snippet: { text: 'Is the <b>car</b> ready?', highlights: [[10, 13]] },
  createdAt: '2026-11-28T10:00:00Z',
};

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HighlightedText', () => {
  it('marks the ranges and keeps markup as text', () => {
    const { container } = render(
      <HighlightedText
        snippet={{
          text: '<img src=x onerror=alert(1)> car',
          highlights: [
            [29, 32],
            [50, 60],
            [2, 1],
          ],
        }}
      />,
    );
    expect(container.querySelectorAll('mark')).toHaveLength(1);
    expect(container.querySelector('mark')!.textContent).toBe('car');
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> car');
  });
});

describe('search query', () => {
  it('needs a letter, a digit or a phone fragment', () => {
    expect(isSearchable('  ')).toBe(false);
    expect(isSearchable('!!!')).toBe(false);
    expect(isSearchable('car')).toBe(true);
    expect(toSearchParams({ q: ' car ', kind: 'message', channel: '', fromDay: '', toDay: '' })).toEqual({ q: 'car', kind: 'message' });
    expect(hitPath(hit)).toBe('/communication/9/messenger?message=41');
    expect(hitPath({ ...hit, kind: 'note', id: 9 })).toBe('/communication/9/details');
  });
});

describe('SearchLauncher', () => {
  it("opens on '/', searches, shows the marked hit and opens the thread at the message", async () => {
    const fetchMock = vi.fn(async (url: string) => {
      expect(String(url)).toContain('/api/search?q=car');
      return json(200, {
        '@context': '/api/contexts/SearchHit',
        '@id': '/api/search',
        '@type': 'Collection',
        member: [hit],
        view: { '@id': '/api/search?q=car', '@type': 'PartialCollectionView' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/communication/inbox']}>
          <SearchLauncher />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.keyDown(window, { key: '/' });
    const input = await screen.findByTestId('search-input', {}, WAIT);
    expect(screen.getByTestId('search-hint')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'car' } });
    const row = await screen.findByTestId('search-hit-message-41', {}, WAIT);
    expect(row.querySelector('mark')!.textContent).toBe('car');
    expect(row.querySelector('b')).toBeNull();
    fireEvent.click(row);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/communication/9/messenger?message=41'), WAIT);
    await waitFor(() => expect(screen.queryByTestId('search-dialog')).toBeNull(), WAIT);
  });

  it('shows the empty state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, { '@context': 'x', '@id': '/api/search', '@type': 'Collection', member: [], view: { '@id': 'x', '@type': 'PartialCollectionView' } }),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <SearchLauncher />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    fireEvent.change(await screen.findByTestId('search-input', {}, WAIT), { target: { value: 'nothing' } });
    expect(await screen.findByTestId('search-empty', {}, WAIT)).toBeTruthy();
  });
});
