import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_EXPIRED, NO_WORKING_DAYS, NOT_ACCEPTING_APPOINTMENTS, SLOT_NOT_AVAILABLE, TOO_MANY_HOLDS } from '@cd/contracts/appointment-constants';
import { LINK_EXPIRED, LINK_NOT_FOUND } from '@cd/contracts/customer-link';
import { WEEKDAYS } from '@cd/contracts/company';
import { createTestApp, seedCompany, type TTestApp } from '../../../test/helpers';
import { appointmentMessages, dayFromNow, dayInstant } from '../../../test/appointment-fixtures';
import { bookingClient, freshIp, randomPhone, type TBookingWorld } from '../../../test/public-booking-fixtures';
import { runInScope } from '../../db/client';
import { createCustomerLink } from '../customer-links/customer-links.api';
import { HOLDS_PER_WINDOW, LIVE_HOLDS_PER_CLIENT } from './public-booking.limits';
import { PUBLIC_BOOKING_HORIZON_DAYS } from './public-booking.service';

/** The customer's booking page: page, free times, holds and booking (limits: public-booking-limits.test.ts). */

let t: TTestApp;
const { call, world, pub, base, hold, book, availability, sqlRows, appointmentsOf } = bookingClient(() => t);
type TWorld = TBookingWorld;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the booking page', () => {
  it('shows the brand, every service, the steps and the horizon, and nothing of the staff', async () => {
    const w = await world({ settings: { granularity: 15 } });
    const res = await pub('GET', base(w), { ip: w.ip });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json();
    expect(page).toMatchObject({
      slug: w.s.slug,
      timezone: 'UTC',
      granularity: 15,
      horizonDays: PUBLIC_BOOKING_HORIZON_DAYS,
      reason: null,
      customer: null,
      company: { name: `Company ${w.s.slug}`, language: 'en' },
    });
    expect(page.services.map((s: { duration: number }) => s.duration).sort()).toEqual([30, 45]);
    expect(page.services[0]).toEqual({ id: expect.any(Number), title: expect.any(String), description: '', duration: expect.any(Number), price: 5000 });
    expect(res.body).not.toContain(w.s.admin.email);
  });

  it('answers 404 alike for an unknown slug, a company without the module and a disabled company', async () => {
    const w = await world();
    const off = await seedCompany(t.db);
    const disabled = await world();
    await sqlRows(sql`update companies set enabled = false where id = ${disabled.s.companyId}`);
    for (const slug of ['no-such-company', off.slug, disabled.s.slug]) {
      for (const [method, url, payload] of [
        ['GET', `/api/public/booking/${slug}`, undefined],
        ['GET', `/api/public/booking/${slug}/availability?services=${w.services[0]}&from=${dayFromNow(1)}&to=${dayFromNow(2)}`, undefined],
        ['POST', `/api/public/booking/${slug}/holds`, { services: [w.services[0]], startsAt: dayInstant(dayFromNow(3), '09:00') }],
        ['POST', `/api/public/booking/${slug}/appointments`, { hold: 'a'.repeat(24), consent: true, name: 'X', phone: randomPhone() }],
      ] as const) {
        const res = await pub(method, url, { ip: freshIp(), payload });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
        expect(res.body).not.toContain('Company ');
      }
    }
  });

  it('says why there can be no slot: not accepting new appointments, or no working day', async () => {
    const closed = await world({ settings: { acceptNewAppointments: false } });
    expect((await pub('GET', base(closed), { ip: closed.ip })).json().reason).toBe(NOT_ACCEPTING_APPOINTMENTS);
    const avail = await availability(closed, `services=${closed.services[0]}&from=${dayFromNow(1)}&to=${dayFromNow(3)}`);
    expect(avail.json()).toMatchObject({ reason: NOT_ACCEPTING_APPOINTMENTS, days: [] });
    const held = await hold(closed, dayInstant(dayFromNow(3), '09:00'));
    expect(held.statusCode).toBe(409);
    expect(held.json().detail).toBe(NOT_ACCEPTING_APPOINTMENTS);

    const noDays = Object.fromEntries(WEEKDAYS.map((d) => [d, { isOffDay: true, intervals: [] }]));
    const shut = await world({ hours: noDays });
    expect((await pub('GET', base(shut), { ip: shut.ip })).json().reason).toBe(NO_WORKING_DAYS);
  });
});

describe('free times', () => {
  it('lists how many fit, never who, and only from today to the horizon', async () => {
    const w = await world();
    const res = await availability(w, `services=${w.services[0]},${w.services[1]}&from=${dayFromNow(-3)}&to=${dayFromNow(2)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ timezone: 'UTC', granularity: 30, duration: 75, reason: null });
    expect(body.days[0].date).toBe(dayFromNow(0));
    const slots = body.days.flatMap((d: { slots: object[] }) => d.slots);
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) expect(Object.keys(slot).sort()).toEqual(['capacity', 'endsAt', 'startsAt']);
    expect(res.body).not.toContain('/api/users/');

    const far = await availability(w, `services=${w.services[0]}&from=${dayFromNow(50)}&to=${dayFromNow(70)}`);
    expect(far.json().days.at(-1).date).toBe(dayFromNow(PUBLIC_BOOKING_HORIZON_DAYS));
    const beyond = await availability(w, `services=${w.services[0]}&from=${dayFromNow(61)}&to=${dayFromNow(70)}`);
    expect(beyond.json()).toMatchObject({ days: [], reason: null, duration: 30 });
  });
});

describe('hold and book', () => {
  it('holds a slot (gone for others), books it as a requested appointment with the request text once, live in the calendar', async () => {
    const w = await world();
    const day = dayFromNow(3);
    const at = dayInstant(day, '09:00');
    const held = await hold(w, at);
    expect(held.statusCode, held.body).toBe(201);
    const h = held.json();
    expect(h.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(h).toMatchObject({ startsAt: at, endsAt: dayInstant(day, '09:30') });
    expect(Date.parse(h.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    const free = await availability(w, `services=${w.services[0]}&from=${day}&to=${day}`);
    expect(free.json().days[0].slots.map((s: { startsAt: string }) => s.startsAt)).not.toContain(at);
    // Someone else tapping the same time is too late.
    const second = await hold(w, at, undefined, freshIp());
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(SLOT_NOT_AVAILABLE);

    const phone = randomPhone();
    const booked = await book(w, { hold: h.token, name: '  Grace   Brewster Hopper ', phone, notes: 'Squeaky brakes' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toEqual({ status: 'requested', startsAt: at, endsAt: dayInstant(day, '09:30'), services: [expect.any(String)], timezone: 'UTC' });

    const [a, ...more] = await appointmentsOf(w);
    expect(more).toEqual([]);
    expect(a).toMatchObject({
      status: 'requested',
      source: 'customer',
      customerName: 'Grace Brewster Hopper',
      customerPhone: phone,
      startsAt: at,
      notes: 'Squeaky brakes',
    });
    expect((await appointmentMessages(t, w.s.companyId, a!.id)).map((m) => m.kind)).toEqual(['appointment_request']);
    const events = await sqlRows<{ event: string }>(
      sql`select payload->>'event' as event from live_events where company_id = ${w.s.companyId} and payload->>'entity' = 'appointment'`,
    );
    expect(events.map((e) => e.event)).toEqual(['created']);
    const consent = await sqlRows<{ source: string; kind: string }>(
      sql`select source, kind from consent_events where company_id = ${w.s.companyId} and customer_id = ${Number(a!.customer.split('/').pop())}`,
    );
    expect(consent).toEqual([{ source: 'booking_page', kind: 'opt_in' }]);

    // The request text goes out once.
    await t.app.deps.jobs.drain();
    await t.app.deps.jobs.drain();
    const thread = (await call('GET', `/api/messages?customer=${a!.customer.split('/').pop()}`, w.admin)).json().member as { content: string }[];
    expect(thread.filter((m) => m.content.startsWith('We got your request for'))).toHaveLength(1);
  });

  it('matches an existing customer of the company by phone, whatever its spelling, and keeps their name', async () => {
    const w = await world();
    // A real number (the +1555 test numbers are taken only exactly as written), spelled two ways.
    const existing = await call('POST', '/api/customers', w.admin, { phone: '+385912345678', firstName: 'Known', lastName: 'Customer' });
    expect(existing.statusCode, existing.body).toBe(201);
    const h = (await hold(w, dayInstant(dayFromNow(4), '10:00'))).json();
    const booked = await book(w, { hold: h.token, name: 'Someone Else', phone: '+385 91 234 5678' });
    expect(booked.statusCode, booked.body).toBe(201);
    const [a] = await appointmentsOf(w);
    expect(a).toMatchObject({ customer: `/api/customers/${existing.json().id}`, customerName: 'Known Customer' });
    const same = await sqlRows(sql`select id from customers where company_id = ${w.s.companyId} and phone = '+385912345678'`);
    expect(same).toHaveLength(1);
  });

  it('asks for a name and a phone without a link', async () => {
    const w = await world();
    const h = (await hold(w, dayInstant(dayFromNow(4), '11:00'))).json();
    const res = await book(w, { hold: h.token });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .violations.map((v: { propertyPath: string }) => v.propertyPath)
        .sort(),
    ).toEqual(['name', 'phone']);
  });

  it('books a hold once when it is confirmed twice at the same moment', async () => {
    const w = await world();
    const h = (await hold(w, dayInstant(dayFromNow(5), '09:00'))).json();
    const body = { hold: h.token, name: 'Double Tap', phone: randomPhone() };
    const results = await Promise.all([book(w, body), book(w, body), book(w, body, freshIp())]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().detail).toBe(HOLD_EXPIRED);
    expect(await appointmentsOf(w)).toHaveLength(1);
  });

  it('caps the live holds of one visitor: 50 parallel taps hold at most a few slots', async () => {
    const w = await world();
    const starts = [5, 6, 7].flatMap((d) =>
      Array.from({ length: 18 }, (_, i) => dayInstant(dayFromNow(d), `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`)),
    );
    const results = await Promise.all(starts.slice(0, 50).map((at) => hold(w, at)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(LIVE_HOLDS_PER_CLIENT);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - LIVE_HOLDS_PER_CLIENT);
    expect(results.filter((r) => r.statusCode === 429 && r.json().detail === TOO_MANY_HOLDS).length).toBe(HOLDS_PER_WINDOW - LIVE_HOLDS_PER_CLIENT);
    expect(results.find((r) => r.statusCode === 429)!.headers['retry-after']).toBeDefined();
    const held = await sqlRows(sql`select id from appointment_holds where company_id = ${w.s.companyId}`);
    expect(held).toHaveLength(LIVE_HOLDS_PER_CLIENT);
  });

  it('gives a place back when a hold is released or refused, and releasing frees the time at once', async () => {
    const w = await world();
    const at = (h: string) => dayInstant(dayFromNow(6), h);
    const tokens: string[] = [];
    for (const time of ['09:00', '10:00', '11:00']) tokens.push((await hold(w, at(time))).json().token);
    expect((await hold(w, at('12:00'))).json().detail).toBe(TOO_MANY_HOLDS);
    // A refused hold (time taken) does not use up a place.
    const other = freshIp();
    expect((await hold(w, at('09:00'), undefined, other)).statusCode).toBe(409);
    expect((await hold(w, at('13:00'), undefined, other)).statusCode).toBe(201);

    expect((await pub('DELETE', `${base(w)}/holds/${tokens[0]}`, { ip: w.ip })).statusCode).toBe(204);
    expect((await pub('DELETE', `${base(w)}/holds/${tokens[0]}`, { ip: w.ip })).statusCode).toBe(204);
    expect((await hold(w, at('12:00'))).statusCode).toBe(201);
    expect((await hold(w, at('09:00'), undefined, freshIp())).statusCode).toBe(201);
  });

  it('an expired hold books nothing and frees its time for the page and for staff', async () => {
    const w = await world();
    const at = dayInstant(dayFromNow(7), '09:00');
    const h = (await hold(w, at)).json();
    await sqlRows(sql`update appointment_holds set expires_at = now() - interval '1 second' where company_id = ${w.s.companyId}`);
    const late = await book(w, { hold: h.token, name: 'Too Late', phone: randomPhone() });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(HOLD_EXPIRED);
    const free = await availability(w, `services=${w.services[0]}&from=${dayFromNow(7)}&to=${dayFromNow(7)}`);
    expect(free.json().days[0].slots.map((s: { startsAt: string }) => s.startsAt)).toContain(at);
    const customer = await call('POST', '/api/customers', w.admin, { phone: randomPhone(), firstName: 'Walk', lastName: 'In' });
    const staff = await call('POST', '/api/appointments', w.admin, { customer: customer.json().id, services: [w.services[0]], startsAt: at });
    expect(staff.statusCode, staff.body).toBe(201);
    expect(await sqlRows(sql`select id from customers where company_id = ${w.s.companyId} and first_name = 'Too'`)).toEqual([]);
  });

  it('refuses a time outside the horizon or off the company steps', async () => {
    const w = await world();
    for (const at of [
      dayInstant(dayFromNow(PUBLIC_BOOKING_HORIZON_DAYS + 1), '09:00'),
      dayInstant(dayFromNow(3), '09:10'),
      dayInstant(dayFromNow(-1), '09:00'),
    ]) {
      const res = await hold(w, at, undefined, freshIp());
      expect(res.statusCode, at).toBe(409);
      expect(res.json().detail).toBe(SLOT_NOT_AVAILABLE);
    }
  });
});

describe('booking from a booking link', () => {
  async function linkOf(w: TWorld, opts: { purpose?: 'booking' | 'status'; customerId: number }) {
    return runInScope(t.db, { companyId: w.s.companyId }, async (tx) =>
      createCustomerLink(tx, {
        companyId: w.s.companyId,
        customerId: opts.customerId,
        purpose: opts.purpose ?? 'booking',
        entity: opts.purpose === 'status' ? 'repair_order' : 'customer',
        entityId: opts.customerId,
      }),
    );
  }

  it('greets the customer, opens from /r/{code}, and books for them without a name or a phone', async () => {
    const w = await world();
    const customer = (await call('POST', '/api/customers', w.admin, { phone: randomPhone(), firstName: 'Ada', lastName: 'Lovelace' })).json();
    const link = await linkOf(w, { customerId: customer.id });

    const opened = await t.app.inject({ method: 'GET', url: `/api/public/links/${link.code}`, remoteAddress: freshIp() });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ purpose: 'booking', slug: w.s.slug, company: expect.objectContaining({ name: `Company ${w.s.slug}` }) });
    expect(opened.body).not.toContain('Lovelace');

    const page = await pub('GET', `${base(w)}?link=${link.code}`, { ip: w.ip });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().customer).toEqual({ name: 'Ada' });

    const h = (await hold(w, dayInstant(dayFromNow(3), '14:00'))).json();
    const booked = await book(w, { hold: h.token, link: link.code });
    expect(booked.statusCode, booked.body).toBe(201);
    const [a] = await appointmentsOf(w);
    expect(a).toMatchObject({ customer: `/api/customers/${customer.id}`, source: 'customer', status: 'requested' });
  });

  it("refuses another company's link, a link of another purpose, and an expired or revoked one", async () => {
    const w = await world();
    const other = await world();
    const mine = (await call('POST', '/api/customers', w.admin, { phone: randomPhone(), firstName: 'Mine' })).json();
    const theirs = (await call('POST', '/api/customers', other.admin, { phone: randomPhone(), firstName: 'Theirs' })).json();
    const foreign = await linkOf(other, { customerId: theirs.id });
    const status = await linkOf(w, { purpose: 'status', customerId: mine.id });
    const expired = await linkOf(w, { customerId: mine.id });
    await sqlRows(sql`update customer_links set expires_at = now() - interval '1 minute' where id = ${expired.id}`);
    const revoked = await linkOf(w, { customerId: mine.id });
    await sqlRows(sql`update customer_links set revoked_at = now() where id = ${revoked.id}`);

    for (const [code, status_, detail] of [
      [foreign.code, 404, LINK_NOT_FOUND],
      [status.code, 404, LINK_NOT_FOUND],
      [expired.code, 410, LINK_EXPIRED],
      [revoked.code, 410, LINK_EXPIRED],
    ] as const) {
      const page = await pub('GET', `${base(w)}?link=${code}`, { ip: freshIp() });
      expect(page.statusCode, page.body).toBe(status_);
      expect(page.json().detail).toBe(detail);
      expect(page.body).not.toContain('Theirs');
      const h = (await hold(w, dayInstant(dayFromNow(4), '09:00'), undefined, freshIp())).json();
      const booked = await book(w, { hold: h.token, link: code }, freshIp());
      expect(booked.statusCode, booked.body).toBe(status_);
      await pub('DELETE', `${base(w)}/holds/${h.token}`, { ip: freshIp() });
    }
    expect(await appointmentsOf(w)).toEqual([]);
    expect(await appointmentsOf(other)).toEqual([]);
  });
});
