import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_WRONG_STATE, SLOT_NOT_AVAILABLE } from '@cd/contracts/appointment-constants';
import { createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import {
  appointmentMessages,
  dayFromNow,
  enableAppointments,
  dayInstant,
  seedCustomer,
  seedServices,
  seedShifts,
  seedVacation,
} from '../../../test/appointment-fixtures';
import { caller } from '../../../test/repair-order-fixtures';
import { runInScope } from '../../db/client';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany } from '../companies/companies.api';
import { bookHeldSlot } from './appointment-actions.service';
import { computeAvailability, holdSlot } from './appointments-booking.service';

let t: TTestApp;
let call: ReturnType<typeof caller>;
let rootTok: string;

const TEXTS = {
  requestText: 'We got your request for {appointment_time}.',
  confirmationText: 'Confirmed: {appointment_time} at {company_name}.',
  denialText: 'Sorry, we cannot take {appointment_time}. Pick another time: {booking_url}',
  cancellationText: 'Your appointment {appointment_time} is canceled.',
  reminderText: 'Reminder: {appointment_time}.',
  sendReminder: true,
  daysBefore: 1,
};

interface TWorld {
  s: TSeededCompany;
  admin: string;
  services: number[];
  customerId: number;
}

/** A company open 08:00–17:00 every day in New York, with texts, two services and the admin on shift. */
async function world(opts: { shifts?: boolean } = {}): Promise<TWorld> {
  const s = await seedCompany(t.db);
  await enableAppointments(t, s.companyId, { settings: TEXTS });
  const services = await seedServices(t, s.companyId, [30, 45]);
  if (opts.shifts !== false) await seedShifts(t, s.companyId, s.admin.id);
  const admin = (await login(t.app, s.admin.email)).token;
  const customerId = await seedCustomer(t, admin);
  return { s, admin, services, customerId };
}

function book(w: TWorld, startsAt: string, extra: Record<string, unknown> = {}) {
  return call('POST', '/api/appointments', w.admin, { customer: w.customerId, services: [w.services[0]], startsAt, ...extra });
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
});
afterAll(() => t.close());

describe('booking from the calendar', () => {
  it('books a confirmed appointment: assignee chosen, services add up, live event, confirmation and reminder planned once', async () => {
    const w = await world();
    const day = dayFromNow(3);
    const res = await book(w, dayInstant(day, '09:00'), { services: w.services, notes: 'Rattle at the back' });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({
      '@type': 'Appointment',
      status: 'confirmed',
      source: 'staff',
      assignee: `/api/users/${w.s.admin.id}`,
      notes: 'Rattle at the back',
      services: [{ duration: 30 }, { duration: 45 }],
    });
    expect(Date.parse(a.endsAt) - Date.parse(a.startsAt)).toBe(75 * 60_000);

    const list = await call(
      'GET',
      `/api/appointments?from=${encodeURIComponent(dayInstant(day, '00:00'))}&to=${encodeURIComponent(dayInstant(dayFromNow(4), '00:00'))}`,
      w.admin,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().member.map((m: { id: number }) => m.id)).toEqual([a.id]);
    expect((await call('GET', `/api/appointments/${a.id}`, w.admin)).json()).toMatchObject({ id: a.id, customerName: expect.stringContaining('Ada') });

    const msgs = await appointmentMessages(t, w.s.companyId, a.id);
    expect(msgs.map((m) => m.kind).sort()).toEqual(['appointment_confirmation', 'appointment_reminder']);
    // The reminder: 10:00 local the day before.
    const reminder = msgs.find((m) => m.kind === 'appointment_reminder')!;
    expect(reminder.dueAt.toISOString()).toBe(dayInstant(dayFromNow(2), '10:00'));

    const events = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
      const r = await tx.execute(
        sql`select payload->>'event' as event from live_events where company_id = ${w.s.companyId} and payload->>'entity' = 'appointment'`,
      );
      return r.rows as { event: string }[];
    });
    expect(events.map((e) => e.event)).toEqual(['created']);
  });

  it('refuses a time outside the hours, a taken time, and an assignee without a shift (409 slot not available)', async () => {
    const w = await world();
    const day = dayFromNow(4);
    expect((await book(w, dayInstant(day, '07:30'))).json().detail).toBe(SLOT_NOT_AVAILABLE);
    expect((await book(w, dayInstant(day, '16:45'))).statusCode).toBe(409); // would end 17:15
    expect((await book(w, dayInstant(day, '10:00'))).statusCode).toBe(201);
    const taken = await book(w, dayInstant(day, '10:15'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(SLOT_NOT_AVAILABLE);
    expect((await book(w, dayInstant(day, '10:30'))).statusCode).toBe(201); // right after: [) ranges touch
    expect((await book(w, dayInstant(day, '12:00'), { assignee: w.s.agent.id })).statusCode).toBe(409);
  });

  it('lets exactly one of 20 parallel bookings of the last slot through', async () => {
    const w = await world();
    const startsAt = dayInstant(dayFromNow(5), '11:00');
    const results = await Promise.all(Array.from({ length: 20 }, () => book(w, startsAt)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().detail).toBe(SLOT_NOT_AVAILABLE);
  });

  it('books against the hours alone, one at a time, when the company keeps no shifts', async () => {
    const w = await world({ shifts: false });
    const at = dayInstant(dayFromNow(3), '09:00');
    const first = await book(w, at);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().assignee).toBeNull();
    expect((await book(w, at)).statusCode).toBe(409);
  });

  it('skips a user on vacation', async () => {
    const w = await world();
    const day = dayFromNow(6);
    await seedVacation(t, w.s.companyId, w.s.admin.id, day, day);
    expect((await book(w, dayInstant(day, '09:00'))).statusCode).toBe(409);
    const free = await call('GET', `/api/appointments/availability?services=${w.services[0]}&from=${day}&to=${day}`, w.admin);
    expect(free.json().days[0].slots).toEqual([]);
  });
});

describe('availability', () => {
  it('lists free slots with who is free, and a booked time disappears', async () => {
    const w = await world();
    const day = dayFromNow(3);
    const url = `/api/appointments/availability?services=${w.services.join(',')}&from=${day}&to=${day}`;
    const before = await call('GET', url, w.admin);
    expect(before.statusCode, before.body).toBe(200);
    const body = before.json();
    expect(body).toMatchObject({ timezone: 'UTC', granularity: 30, duration: 75, reason: null });
    // 08:00 … 15:30 on 30-minute steps (75 minutes must end by 17:00): 16 starts.
    expect(body.days[0].slots).toHaveLength(16);
    expect(body.days[0].slots[0]).toMatchObject({ startsAt: dayInstant(day, '08:00'), capacity: 1, assignees: [`/api/users/${w.s.admin.id}`] });
    expect((await book(w, dayInstant(day, '08:00'))).statusCode).toBe(201);
    const after = (await call('GET', url, w.admin)).json();
    expect(after.days[0].slots[0].startsAt).toBe(dayInstant(day, '08:30'));
  });

  it('says why there can be no slot: no working days', async () => {
    const w = await world();
    const closed = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { isOffDay: true, intervals: [] }]),
    );
    await enableAppointments(t, w.s.companyId, { hours: closed });
    const day = dayFromNow(2);
    const res = await call('GET', `/api/appointments/availability?services=${w.services[0]}&from=${day}&to=${day}`, w.admin);
    expect(res.json()).toMatchObject({ reason: 'appointments_no_working_days', days: [] });
  });
});

describe('actions and messages', () => {
  it('moves through requested → confirmed → completed; wrong states answer 409 with the spec message', async () => {
    const w = await world();
    const a = (await book(w, dayInstant(dayFromNow(3), '13:00'), { status: 'requested' })).json();
    expect((await appointmentMessages(t, w.s.companyId, a.id)).map((m) => m.kind)).toEqual(['appointment_request']);
    const wrong = await call('PUT', `/api/appointments/${a.id}/complete`, w.admin, {});
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().detail).toBe(APPOINTMENT_WRONG_STATE);
    const confirmed = await call('PUT', `/api/appointments/${a.id}/confirm`, w.admin, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('confirmed');
    expect((await call('PUT', `/api/appointments/${a.id}/confirm`, w.admin, {})).statusCode).toBe(409);
    expect((await call('PUT', `/api/appointments/${a.id}/deny`, w.admin, {})).statusCode).toBe(409);
    expect((await call('PUT', `/api/appointments/${a.id}/complete`, w.admin)).json().status).toBe('completed');
    expect((await call('PUT', `/api/appointments/${a.id}/cancel`, w.admin, {})).statusCode).toBe(409);
    const kinds = (await appointmentMessages(t, w.s.companyId, a.id)).map((m) => m.kind).sort();
    // Completed: the reminder is cancelled, each text planned once.
    expect(kinds).toEqual(['appointment_confirmation', 'appointment_reminder', 'appointment_request']);
    const reminder = (await appointmentMessages(t, w.s.companyId, a.id)).find((m) => m.kind === 'appointment_reminder')!;
    expect(reminder.state).toBe('cancelled');
  });

  it('cancels once: the time is given back and the cancellation planned once, even with parallel clicks', async () => {
    const w = await world();
    const at = dayInstant(dayFromNow(3), '14:00');
    const a = (await book(w, at)).json();
    const results = await Promise.all(Array.from({ length: 5 }, () => call('PUT', `/api/appointments/${a.id}/cancel`, w.admin, {})));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const msgs = await appointmentMessages(t, w.s.companyId, a.id);
    expect(msgs.filter((m) => m.kind === 'appointment_cancellation')).toHaveLength(1);
    expect(msgs.find((m) => m.kind === 'appointment_reminder')!.state).toBe('cancelled');
    expect((await book(w, at)).statusCode).toBe(201);
  });

  it('moves an appointment: the reminder follows, a taken time answers 409 and nothing changes', async () => {
    const w = await world();
    const a = (await book(w, dayInstant(dayFromNow(3), '09:00'))).json();
    const other = (await book(w, dayInstant(dayFromNow(3), '11:00'))).json();
    const moved = await call('PATCH', `/api/appointments/${a.id}`, w.admin, { startsAt: dayInstant(dayFromNow(4), '09:15') });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ startsAt: dayInstant(dayFromNow(4), '09:15'), endsAt: dayInstant(dayFromNow(4), '09:45') });
    const reminder = (await appointmentMessages(t, w.s.companyId, a.id)).find((m) => m.kind === 'appointment_reminder')!;
    expect(reminder.dueAt.toISOString()).toBe(dayInstant(dayFromNow(3), '10:00'));
    // Onto the other appointment: refused, and the first stays where it was.
    const clash = await call('PATCH', `/api/appointments/${a.id}`, w.admin, { startsAt: other.startsAt });
    expect(clash.statusCode).toBe(409);
    expect((await call('GET', `/api/appointments/${a.id}`, w.admin)).json().startsAt).toBe(dayInstant(dayFromNow(4), '09:15'));
    // Not into the past: a drag onto a day that is over is refused on the field.
    const past = await call('PATCH', `/api/appointments/${a.id}`, w.admin, { startsAt: dayInstant(dayFromNow(-1), '09:15') });
    expect(past.statusCode).toBe(422);
    expect(past.json().violations[0].propertyPath).toBe('startsAt');
    // Resize onto part of its own time is fine.
    expect((await call('PATCH', `/api/appointments/${a.id}`, w.admin, { endsAt: dayInstant(dayFromNow(4), '10:15') })).statusCode).toBe(200);
    // A canceled appointment no longer moves.
    await call('PUT', `/api/appointments/${other.id}/cancel`, w.admin, {});
    expect((await call('PATCH', `/api/appointments/${other.id}`, w.admin, { notes: 'x' })).json().detail).toBe(APPOINTMENT_WRONG_STATE);
  });
});

describe('holds and customer booking', () => {
  it('a hold takes the slot at once; booking it makes a requested appointment with the request text', async () => {
    const w = await world();
    const day = dayFromNow(3);
    const startsAt = new Date(dayInstant(day, '10:00'));
    const company = (await runInScope(t.db, { companyId: w.s.companyId }, (tx) => findCompany(tx, w.s.companyId)))!;
    const hold = await runInScope(t.db, { companyId: w.s.companyId }, (tx) =>
      holdSlot(tx, { company, serviceIds: [w.services[0]!], startsAt, now: new Date() }),
    );
    expect(hold.startsAt).toBe(startsAt.toISOString());
    // A second customer no longer gets it.
    await expect(
      runInScope(t.db, { companyId: w.s.companyId }, (tx) => holdSlot(tx, { company, serviceIds: [w.services[0]!], startsAt, now: new Date() })),
    ).rejects.toMatchObject({
      status: 409,
    });
    const free = await runInScope(t.db, { companyId: w.s.companyId }, (tx) =>
      computeAvailability(tx, { company, serviceIds: [w.services[0]!], from: day, to: day, now: new Date(), includeAssignees: false }),
    );
    expect(free.days[0]!.slots.map((s) => s.startsAt)).not.toContain(startsAt.toISOString());
    // An expired hold gives the time back.
    const later = new Date(Date.now() + 10 * 60_000);
    const again = await runInScope(t.db, { companyId: w.s.companyId }, (tx) => holdSlot(tx, { company, serviceIds: [w.services[0]!], startsAt, now: later }));
    await expect(
      runWithLiveEvents({
        deps: t.app.deps,
        scope: { companyId: w.s.companyId },
        fn: (tx, emit) => bookHeldSlot(tx, { company, token: hold.token, customerId: w.customerId, notes: '', now: later, emit }),
      }),
    ).rejects.toMatchObject({ status: 409 });
    const booked = await runWithLiveEvents({
      deps: t.app.deps,
      scope: { companyId: w.s.companyId },
      fn: (tx, emit) => bookHeldSlot(tx, { company, token: again.token, customerId: w.customerId, notes: 'From the page', now: later, emit }),
    });
    expect(booked).toMatchObject({ status: 'requested', source: 'customer', assignee: `/api/users/${w.s.admin.id}`, startsAt: startsAt.toISOString() });
    expect((await appointmentMessages(t, w.s.companyId, booked.id)).map((m) => m.kind)).toEqual(['appointment_request']);
  });
});

describe('access, isolation and bad input', () => {
  it('keeps companies apart and roles in their place', async () => {
    const w = await world();
    const other = await seedCompany(t.db);
    await enableAppointments(t, other.companyId);
    const otherTok = (await login(t.app, other.admin.email)).token;
    const a = (await book(w, dayInstant(dayFromNow(3), '09:00'))).json();
    expect((await call('GET', `/api/appointments/${a.id}`, otherTok)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/appointments/${a.id}`, otherTok, { notes: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/appointments/${a.id}/cancel`, otherTok, {})).statusCode).toBe(404);
    expect((await call('GET', `/api/appointments?customer=${w.customerId}&company=${w.s.companyId}`, otherTok)).statusCode).toBe(404);
    expect((await call('GET', `/api/appointments?customer=${w.customerId}`, otherTok)).json().member).toEqual([]);
    // A customer or service of another company is not found.
    const theirCustomer = await seedCustomer(t, otherTok);
    expect(
      (await call('POST', '/api/appointments', w.admin, { customer: theirCustomer, services: [w.services[0]], startsAt: dayInstant(dayFromNow(3), '12:00') }))
        .statusCode,
    ).toBe(422);
    // Super admins reach it by id; the appointments role reads; plain users do not.
    expect((await call('GET', `/api/appointments/${a.id}`, rootTok)).statusCode).toBe(200);
    expect((await call('GET', `/api/appointments/${a.id}`, (await login(t.app, w.s.user2.email)).token)).statusCode).toBe(200);
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update users set roles = '{ROLE_USER}' where id = ${w.s.user2.id}`));
    expect((await call('GET', `/api/appointments/${a.id}`, (await login(t.app, w.s.user2.email)).token)).statusCode).toBe(403);
    // The module switched off: 403 with its message.
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`update companies set modules = modules || '{"appointments": false}'::jsonb where id = ${w.s.companyId}`),
    );
    const off = await call('GET', `/api/appointments/${a.id}`, w.admin);
    expect(off.statusCode).toBe(403);
    expect(off.json().detail).toBe('appointments_module_off');
  });

  it('answers bad input with 400 or 422, never 500', async () => {
    const w = await world();
    const at = dayInstant(dayFromNow(3), '09:00');
    const bad: unknown[] = [
      { customer: w.customerId, services: [], startsAt: at },
      { customer: w.customerId, services: [w.services[0], w.services[0]], startsAt: at },
      { customer: w.customerId, services: [w.services[0]], startsAt: 'tomorrow' },
      { customer: w.customerId, services: [w.services[0]], startsAt: at, endsAt: at },
      { customer: w.customerId, services: [w.services[0]], startsAt: at, notes: 'x'.repeat(5000) },
      { customer: w.customerId, services: [w.services[0]], startsAt: at, status: 'completed' },
      { customer: '/api/users/1', services: [w.services[0]], startsAt: at },
      { customer: w.customerId, services: [999999999], startsAt: at },
      { customer: w.customerId, services: ['1 or 1=1'], startsAt: at },
      { customer: w.customerId, services: [w.services[0]], startsAt: at, extra: true },
      { customer: w.customerId, services: [w.services[0]], startsAt: dayInstant(dayFromNow(-2), '09:00') },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/appointments', w.admin, body);
      expect([400, 422], `${JSON.stringify(body).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    }
    const day = dayFromNow(2);
    for (const url of [
      '/api/appointments',
      '/api/appointments?from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z',
      '/api/appointments?from=x&to=y',
      '/api/appointments?customer=1&status=nope',
      `/api/appointments/availability?services=&from=${day}&to=${day}`,
      `/api/appointments/availability?services=${w.services[0]}&from=2026-02-30&to=2026-03-01`,
      `/api/appointments/availability?services=${w.services[0]}&from=${day}&to=2099-01-01`,
      `/api/appointments/availability?services=a,b&from=${day}&to=${day}`,
      '/api/appointments/abc',
      '/api/appointments/0',
    ]) {
      const res = await call('GET', url, w.admin);
      expect([400, 404, 422], `${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    }
    expect((await call('PUT', '/api/appointments/1/explode', w.admin, {})).statusCode).toBe(404);
  });
});
