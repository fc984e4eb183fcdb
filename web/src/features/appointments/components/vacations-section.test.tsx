import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TVacation } from '@cd/contracts/appointment';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { VacationsSection } from './vacations-section';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const collection = (member: unknown[]) => ({ member, totalItems: member.length });

const vacation = (id: number, from: string, to: string, note = ''): TVacation => ({
  '@id': `/api/vacations/${id}`,
  '@type': 'Vacation',
  id,
  company: '/api/companies/1',
  user: '/api/users/7',
  userName: 'Ana Advisor',
  from,
  to,
  note,
  createdAt: '2026-01-01T00:00:00Z',
});

const users = [
  { id: 7, name: 'Ana Advisor' },
  { id: 8, name: 'Bo Tech' },
];

function renderWith(node: ReactNode) {
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

const methodCalls = (fetch: ReturnType<typeof vi.fn>, method: string) =>
  fetch.mock.calls.filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method) as [string, RequestInit][];

// MUI dialogs render slowly in jsdom on the shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VacationsSection', () => {
  it('lists current and coming vacations from today, read-only for the appointments role', async () => {
    const fetch = vi.fn((_url: string) => Promise.resolve(json(200, collection([vacation(1, '2026-07-01', '2026-07-03', 'Seaside')]))));
    vi.stubGlobal('fetch', fetch);
    renderWith(<VacationsSection canEdit={false} users={users} today="2026-07-02" language="en" />);
    const row = await screen.findByTestId('vacation-row-1');
    expect(row.textContent).toContain('Ana Advisor');
    expect(row.textContent).toContain('Away now · 3 days');
    expect(within(row).getByTestId('vacation-from').textContent).toBe('Wed, Jul 1, 2026');
    expect(within(row).getByTestId('vacation-to').textContent).toBe('Fri, Jul 3, 2026');
    expect(row.textContent).toContain('Seaside');
    expect(screen.queryByTestId('vacations-add')).toBeNull();
    expect(screen.queryByTestId('vacation-delete-1')).toBeNull();
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/vacations?from=2026-07-02');
    // Past ones on demand: the range is dropped.
    fireEvent.click(screen.getByTestId('vacations-show-past'));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/api/vacations'))).toBe(true));
  });

  it('shows an empty state, and the spec’s error with a retry', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(500, { detail: 'boom' }))
      .mockResolvedValue(json(200, collection([])));
    vi.stubGlobal('fetch', fetch);
    renderWith(<VacationsSection canEdit users={users} today="2026-07-02" language="en" />);
    const error = await screen.findByTestId('vacations-error');
    expect(error.textContent).toContain('Error fetching working hours or shifts');
    fireEvent.click(within(error).getByRole('button'));
    expect((await screen.findByTestId('vacations-empty')).textContent).toContain('No vacations planned');
  });

  it('checks the days in the browser, then adds a vacation', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return Promise.resolve(json(201, vacation(2, '2026-08-03', '2026-08-07')));
      return Promise.resolve(json(200, collection([])));
    });
    vi.stubGlobal('fetch', fetch);
    renderWith(<VacationsSection canEdit users={users} today="2026-07-02" language="en" />);
    fireEvent.click(await screen.findByTestId('vacations-add'));
    fireEvent.change(screen.getByTestId('vacation-field-from'), { target: { value: '2026-08-07' } });
    fireEvent.change(screen.getByTestId('vacation-field-to'), { target: { value: '2026-08-03' } });
    fireEvent.click(screen.getByTestId('vacation-submit'));
    await screen.findByText('The last day cannot be before the first.');
    fireEvent.change(screen.getByTestId('vacation-field-to'), { target: { value: '2027-08-08' } });
    fireEvent.click(screen.getByTestId('vacation-submit'));
    await screen.findByText('A vacation lasts at most a year.');
    expect(methodCalls(fetch, 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('vacation-field-from'), { target: { value: '2026-08-03' } });
    fireEvent.change(screen.getByTestId('vacation-field-to'), { target: { value: '2026-08-07' } });
    fireEvent.change(screen.getByTestId('vacation-field-note'), { target: { value: 'Family trip' } });
    fireEvent.click(screen.getByTestId('vacation-submit'));
    await waitFor(() => expect(methodCalls(fetch, 'POST')).toHaveLength(1));
    expect(JSON.parse(String(methodCalls(fetch, 'POST')[0]![1].body))).toEqual({
      user: '/api/users/7',
      from: '2026-08-03',
      to: '2026-08-07',
      note: 'Family trip',
    });
  });

  it('asks before deleting, and deletes only after the confirmation', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
      return Promise.resolve(json(200, collection([vacation(1, '2026-07-10', '2026-07-12')])));
    });
    vi.stubGlobal('fetch', fetch);
    renderWith(<VacationsSection canEdit users={users} today="2026-07-02" language="en" />);
    fireEvent.click(await screen.findByTestId('vacation-delete-1'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Delete the vacation of Ana Advisor from Fri, Jul 10, 2026 to Sun, Jul 12, 2026?');
    expect(methodCalls(fetch, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(methodCalls(fetch, 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('vacation-delete-1'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(methodCalls(fetch, 'DELETE')).toHaveLength(1));
    expect(methodCalls(fetch, 'DELETE')[0]![0]).toContain('/api/vacations/1');
    await waitFor(() => expect(screen.queryByTestId('vacation-row-1')).toBeNull());
  });
});
