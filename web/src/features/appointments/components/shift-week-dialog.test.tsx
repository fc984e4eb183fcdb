import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EMPTY_SHIFT_WEEK, type TWorkingHours } from '@cd/contracts/appointment';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { ShiftWeekDialog } from './shift-week-dialog';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

const record: TWorkingHours = {
  '@id': '/api/working_hours/3',
  '@type': 'WorkingHours',
  id: 3,
  company: '/api/companies/1',
  user: '/api/users/7',
  userName: 'Ana Advisor',
  days: { ...EMPTY_SHIFT_WEEK, monday: [{ startsAt: '08:00', endsAt: '12:00' }] },
  updatedAt: '2026-01-01T00:00:00Z',
};

function renderWith(node: ReactNode) {
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const putCalls = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

// MUI dialogs render slowly in jsdom on the shared two-core machine.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ShiftWeekDialog', () => {
  it('shows the schema’s messages inline — overlap, same start and end, end before start, bad time — and sends nothing until fixed', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) => Promise.resolve(json(200, { ...record, days: JSON.parse(String(init?.body)).days })));
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    renderWith(<ShiftWeekDialog record={record} users={[]} onClose={onClose} />);
    expect(screen.getByText('Shifts of Ana Advisor')).toBeTruthy();

    // A second Monday shift overlapping the first.
    fireEvent.click(screen.getByTestId('shift-monday-add'));
    type('shift-monday-1-start', '11:00');
    type('shift-monday-1-end', '14:00');
    // Tuesday: the same start and end. Wednesday: the end before the start. Thursday: not a time.
    fireEvent.click(screen.getByTestId('shift-tuesday-add'));
    type('shift-tuesday-0-start', '09:00');
    type('shift-tuesday-0-end', '09:00');
    fireEvent.click(screen.getByTestId('shift-wednesday-add'));
    type('shift-wednesday-0-start', '17:00');
    type('shift-wednesday-0-end', '08:00');
    fireEvent.click(screen.getByTestId('shift-thursday-add'));
    type('shift-thursday-0-start', '25:00');
    // Nothing is shown before the first save attempt.
    expect(screen.queryByTestId('shift-monday-error')).toBeNull();

    fireEvent.click(screen.getByTestId('shift-week-submit'));
    expect((await screen.findByTestId('shift-monday-error')).textContent).toBe('Shifts cannot overlap.');
    const day = (d: string) => within(screen.getByTestId(`shift-day-${d}`));
    expect(day('tuesday').getByText('A shift cannot begin and end at the same time.')).toBeTruthy();
    expect(day('wednesday').getByText('The end cannot be before the start.')).toBeTruthy();
    expect(day('thursday').getByText('Enter the time as HH:mm (24-hour).')).toBeTruthy();
    expect(putCalls(fetch)).toHaveLength(0);

    // Fixing one message removes it at once; the rest stay.
    type('shift-monday-1-start', '12:30');
    expect(screen.queryByTestId('shift-monday-error')).toBeNull();
    expect(day('tuesday').getByText('A shift cannot begin and end at the same time.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('shift-tuesday-0-remove'));
    type('shift-wednesday-0-end', '18:00');
    type('shift-thursday-0-start', '07:00');
    fireEvent.click(screen.getByTestId('shift-week-submit'));

    await waitFor(() => expect(putCalls(fetch)).toHaveLength(1));
    const [url, init] = putCalls(fetch)[0]!;
    expect(url).toContain('/api/working_hours/3');
    expect(JSON.parse(String((init as RequestInit).body)).days).toEqual({
      ...EMPTY_SHIFT_WEEK,
      monday: [
        { startsAt: '08:00', endsAt: '12:00' },
        { startsAt: '12:30', endsAt: '14:00' },
      ],
      wednesday: [{ startsAt: '17:00', endsAt: '18:00' }],
      thursday: [{ startsAt: '07:00', endsAt: '16:00' }],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('adds a user’s first week, copies Monday to the weekdays, and shows the server’s 409 in words', async () => {
    const fetch = vi.fn(() => Promise.resolve(json(409, { detail: 'This user already has shifts: change them instead of adding new ones.' })));
    vi.stubGlobal('fetch', fetch);
    renderWith(
      <ShiftWeekDialog
        record={null}
        users={[
          { id: 7, name: 'Ana Advisor' },
          { id: 8, name: 'Bo Tech' },
        ]}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByTestId('shift-monday-add'));
    fireEvent.click(screen.getByTestId('shift-copy-monday'));
    expect((screen.getByTestId('shift-friday-0-start') as HTMLInputElement).value).toBe('08:00');
    expect(screen.getByTestId('shift-saturday-off')).toBeTruthy();
    fireEvent.click(screen.getByTestId('shift-week-submit'));
    expect((await screen.findByTestId('shift-week-error')).textContent).toBe('This employee already has shifts. Close this and edit them instead.');
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body.user).toBe('/api/users/7');
    expect(body.days.thursday).toEqual([{ startsAt: '08:00', endsAt: '16:00' }]);
  });
});
