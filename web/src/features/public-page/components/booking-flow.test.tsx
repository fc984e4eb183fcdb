import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { TAvailability, TPublicBookingPage } from '@cd/contracts/appointment';
import '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { addDays, todayIn } from '../lib/booking-page';
import { PublicBookingPage } from './public-booking-page';
import { PublicLinkPage } from './public-link-page';

const SLUG = 'acme-motors';
const CODE = 'AbCdEfGh2345';
const ZONE = 'America/New_York';

const bookingPage = (over: Partial<TPublicBookingPage> = {}): TPublicBookingPage => ({
  company: { name: 'Acme Motors', logoUrl: null, accentColor: '#1565c0', language: 'en', termsOfService: null },
  slug: SLUG,
  timezone: ZONE,
  granularity: 30,
  horizonDays: 30,
  services: [
    { id: 1, title: 'Oil change', description: 'Synthetic oil and filter', duration: 45, price: 4999 },
    { id: 2, title: 'Tire rotation', description: '', duration: 60, price: 0 },
  ],
  reason: null,
  customer: null,
  ...over,
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });
const problem = (status: number, detail: string) =>
  new Response(JSON.stringify({ status, detail, description: detail }), { status, headers: { 'content-type': 'application/problem+json' } });

/** Slots on the second day of the asked range only: the first day is greyed. 14:00Z and 18:00Z are morning and afternoon in New York. */
function availabilityFor(url: URL, duration: number): TAvailability {
  const from = url.searchParams.get('from')!;
  const to = url.searchParams.get('to')!;
  const days = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const slots =
      d === addDays(from, 1) ? [`${d}T14:00:00Z`, `${d}T18:00:00Z`].map((s) => ({ startsAt: new Date(s).toISOString(), endsAt: s, capacity: 1 })) : [];
    days.push({ date: d, slots });
  }
  return { timezone: ZONE, granularity: 30, duration, days, reason: null };
}

type THandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** A fake server for the booking routes; `on` overrides one route by "METHOD path-suffix". Every call is recorded. */
function serve(options: { page?: TPublicBookingPage; on?: Record<string, THandler> } = {}) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const path = url.pathname;
    const route = Object.entries(options.on ?? {}).find(([k]) => k.split(' ')[0] === method && path.endsWith(k.split(' ')[1]!));
    if (route) return route[1](url, init);
    if (path === `/api/public/links/${CODE}`) return json(200, { purpose: 'booking', company: bookingPage().company, slug: SLUG });
    if (method === 'GET' && path === `/api/public/booking/${SLUG}`) return json(200, options.page ?? bookingPage());
    if (method === 'GET' && path.endsWith('/availability')) return json(200, availabilityFor(url, 45));
    if (method === 'POST' && path.endsWith('/holds')) {
      const body = JSON.parse(String(init.body)) as { startsAt: string };
      const start = Date.parse(body.startsAt);
      return json(201, {
        token: 'hold-token-0123456789',
        startsAt: body.startsAt,
        endsAt: new Date(start + 45 * 60_000).toISOString(),
        expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      });
    }
    if (method === 'DELETE') return new Response(null, { status: 204 });
    if (method === 'POST' && path.endsWith('/appointments')) {
      return json(201, { status: 'requested', startsAt: holdStart(calls), endsAt: holdStart(calls), services: ['Oil change'], timezone: ZONE });
    }
    return json(404, { detail: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    count: (method: string, suffix: string) => calls.filter((c) => c.method === method && c.url.pathname.endsWith(suffix)).length,
    bodies: (method: string, suffix: string) => calls.filter((c) => c.method === method && c.url.pathname.endsWith(suffix)).map((c) => c.body),
  };
}

function holdStart(calls: { method: string; url: URL; body: unknown }[]): string {
  const holds = calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/holds'));
  return (holds[holds.length - 1]!.body as { startsAt: string }).startsAt;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/book/:slug" element={<PublicBookingPage />} />
          <Route path="/r/:code" element={<PublicLinkPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const today = () => todayIn({ timeZone: ZONE, now: new Date() });

/** Choose the oil change and go to the times; resolves once the second day (the one with slots) is chosen. */
async function toTimes() {
  fireEvent.click(await screen.findByTestId('booking-service-1'));
  fireEvent.click(screen.getByTestId('booking-services-continue'));
  const secondDay = await screen.findByTestId(`booking-day-${addDays(today(), 1)}`);
  await waitFor(() => expect(secondDay.getAttribute('aria-pressed')).toBe('true'));
}

beforeEach(() => {
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
  vi.useRealTimers();
});

// The first render loads MUI and the catalogue; on a busy 2-core machine that alone can take seconds.
describe('public booking page', { timeout: 20_000 }, () => {
  it('books a held slot: services, day, time, details, request sent', async () => {
    const server = serve();
    renderAt(`/book/${SLUG}`);
    expect(await screen.findByTestId('booking-services-step')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Book an appointment' })).toBeTruthy();
    expect(screen.getByTestId('booking-total-duration').textContent).toBe('—');
    expect((screen.getByTestId('booking-services-continue') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('booking-service-1'));
    fireEvent.click(screen.getByTestId('booking-service-2'));
    expect(screen.getByTestId('booking-total-duration').textContent).toBe('1 hr 45 min');
    fireEvent.click(screen.getByTestId('booking-service-2'));
    expect(screen.getByTestId('booking-total-duration').textContent).toBe('45 min');
    fireEvent.click(screen.getByTestId('booking-services-continue'));

    // Today has no slot: greyed; the next day is chosen and its times show on the New York clock.
    const first = await screen.findByTestId(`booking-day-${today()}`);
    await waitFor(() => expect(first.getAttribute('data-available')).toBe('false'));
    expect((first as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('booking-zone').textContent).toMatch(/New York, GMT-[45]/);
    const slots = screen.getAllByTestId('booking-slot');
    // 14:00Z and 18:00Z: 9 AM and 1 PM in winter, 10 AM and 2 PM in summer.
    expect(slots).toHaveLength(2);
    expect(slots[0]!.textContent).toMatch(/^(9|10):00 AM$/);
    expect(slots[1]!.textContent).toMatch(/^(1|2):00 PM$/);
    expect(screen.getByText('Morning')).toBeTruthy();
    expect(screen.getByText('Afternoon')).toBeTruthy();
    const [params] = server.calls.filter((c) => c.url.pathname.endsWith('/availability')).map((c) => c.url.searchParams);
    expect(params!.get('services')).toBe('1');
    expect(params!.get('from')).toBe(today());
    expect(params!.get('to')).toBe(addDays(today(), 13));

    fireEvent.click(slots[0]!);
    expect(await screen.findByTestId('booking-details-step')).toBeTruthy();
    expect(server.bodies('POST', '/holds')).toEqual([{ services: [1], startsAt: slots[0]!.getAttribute('data-starts-at') }]);
    expect(screen.getByTestId('booking-countdown').textContent).toMatch(/^[45]:\d\d$/);
    expect(screen.getByTestId('booking-summary-services').textContent).toContain('Oil change');

    // Consent is required; nothing is sent without it.
    fireEvent.change(screen.getByTestId('booking-name'), { target: { value: 'Dana Driver' } });
    fireEvent.change(screen.getByTestId('booking-phone'), { target: { value: '(555) 010-1234' } });
    fireEvent.change(screen.getByTestId('booking-notes'), { target: { value: 'Squeaky brakes' } });
    fireEvent.click(screen.getByTestId('booking-confirm'));
    expect(await screen.findByText('Please tick the box: the shop confirms your appointment by text.')).toBeTruthy();
    expect(server.count('POST', '/appointments')).toBe(0);

    fireEvent.click(screen.getByTestId('booking-consent'));
    fireEvent.click(screen.getByTestId('booking-confirm'));
    const done = await screen.findByTestId('booking-done');
    expect(server.bodies('POST', '/appointments')).toEqual([
      { hold: 'hold-token-0123456789', name: 'Dana Driver', phone: '+15550101234', consent: true, notes: 'Squeaky brakes' },
    ]);
    expect(within(done).getByText('Request sent')).toBeTruthy();
    expect(within(done).getByText('The shop will confirm by text.')).toBeTruthy();
    expect(within(done).getByTestId('booking-done-services').textContent).toContain('Oil change');
  });

  it('reloads the times with a clear message when the slot was just taken', async () => {
    const server = serve({ on: { 'POST /holds': () => problem(409, 'appointment_slot_not_available') } });
    renderAt(`/book/${SLUG}`);
    await toTimes();
    const before = server.count('GET', '/availability');
    fireEvent.click(screen.getAllByTestId('booking-slot')[1]!);
    expect((await screen.findByTestId('booking-notice')).getAttribute('data-notice')).toBe('slot_taken');
    expect(screen.getByTestId('booking-notice').textContent).toContain('someone just booked that time');
    await waitFor(() => expect(server.count('GET', '/availability')).toBeGreaterThan(before));
    expect(screen.queryByTestId('booking-details-step')).toBeNull();
  });

  it('sends the customer back to the times when the hold expired before confirming', async () => {
    const server = serve({ on: { 'POST /appointments': () => problem(409, 'appointment_hold_expired') } });
    renderAt(`/book/${SLUG}`);
    await toTimes();
    fireEvent.click(screen.getAllByTestId('booking-slot')[0]!);
    fireEvent.change(await screen.findByTestId('booking-name'), { target: { value: 'Dana' } });
    fireEvent.change(screen.getByTestId('booking-phone'), { target: { value: '+15550101234' } });
    fireEvent.click(screen.getByTestId('booking-consent'));
    fireEvent.click(screen.getByTestId('booking-confirm'));
    expect((await screen.findByTestId('booking-notice')).getAttribute('data-notice')).toBe('hold_expired');
    expect(screen.getByTestId('booking-time-step')).toBeTruthy();
    expect(server.count('POST', '/appointments')).toBe(1);
  });

  it('gives the slot back when the customer picks another time', async () => {
    const server = serve();
    renderAt(`/book/${SLUG}`);
    await toTimes();
    fireEvent.click(screen.getAllByTestId('booking-slot')[0]!);
    fireEvent.click(await screen.findByTestId('booking-pick-another'));
    expect(await screen.findByTestId('booking-time-step')).toBeTruthy();
    await waitFor(() => expect(server.count('DELETE', '/holds/hold-token-0123456789')).toBe(1));
  });

  it('ends the hold on the countdown and asks to pick again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    serve();
    renderAt(`/book/${SLUG}`);
    await toTimes();
    fireEvent.click(screen.getAllByTestId('booking-slot')[0]!);
    expect(await screen.findByTestId('booking-countdown')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5 * 60_000 + 1_000));
    expect((await screen.findByTestId('booking-notice')).getAttribute('data-notice')).toBe('hold_expired');
  });

  it('says so when the company does not take new appointments', async () => {
    serve({ page: bookingPage({ reason: 'appointments_not_accepting' }) });
    renderAt(`/book/${SLUG}`);
    const closed = await screen.findByTestId('booking-closed');
    expect(closed.textContent).toBe('Acme Motors is not accepting new appointment requests right now. Please contact the shop.');
    expect(screen.queryByTestId('booking-services-step')).toBeNull();
  });

  it('from a booking link, books for the known customer without asking name or phone', async () => {
    const server = serve({ page: bookingPage({ customer: { name: 'Dana' } }) });
    renderAt(`/r/${CODE}`);
    expect(await screen.findByRole('heading', { name: 'Book an appointment, Dana' })).toBeTruthy();
    expect(server.calls.find((c) => c.url.pathname === `/api/public/booking/${SLUG}`)!.url.searchParams.get('link')).toBe(CODE);
    await toTimes();
    fireEvent.click(screen.getAllByTestId('booking-slot')[0]!);
    expect(await screen.findByTestId('booking-details-step')).toBeTruthy();
    expect(screen.queryByTestId('booking-name')).toBeNull();
    expect(screen.queryByTestId('booking-phone')).toBeNull();
    fireEvent.click(screen.getByTestId('booking-consent'));
    fireEvent.click(screen.getByTestId('booking-confirm'));
    expect(await screen.findByTestId('booking-done')).toBeTruthy();
    expect(server.bodies('POST', '/appointments')).toEqual([{ hold: 'hold-token-0123456789', consent: true, link: CODE }]);
  });

  it('tells an unknown company apart from a failure', async () => {
    serve({ on: { [`GET /booking/${SLUG}`]: () => problem(404, 'not_found') } });
    renderAt(`/book/${SLUG}`);
    expect((await screen.findByTestId('booking-page-error')).textContent).toBe('Online booking is not available here. Please contact the shop.');
  });
});
