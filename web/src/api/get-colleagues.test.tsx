import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TLiveEvent } from '@cd/contracts/live';
import { dispatchLiveEvent } from '../app/shell/live-dispatch';
import { createQueryClient } from '../lib/query-client';
import { useColleagues } from './get-colleagues';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/ld+json' } });
const colleague = (id: number, firstName: string) => ({ '@id': `/api/users/${id}`, id, firstName, lastName: 'Doe', email: `u${id}@x.test` });
const ev = (entity: string): TLiveEvent => ({
  event: 'updated',
  entity,
  action: null,
  data: { '@id': '/api/users/3', id: 3 },
  changes: null,
  id: '1',
  extra: null,
});
const ctx = { userId: 9, userIri: '/api/users/9', isAdmin: false };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('shared colleague list (inbox, customer owner, away transfer)', () => {
  it('refetches on a company_user live event, within its stale time, and not on unrelated events', async () => {
    const names = ['Ann', 'Anna'];
    const fetch = vi.fn((url: string) => {
      expect(url).toContain('/api/users/colleagues');
      return Promise.resolve(json({ member: [colleague(3, names.shift() ?? 'Anne')], totalItems: 1 }));
    });
    vi.stubGlobal('fetch', fetch);
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    // The conversations screens and the away dialog mount the same hook: one request between them.
    const inbox = renderHook(() => useColleagues(), { wrapper });
    const away = renderHook(() => useColleagues({ enabled: true }), { wrapper });
    await waitFor(() => expect(inbox.result.current.data?.[0]?.firstName).toBe('Ann'));
    expect(away.result.current.data?.[0]?.firstName).toBe('Ann');
    expect(fetch).toHaveBeenCalledTimes(1);

    expect(dispatchLiveEvent(queryClient, ev('user'), ctx, () => undefined)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).toHaveBeenCalledTimes(1);

    // Another admin renamed user 3: the list on screen follows at once, though it is younger than its stale time.
    expect(dispatchLiveEvent(queryClient, ev('company_user'), ctx, () => undefined)).toBe(true);
    await waitFor(() => expect(inbox.result.current.data?.[0]?.firstName).toBe('Anna'));
    expect(away.result.current.data?.[0]?.firstName).toBe('Anna');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
