import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_WRONG_STATE,
  APPOINTMENTS_MODULE_OFF,
  BOOKING_LINK_RECENTLY_SENT,
  CUSTOMER_OPTED_OUT,
  NO_UPCOMING_APPOINTMENT,
  NOT_ACCEPTING_APPOINTMENTS,
  REMINDER_NOT_CONFIGURED,
} from '@cd/contracts/appointment-constants';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { appointmentMessages, dayFromNow, dayInstant, enableAppointments, seedCustomer, seedServices, seedShifts } from '../../../test/appointment-fixtures';
import { caller } from '../../../test/repair-order-fixtures';
import { runInScope } from '../../db/client';
import { bookingLinkTextOf } from './appointment-messenger.service';

let t: TTestApp;
let call: ReturnType<typeof caller>;

const REMINDER = 'Reminder from {company_name}: {appointment_time}.';

interface TWorld {
  s: TSeededCompany;
  admin: string;
  services: number[];
  customerId: number;
}

async function world(settings: Record<string, unknown> = {}): Promise<TWorld> {
  const s = await seedCompany(t.db);
  await enableAppointments(t, s.companyId, { settings: { reminderText: REMINDER, sendReminder: true, daysBefore: 1, ...settings } });
  const services = await seedServices(t, s.companyId, [30]);
  await seedShifts(t, s.companyId, s.admin.id);
  const admin = (await login(t.app, s.admin.email)).token;
  return { s, admin, services, customerId: await seedCustomer(t, admin) };
}

async function bookConfirmed(w: TWorld, days = 3, time = '09:00') {
  const res = await call('POST', '/api/appointments', w.admin, { customer: w.customerId, services: w.services, startsAt: dayInstant(dayFromNow(days), time) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

const remind = (w: TWorld, token = w.admin, customerId = w.customerId) => call('POST', `/api/customers/${customerId}/send_appointment_reminder`, token, {});
const sendLink = (w: TWorld, token = w.admin, customerId = w.customerId) => call('POST', `/api/customers/${customerId}/send_booking_link`, token, {});

async function sqlRun(query: ReturnType<typeof sql>) {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => (await tx.execute(query)).rows as Record<string, unknown>[]);
}

const threadOf = async (w: TWorld) =>
  (await call('GET', `/api/messages?customer=${w.customerId}`, w.admin)).json().member as { id: number; content: string; sender: string; status: string }[];

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(() => t.close());

describe('send the appointment reminder now', () => {
  it('moves the planned reminder of the next confirmed appointment to now, once under parallel clicks', async () => {
    const w = await world();
    const later = await bookConfirmed(w, 6);
    const next = await bookConfirmed(w, 3);
    const before = (await appointmentMessages(t, w.s.companyId, next.id)).find((m) => m.kind === 'appointment_reminder')!;
    expect(before.dueAt.getTime()).toBeGreaterThan(Date.now() + 86_400_000);

    const clicks = await Promise.all(Array.from({ length: 5 }, () => remind(w)));
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(clicks.find((c) => c.statusCode === 200)!.json()).toMatchObject({ id: next.id, status: 'confirmed' });
    for (const c of clicks.filter((x) => x.statusCode === 409)) expect(c.json().detail).toBe(APPOINTMENT_WRONG_STATE);
    const reminder = (await appointmentMessages(t, w.s.companyId, next.id)).filter((m) => m.kind === 'appointment_reminder');
    expect(reminder).toHaveLength(1);
    expect(reminder[0]!.dueAt.getTime()).toBeLessThanOrEqual(Date.now());

    await t.app.deps.jobs.drain();
    await t.app.deps.jobs.drain();
    expect((await threadOf(w)).filter((m) => m.content.startsWith('Reminder from'))).toHaveLength(1);
    expect((await appointmentMessages(t, w.s.companyId, next.id)).find((m) => m.kind === 'appointment_reminder')!.state).toBe('sent');
    // Sent: a later click is refused, and the other appointment's reminder still waits for its own time.
    expect((await remind(w)).json().detail).toBe(APPOINTMENT_WRONG_STATE);
    expect((await appointmentMessages(t, w.s.companyId, later.id)).find((m) => m.kind === 'appointment_reminder')!.state).toBe('planned');
  });

  it('plans a reminder the company does not send by itself (sendReminder off)', async () => {
    const w = await world({ sendReminder: false });
    const a = await bookConfirmed(w);
    expect((await appointmentMessages(t, w.s.companyId, a.id)).map((m) => m.kind)).not.toContain('appointment_reminder');
    expect((await remind(w)).statusCode).toBe(200);
    expect((await appointmentMessages(t, w.s.companyId, a.id)).filter((m) => m.kind === 'appointment_reminder')).toHaveLength(1);
    expect((await remind(w)).statusCode).toBe(409);
  });

  it('says why nothing was sent: no upcoming confirmed appointment, no reminder text, opted out', async () => {
    const w = await world();
    expect((await remind(w)).json()).toMatchObject({ status: 409, detail: NO_UPCOMING_APPOINTMENT });
    const requested = await call('POST', '/api/appointments', w.admin, {
      customer: w.customerId,
      services: w.services,
      startsAt: dayInstant(dayFromNow(2), '10:00'),
      status: 'requested',
    });
    expect(requested.statusCode).toBe(201);
    expect((await remind(w)).json().detail).toBe(NO_UPCOMING_APPOINTMENT);

    const silent = await world({ reminderText: null });
    await bookConfirmed(silent);
    expect((await remind(silent)).json()).toMatchObject({ status: 409, detail: REMINDER_NOT_CONFIGURED });

    const stopped = await world();
    await bookConfirmed(stopped);
    await sqlRun(sql`update customers set opt_out = true, opted_out_at = now() where id = ${stopped.customerId}`);
    expect((await remind(stopped)).json()).toMatchObject({ status: 409, detail: CUSTOMER_OPTED_OUT });
  });

  it('is for the appointments area: plain users 403, customers the user does not own 404, module off 403', async () => {
    const w = await world();
    await bookConfirmed(w);
    await sqlRun(sql`update users set roles = '{ROLE_USER}' where id = ${w.s.user2.id}`);
    const plain = (await login(t.app, w.s.user2.email)).token;
    expect((await remind(w, plain)).statusCode).toBe(403);
    expect((await sendLink(w, plain)).statusCode).toBe(403);
    // The agent (communication role) sees only the customers they own.
    const agent = (await login(t.app, w.s.agent.email)).token;
    expect((await remind(w, agent)).statusCode).toBe(404);
    expect((await sendLink(w, agent)).statusCode).toBe(404);
    await sqlRun(sql`update customers set user_id = ${w.s.agent.id} where id = ${w.customerId}`);
    expect((await remind(w, agent)).statusCode).toBe(200);

    const off = await seedCompany(t.db);
    const offAdmin = (await login(t.app, off.admin.email)).token;
    const offCustomer = await seedCustomer(t, offAdmin);
    const res = await call('POST', `/api/customers/${offCustomer}/send_booking_link`, offAdmin, {});
    expect(res.json()).toMatchObject({ status: 403, detail: APPOINTMENTS_MODULE_OFF });
  });
});

describe('send a booking link', () => {
  it('makes a booking link and texts it in the company language; the link opens the booking page for the customer', async () => {
    const w = await world();
    await sqlRun(sql`update companies set language = 'hr' where id = ${w.s.companyId}`);
    const res = await sendLink(w);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ link: { purpose: 'booking', entity: 'customer', entityId: w.customerId, state: 'active' }, messageStatus: 'SENDING' });
    expect(Date.parse(body.link.expiresAt) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // The whole thread, so a failure shows every message in it and not only the newest.
    const thread = (await threadOf(w)).map((m) => ({ id: m.id, sender: m.sender, content: m.content }));
    expect(thread).toEqual([
      { id: body.messageId, sender: 'system', content: bookingLinkTextOf({ company: { name: `Company ${w.s.slug}`, language: 'hr' }, url: body.link.url }) },
    ]);
    expect(thread[0]!.content).toContain('odaberite termin');

    const code = body.link.url.split('/r/')[1];
    const opened = await t.app.inject({ method: 'GET', url: `/api/public/links/${code}`, remoteAddress: '10.88.0.1' });
    expect(opened.json()).toMatchObject({ purpose: 'booking', slug: w.s.slug });
    const page = await t.app.inject({ method: 'GET', url: `/api/public/booking/${w.s.slug}?link=${code}`, remoteAddress: '10.88.0.1' });
    expect(page.json().customer).toEqual({ name: 'Ada' });
  });

  it('sends one link for a double tap, and another after a minute', async () => {
    const w = await world();
    const taps = await Promise.all([sendLink(w), sendLink(w), sendLink(w)]);
    expect(taps.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of taps.filter((x) => x.statusCode === 409)) expect(r.json().detail).toBe(BOOKING_LINK_RECENTLY_SENT);
    expect(await threadOf(w)).toHaveLength(1);
    await sqlRun(sql`update customer_links set created_at = now() - interval '2 minutes' where company_id = ${w.s.companyId}`);
    expect((await sendLink(w)).statusCode).toBe(201);
    expect(await threadOf(w)).toHaveLength(2);
  });

  it('refuses an opted-out customer and a company that takes no appointments, and sends nothing', async () => {
    const w = await world();
    await sqlRun(sql`update customers set opt_out = true, opted_out_at = now() where id = ${w.customerId}`);
    expect((await sendLink(w)).json()).toMatchObject({ status: 409, detail: CUSTOMER_OPTED_OUT });
    const closed = await world({ acceptNewAppointments: false });
    expect((await sendLink(closed)).json()).toMatchObject({ status: 409, detail: NOT_ACCEPTING_APPOINTMENTS });
    for (const x of [w, closed]) {
      expect(await threadOf(x)).toEqual([]);
      expect(await sqlRun(sql`select id from customer_links where company_id = ${x.s.companyId}`)).toEqual([]);
    }
  });

  it('answers 404 for a customer of another company and bad ids with 400', async () => {
    const w = await world();
    const other = await world();
    for (const path of ['send_booking_link', 'send_appointment_reminder']) {
      const res = await call('POST', `/api/customers/${other.customerId}/send_${path.slice(5)}`, w.admin, {});
      expect(res.statusCode, path).toBe(404);
      for (const id of ['0x10', '-1', '1e3', "1'--"]) {
        const bad = await call('POST', `/api/customers/${encodeURIComponent(id)}/${path}`, w.admin, {});
        expect([400, 404], `${path} ${id}`).toContain(bad.statusCode);
      }
      const body = await call('POST', `/api/customers/${w.customerId}/${path}`, w.admin, { extra: true });
      expect([400, 422]).toContain(body.statusCode);
    }
    expect(await threadOf(other)).toEqual([]);
  });
});
