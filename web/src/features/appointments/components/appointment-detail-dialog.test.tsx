import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TAppointment } from '@cd/contracts/appointment';
import { APPOINTMENT_WRONG_STATE } from '@cd/contracts/appointment-constants';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { appointmentFixture } from '../lib/fixtures';
import { AppointmentDetailDialog } from './appointment-detail-dialog';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const problem = (status: number, description: string) =>
  new Response(JSON.stringify({ status, title: 'Conflict', detail: description, description }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

function serve(answer: (url: string, init?: RequestInit) => Response) {
  const fetch = vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderDialog(appointment: TAppointment) {
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <AppointmentDetailDialog
          appointment={appointment}
          timeZone="America/Chicago"
          assignees={[{ iri: '/api/users/5', name: 'Maria Lopez' }]}
          onClose={onClose}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { onClose };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppointmentDetailDialog', () => {
  it('shows who, when and what, with a link to the conversation', () => {
    serve(() => json(200, {}));
    renderDialog(appointmentFixture({ id: 4, status: 'confirmed' }));
    const dialog = screen.getByTestId('appointment-detail');
    expect(within(dialog).getByTestId('appointment-detail-customer').getAttribute('href')).toBe('/communication/7/messenger');
    // 15:00 UTC is 9:00 AM in Chicago (CST).
    expect(dialog.textContent).toContain('9:00 AM');
    expect(dialog.textContent).toContain('2019 Honda Civic');
    expect(dialog.textContent).toContain('Oil change (30 min), Tire rotation (30 min)');
    expect(screen.getByTestId('appointment-detail-status').textContent).toBe('Confirmed');
  });

  it('offers the actions of the status: confirm at once, deny only after confirming', async () => {
    const fetch = serve((url) => json(200, appointmentFixture({ id: 4, status: url.endsWith('/confirm') ? 'confirmed' : 'denied' })));
    renderDialog(appointmentFixture({ id: 4, status: 'requested' }));
    expect(screen.getAllByTestId(/^appointment-action-/).map((b) => b.dataset.testid)).toEqual([
      'appointment-action-confirm',
      'appointment-action-deny',
      'appointment-action-cancel',
    ]);

    fireEvent.click(screen.getByTestId('appointment-action-deny'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('James Whitaker gets the denial text');
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/appointments/4/deny');
    expect(init?.method).toBe('PUT');

    fireEvent.click(screen.getByTestId('appointment-action-confirm'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls[1]![0]).toBe('/api/appointments/4/confirm');
  });

  it('says "already sent or not in that state" when the action conflicts', async () => {
    serve((url) => (url.includes('/api/appointments/4/') ? problem(409, APPOINTMENT_WRONG_STATE) : json(200, { member: [] })));
    renderDialog(appointmentFixture({ id: 4, status: 'confirmed' }));
    fireEvent.click(screen.getByTestId('appointment-action-complete'));
    const error = await screen.findByTestId('appointment-detail-error');
    expect(error.textContent).toBe('Appointment message already sent or appointment not in that state.');
  });

  it('shows a final appointment read-only, without actions', () => {
    serve(() => json(200, {}));
    renderDialog(appointmentFixture({ id: 4, status: 'canceled', notes: 'Customer called' }));
    expect(screen.queryAllByTestId(/^appointment-action-/)).toHaveLength(0);
    expect(screen.queryByTestId('appointment-detail-notes')).toBeNull();
    expect(screen.getByTestId('appointment-detail').textContent).toContain('Customer called');
  });

  it('saves changed notes with PATCH', async () => {
    const fetch = serve((_, init) => json(200, appointmentFixture({ id: 4, notes: JSON.parse(String(init?.body)).notes })));
    renderDialog(appointmentFixture({ id: 4, status: 'confirmed' }));
    fireEvent.change(screen.getByTestId('appointment-detail-notes'), { target: { value: 'Bring the spare key' } });
    fireEvent.click(screen.getByTestId('appointment-detail-save-notes'));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/appointments/4');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ notes: 'Bring the spare key' });
  });
});
