import { cleanup, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { TMe } from '@cd/contracts/user';
import { CurrentUserContext } from './current-user';
import { createQueryClient } from './query-client';

/**
 * Test harness of a routed screen (the development and analytics screens' tests): answers of a stubbed `fetch`,
 * the screen rendered at an address with a fresh query client, and the address the screen moved to.
 */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

/** A hydra collection page; `next` is the keyset link to the older page. */
export const hydraPage = (member: unknown[], next?: string) => ({
  '@context': '',
  '@id': '',
  '@type': 'Collection',
  member,
  view: next ? { '@id': '', '@type': 'PartialCollectionView', next } : undefined,
});

/**
 * Stubs `fetch`: each request goes to `route`, which answers or returns undefined (a 404). Returns the requests
 * asked so far, as `/path?query` (or `METHOD /path?query` with `withMethod`).
 */
export function stubFetch(route: (u: URL, init?: RequestInit) => Response | undefined, opts: { withMethod?: boolean } = {}): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      const path = `${u.pathname}${u.search}`;
      calls.push(opts.withMethod ? `${init?.method ?? 'GET'} ${path}` : path);
      return route(u, init) ?? jsonResponse(404, {});
    }),
  );
  return calls;
}

const seen = { location: '' };

function LocationProbe() {
  const l = useLocation();
  useEffect(() => {
    seen.location = `${l.pathname}${l.search}`;
  });
  return null;
}

/** The address the rendered screen is at now (path and query). */
export const currentLocation = () => seen.location;

/** Renders `screen` at `url`, with `me` as the signed-in user when the screen reads it. */
export function renderScreen(screen: ReactElement, url: string, me?: TMe) {
  const routed = (
    <MemoryRouter initialEntries={[url]}>
      {screen}
      <LocationProbe />
    </MemoryRouter>
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      {me ? <CurrentUserContext.Provider value={me}>{routed}</CurrentUserContext.Provider> : routed}
    </QueryClientProvider>,
  );
}

/** For afterEach: unmounts the screen and restores `fetch`. */
export function cleanupScreen() {
  cleanup();
  vi.unstubAllGlobals();
}
