import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiToken, providerMessages } from '../support/api';
import { baseUrl, launchBrowser, newContext, screenshot, signIn } from '../support/browser';
import { waitUntil } from '../support/wait';

let browser: Browser;
let admin: string;
let companyId: number;

const CONFIRMED = 'is confirmed for';
const REQUESTED = 'got your request for';
const REMINDER = 'Reminder: your appointment at';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiToken('admin@motors.example.com');
  const me = await apiCall<{ company: string }>({ token: admin, path: '/api/me' });
  companyId = Number(me.json.company.split('/').pop());
  // What this test relies on, whatever the demo data says: requests accepted, each text set, a reminder a day before.
  const patched = await apiCall({
    token: admin,
    method: 'PATCH',
    path: `/api/companies/${companyId}`,
    body: {
      appointmentsSettings: {
        acceptNewAppointments: true,
        safeZone: 60,
        granularity: 30,
        sendReminder: true,
        daysBefore: 1,
        requestText: 'Hi {customer_name}, {company_name} got your request for {appointment_time}. We will confirm it shortly.',
        confirmationText: 'Your appointment at {company_name} is confirmed for {appointment_time}. See you then!',
        reminderText: 'Reminder: your appointment at {company_name} is {appointment_time}. Reply C to confirm.',
      },
    },
  });
  expect(patched.status, JSON.stringify(patched.json)).toBe(200);
});
afterAll(() => browser?.close());

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The first service of the catalogue and the first day from two days out with a free time (the page shows 14 days). */
async function serviceAndDay(): Promise<{ serviceId: number; day: string }> {
  const services = await apiCall<{ member: { id: number }[] }>({ token: admin, path: '/api/company_services' });
  const serviceId = services.json.member[0]!.id;
  const free = await apiCall<{ days: { date: string; slots: unknown[] }[] }>({
    token: admin,
    path: `/api/appointments/availability?services=${serviceId}&from=${dayOffset(2)}&to=${dayOffset(12)}`,
  });
  expect(free.status).toBe(200);
  const day = free.json.days.find((d) => d.slots.length > 0)?.date;
  expect(day, 'a day with free times in the next two weeks').toBeTruthy();
  return { serviceId, day: day! };
}

async function textsOf(customerId: number, part: string): Promise<string[]> {
  const thread = await apiCall<{ member: { content: string | null }[] }>({ token: admin, path: `/api/messages?customer=${customerId}` });
  return thread.json.member.map((m) => m.content ?? '').filter((c) => c.includes(part));
}

describe('appointments: the customer books on a phone, the advisor confirms from the calendar', () => {
  it('books on the public page, shows up live, is confirmed once, and the reminder goes out when due', async () => {
    const { serviceId, day } = await serviceAndDay();
    const name = `Ada Booker ${String(Date.now()).slice(-5)}`;
    const phoneNumber = `+1555${String(Date.now()).slice(-7)}`;

    // The advisor's calendar is open on that week before the customer books: the request must arrive live.
    const desk = await newContext(browser, { width: 1440, height: 900 });
    const deskPage = await desk.newPage();
    await signIn(deskPage, 'admin@motors.example.com');
    await deskPage.goto(`/appointments?view=week&date=${day}`);
    await deskPage.getByTestId('appointments-calendar').waitFor({ timeout: 20_000 });

    const phoneCtx = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    const phone = await phoneCtx.newPage();
    await phone.goto('/book/demo-motors');
    await phone.getByTestId('booking-services-step').waitFor({ timeout: 20_000 });
    await screenshot(phone, 'booking-phone-services');
    await phone.getByTestId(`booking-service-${serviceId}`).click();
    await phone.getByTestId('booking-services-continue').click();
    await phone.getByTestId('booking-time-step').waitFor();
    await phone.getByTestId(`booking-day-${day}`).click();
    const slot = phone.getByTestId('booking-slot').first();
    await slot.waitFor({ timeout: 15_000 });
    const startsAt = await slot.getAttribute('data-starts-at');
    expect(startsAt).toBeTruthy();
    await screenshot(phone, 'booking-phone-times');
    await slot.click();
    await phone.getByTestId('booking-details-step').waitFor({ timeout: 15_000 });
    await phone.getByTestId('booking-name').fill(name);
    await phone.getByTestId('booking-phone').fill(phoneNumber);
    // Consent is required: the page says so before sending anything.
    await phone.getByTestId('booking-confirm').click();
    await phone.getByText('Please tick the box', { exact: false }).waitFor();
    await phone.getByTestId('booking-consent').check();
    await screenshot(phone, 'booking-phone-details');
    await phone.getByTestId('booking-confirm').click();
    await phone.getByTestId('booking-done').waitFor({ timeout: 15_000 });
    await screenshot(phone, 'booking-phone-done');
    await phoneCtx.close();

    // The booking is a requested appointment of a new customer matched by that phone.
    let appointment: { id: number; customer: string; status: string; source: string } | undefined;
    await waitUntil(async () => {
      const list = await apiCall<{ member: { id: number; customer: string; customerName: string; status: string; source: string; startsAt: string }[] }>({
        token: admin,
        path: `/api/appointments?from=${encodeURIComponent(`${day}T00:00:00Z`)}&to=${encodeURIComponent(`${dayOffset(14)}T00:00:00Z`)}`,
      });
      appointment = list.json.member.find((a) => a.customerName === name);
      return appointment !== undefined;
    }, 'the booked appointment');
    expect(appointment).toMatchObject({ status: 'requested', source: 'customer' });
    const customerId = Number(appointment!.customer.split('/').pop());

    // Live: the event shows up on the open calendar without a reload, and the advisor confirms it there.
    const event = deskPage.getByTestId(`appointment-event-${appointment!.id}`);
    await event.waitFor({ timeout: 20_000 });
    await screenshot(deskPage, 'appointments-calendar-live-request');
    await event.click();
    await deskPage.getByTestId('appointment-detail').waitFor();
    await deskPage.getByTestId('appointment-action-confirm').click();
    await waitUntil(
      async () => (await apiCall<{ status: string }>({ token: admin, path: `/api/appointments/${appointment!.id}` })).json.status === 'confirmed',
      'the appointment confirmed',
    );
    await expect.poll(() => deskPage.getByTestId('appointment-detail-status').textContent(), { timeout: 15_000 }).toMatch(/confirmed/i);
    await screenshot(deskPage, 'appointments-detail-confirmed');

    // The request and the confirmation reach the customer's phone, each once.
    await waitUntil(async () => (await textsOf(customerId, CONFIRMED)).length > 0, 'the confirmation text');
    expect(await textsOf(customerId, REQUESTED)).toHaveLength(1);
    // The phone: the simulator by default; the fake SMS provider when an earlier test connected one for Demo Motors.
    const thread = await apiCall<{ member: { content: string | null; channel: string }[] }>({ token: admin, path: `/api/messages?customer=${customerId}` });
    const channel = thread.json.member.find((m) => (m.content ?? '').includes(CONFIRMED))!.channel;
    if (channel === 'simulator') {
      await deskPage.goto('/simulator');
      await deskPage.getByTestId(`simulator-phone-${customerId}`).getByText(CONFIRMED, { exact: false }).waitFor({ timeout: 20_000 });
      await screenshot(deskPage, 'appointments-simulator-confirmation');
    } else {
      await waitUntil(async () => (await providerMessages()).some((m) => m.to === phoneNumber && m.body.includes(CONFIRMED)), 'the provider to send it');
      expect((await providerMessages()).filter((m) => m.to === phoneNumber && m.body.includes(CONFIRMED))).toHaveLength(1);
    }

    // A second confirm is refused with the spec's message and sends nothing more.
    const again = await apiCall<{ detail: string }>({ token: admin, method: 'PUT', path: `/api/appointments/${appointment!.id}/confirm`, body: {} });
    expect(again.status).toBe(409);

    // The reminder is planned for the day before; "send now" (the product's own action, no clock games) brings it due.
    const planned = await apiCall<{ member: { id: number; kind: string; state: string }[] }>({
      token: admin,
      path: `/api/automated_messages?entity=appointment&entityId=${appointment!.id}`,
    });
    const reminder = planned.json.member.find((m) => m.kind === 'appointment_reminder');
    expect(reminder?.state).toBe('planned');
    expect((await apiCall({ token: admin, method: 'PUT', path: `/api/automated_messages/${reminder!.id}/send_now`, body: {} })).status).toBe(200);
    await waitUntil(async () => (await textsOf(customerId, REMINDER)).length > 0, 'the reminder text');
    // Pressing it again changes nothing: the reminder went out once.
    expect((await apiCall({ token: admin, method: 'PUT', path: `/api/automated_messages/${reminder!.id}/send_now`, body: {} })).status).toBe(409);
    expect(await textsOf(customerId, REMINDER)).toHaveLength(1);
    expect(await textsOf(customerId, CONFIRMED)).toHaveLength(1);
    await desk.close();
  });

  it('the calendar reads well on a phone in the dark theme', async () => {
    const ctx = await newContext(browser, { width: 390, height: 844 });
    const page = await ctx.newPage();
    // The appointments role lands on the calendar, phone or not.
    await signIn(page, 'scheduler@motors.example.com');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/appointments');
    await page.getByTestId('appointments-calendar').waitFor({ timeout: 20_000 });
    await screenshot(page, 'appointments-phone-dark');
    await ctx.close();
  });
});
