import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TAppointment } from '@cd/contracts/appointment';
import type { TCustomer } from '@cd/contracts/customer';
import type { TMe } from '@cd/contracts/user';
import '../../../lib/i18n';
import { CurrentUserContext } from '../../../lib/current-user';
import { createQueryClient } from '../../../lib/query-client';
import { CustomerAppointmentsPanel } from './customer-appointments-panel';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const problem = (status: number, detail: string) =>
  new Response(JSON.stringify({ status, detail, description: detail }), { status, headers: { 'content-type': 'application/problem+json' } });

const customer = { id: 7, name: 'Dana Driver', firstName: 'Dana', lastName: 'Driver', phone: '+15550101234' } as unknown as TCustomer;
const me = (roles: string[], appointments = true) =>
  ({
    id: 9,
    roles,
    company: '/api/companies/1',
    companyData: { id: 1, modules: { appointments } },
    modules: { appointments },
    impersonator: null,
  }) as unknown as TMe;

const HOUR = 3_600_000;
function appt(id: number, offsetHours: number, status: TAppointment['status']): TAppointment {
  const start = new Date(Date.now() + offsetHours * HOUR);
  return {
    '@id': `/api/appointments/${id}`,
    '@type': 'Appointment',
    id,
    company: '/api/companies/1',
    customer: '/api/customers/7',
    customerName: 'Dana Driver',
    customerPhone: null,
    vehicle: null,
    vehicleLabel: '2019 Honda Civic',
    services: [{ id: 1, title: `Service ${id}`, duration: 60 }],
    resources: [],
    assignee: '/api/users/3',
    assigneeName: 'Sam Advisor',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + HOUR).toISOString(),
    notes: '',
    status,
    source: 'staff',
    createdAt: start.toISOString(),
    updatedAt: start.toISOString(),
  };
}

function serve(options: { list: TAppointment[]; onReminder?: () => Response }) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url });
      if (url.startsWith('/api/appointments?')) return json(200, { member: options.list, totalItems: options.list.length });
      if (url === '/api/companies/1') return json(200, { id: 1, timezone: 'America/New_York', country: 'US', appointmentsSettings: {} });
      if (url.endsWith('/send_appointment_reminder')) return options.onReminder?.() ?? json(200, options.list[0]);
      if (url.endsWith('/send_booking_link')) return json(201, { link: {}, messageId: 1, messageStatus: 'pending' });
      return json(404, { detail: 'not_found' });
    }),
  );
  return calls;
}

function renderPanel(user: TMe) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CurrentUserContext.Provider value={user}>
          <CustomerAppointmentsPanel customer={customer} />
        </CurrentUserContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // Desktop width: the panel is a rail button opening a drawer.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('customer appointments panel', { timeout: 20_000 }, () => {
  it('counts the upcoming ones and lists upcoming and recent apart', async () => {
    const calls = serve({ list: [appt(1, 48, 'confirmed'), appt(2, 24, 'requested'), appt(3, -48, 'completed'), appt(4, 72, 'canceled')] });
    renderPanel(me(['ROLE_USER', 'ROLE_COMMUNICATION']));
    const toggle = await screen.findByTestId('customer-appointments-toggle');
    await waitFor(() => expect(toggle.getAttribute('aria-label')).toBe('Appointments (2 upcoming)'));
    expect(calls[0]!.url).toBe('/api/appointments?customer=7');

    fireEvent.click(toggle);
    const upcoming = await screen.findByTestId('customer-appointments-upcoming');
    expect(
      within(upcoming)
        .getAllByTestId('customer-appointment')
        .map((c) => c.getAttribute('data-status')),
    ).toEqual(['requested', 'confirmed']);
    expect(within(upcoming).getAllByTestId('customer-appointment')[0]!.textContent).toContain('2019 Honda Civic · Sam Advisor');
    const recent = screen.getByTestId('customer-appointments-recent');
    expect(
      within(recent)
        .getAllByTestId('customer-appointment')
        .map((c) => c.getAttribute('data-status')),
    ).toEqual(['canceled', 'completed']);
    expect(within(recent).getByText('Completed')).toBeTruthy();
  });

  it('shows why the reminder was not sent', async () => {
    const calls = serve({ list: [appt(1, 48, 'confirmed')], onReminder: () => problem(409, 'appointment_message_sent_or_wrong_state') });
    renderPanel(me(['ROLE_COMPANY_ADMIN']));
    fireEvent.click(await screen.findByTestId('customer-appointments-toggle'));
    const remind = await screen.findByTestId('customer-appointments-remind');
    await waitFor(() => expect((remind as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(remind);
    expect((await screen.findByTestId('customer-appointments-notice')).textContent).toBe('Appointment message already sent or appointment not in that state.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/customers/7/send_appointment_reminder']);
  });

  it('offers no reminder without a confirmed appointment ahead, and sends a booking link', async () => {
    const calls = serve({ list: [appt(2, 24, 'requested')] });
    renderPanel(me(['ROLE_APPOINTMENTS']));
    fireEvent.click(await screen.findByTestId('customer-appointments-toggle'));
    await screen.findByTestId('customer-appointments-upcoming');
    expect((screen.getByTestId('customer-appointments-remind') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('customer-appointments-send-link'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/customers/7/send_booking_link']));
  });

  it('has empty states', async () => {
    serve({ list: [] });
    renderPanel(me(['ROLE_COMMUNICATION']));
    fireEvent.click(await screen.findByTestId('customer-appointments-toggle'));
    expect(await screen.findByText('No upcoming appointments.')).toBeTruthy();
    expect(screen.getByText('No past appointments.')).toBeTruthy();
  });

  it('is not there without the module or for users who do not reach appointments', () => {
    const calls = serve({ list: [] });
    renderPanel(me(['ROLE_COMMUNICATION'], false));
    expect(screen.queryByTestId('customer-appointments-toggle')).toBeNull();
    cleanup();
    renderPanel(me(['ROLE_USER', 'ROLE_INTERNAL_CHAT']));
    expect(screen.queryByTestId('customer-appointments-toggle')).toBeNull();
    expect(calls).toEqual([]);
  });
});
