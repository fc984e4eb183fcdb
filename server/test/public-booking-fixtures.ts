import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { runInScope } from '../src/db/client';
import { login, seedCompany, type TSeededCompany, type TTestApp } from './helpers';
import { dayFromNow, dayInstant, enableAppointments, seedServices, seedShifts } from './appointment-fixtures';
import { caller } from './repair-order-fixtures';

/** The public booking page's test helpers: a company to book with, and anonymous calls from a given address. */

let ipCounter = 0;
/** Every test its own visitor address, so the per-address limits of one test do not reach another. */
export const freshIp = () => {
  ipCounter++;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
export const randomPhone = () => `+1555${String(randomInt(1_000_000, 9_999_999))}`;

export interface TBookingWorld {
  s: TSeededCompany;
  admin: string;
  services: number[];
  ip: string;
}

/** `app` is read when a helper runs, so the helpers can be taken apart at module level, before `beforeAll` made the app. */
export function bookingClient(app: () => TTestApp) {
  const call: ReturnType<typeof caller> = (...args) => caller(app())(...args);

  /** A company in UTC, open 08:00–17:00 every day, with a request text, two services and the admin on shift. */
  async function world(opts: { settings?: Record<string, unknown>; hours?: unknown; shifts?: boolean } = {}): Promise<TBookingWorld> {
    const t = app();
    const s = await seedCompany(t.db);
    await enableAppointments(t, s.companyId, {
      settings: { requestText: 'We got your request for {appointment_time}.', ...opts.settings },
      hours: opts.hours,
    });
    const services = await seedServices(t, s.companyId, [30, 45]);
    if (opts.shifts !== false) await seedShifts(t, s.companyId, s.admin.id);
    return { s, admin: (await login(t.app, s.admin.email)).token, services, ip: freshIp() };
  }

  function pub(method: 'GET' | 'POST' | 'DELETE', url: string, opts: { ip: string; payload?: unknown; headers?: Record<string, string> }) {
    return app().app.inject({
      method,
      url,
      remoteAddress: opts.ip,
      headers: opts.headers,
      ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
    });
  }

  const base = (w: TBookingWorld) => `/api/public/booking/${w.s.slug}`;
  const hold = (w: TBookingWorld, startsAt: string, services = [w.services[0]!], ip = w.ip) =>
    pub('POST', `${base(w)}/holds`, { ip, payload: { services, startsAt } });
  const book = (w: TBookingWorld, payload: Record<string, unknown>, ip = w.ip) =>
    pub('POST', `${base(w)}/appointments`, { ip, payload: { consent: true, ...payload } });
  const availability = (w: TBookingWorld, q: string, ip = w.ip) => pub('GET', `${base(w)}/availability?${q}`, { ip });

  async function sqlRows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return runInScope(app().db, { companyId: null, system: true }, async (tx) => (await tx.execute(query)).rows as T[]);
  }

  /** The company's appointments of the next 40 days, as the calendar lists them. */
  async function appointmentsOf(w: TBookingWorld) {
    const range = `from=${encodeURIComponent(dayInstant(dayFromNow(0), '00:00'))}&to=${encodeURIComponent(dayInstant(dayFromNow(40), '00:00'))}`;
    const res = await call('GET', `/api/appointments?${range}`, w.admin);
    if (res.statusCode !== 200) throw new Error(`appointments: ${res.body}`);
    return res.json().member as {
      id: number;
      customer: string;
      customerName: string;
      customerPhone: string;
      status: string;
      source: string;
      startsAt: string;
    }[];
  }

  return { call, world, pub, base, hold, book, availability, sqlRows, appointmentsOf };
}
