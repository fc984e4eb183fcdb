import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_SHIFT_WEEK } from '@cd/contracts/appointment';
import { ALL_WEEK_SHIFT, dayFromNow, dayInstant, enableAppointments, seedServices, seedShifts } from '../../../test/appointment-fixtures';
import { createTestApp, login, recordStatements, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { runInScope } from '../../db/client';

let t: TTestApp;
let call: ReturnType<typeof caller>;
let rootTok: string;

interface TWorld {
  s: TSeededCompany;
  admin: string;
  /** The communication role: reads the schedule, may not change it. */
  agent: string;
  /** The appointments role: reads the schedule, may not change it. */
  reader: string;
}

async function world(): Promise<TWorld> {
  const s = await seedCompany(t.db);
  await enableAppointments(t, s.companyId);
  const [admin, agent, reader] = await Promise.all([s.admin.email, s.agent.email, s.user2.email].map(async (e) => (await login(t.app, e)).token));
  return { s, admin: admin!, agent: agent!, reader: reader! };
}

const week = (days: Record<string, { startsAt: string; endsAt: string }[]> = {}) => ({ ...EMPTY_SHIFT_WEEK, ...days });

async function liveEvents(companyId: number, entity: string): Promise<string[]> {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const r = await tx.execute(
      sql`select payload->>'event' as event from live_events where company_id = ${companyId} and payload->>'entity' = ${entity} order by id`,
    );
    return (r.rows as { event: string }[]).map((e) => e.event);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
});
afterAll(() => t.close());

describe('/api/working_hours', () => {
  it('creates, lists, reads, replaces and deletes one record per user, with live events', async () => {
    const w = await world();
    const days = week({
      monday: [
        { startsAt: '13:00', endsAt: '17:00' },
        { startsAt: '08:00', endsAt: '12:00' },
      ],
    });
    const created = await call('POST', '/api/working_hours', w.admin, { user: `/api/users/${w.s.user2.id}`, days });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json();
    expect(record).toMatchObject({ '@type': 'WorkingHours', user: `/api/users/${w.s.user2.id}`, userName: expect.stringContaining('user2') });
    // Stored in order of start.
    expect(record.days.monday).toEqual([
      { startsAt: '08:00', endsAt: '12:00' },
      { startsAt: '13:00', endsAt: '17:00' },
    ]);

    const again = await call('POST', '/api/working_hours', w.admin, { user: w.s.user2.id, days });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: expect.stringContaining('already has shifts'), existing: record['@id'] });

    expect((await call('POST', '/api/working_hours', w.admin, { user: w.s.agent.id, days: ALL_WEEK_SHIFT })).statusCode).toBe(201);
    const list = await call('GET', '/api/working_hours', w.reader);
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .member.map((m: { user: string }) => m.user)
        .sort(),
    ).toEqual([`/api/users/${w.s.agent.id}`, `/api/users/${w.s.user2.id}`].sort());
    const mine = await call('GET', `/api/working_hours?user=${w.s.user2.id}`, w.agent);
    expect(mine.json().member.map((m: { id: number }) => m.id)).toEqual([record.id]);
    expect((await call('GET', `/api/working_hours/${record.id}`, w.reader)).json()).toMatchObject({ id: record.id, days: record.days });

    const replaced = await call('PUT', `/api/working_hours/${record.id}`, w.admin, { days: week({ friday: [{ startsAt: '09:00', endsAt: '10:00' }] }) });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().days).toMatchObject({ monday: [], friday: [{ startsAt: '09:00', endsAt: '10:00' }] });
    expect((await call('DELETE', `/api/working_hours/${record.id}`, w.admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/working_hours/${record.id}`, w.admin)).statusCode).toBe(404);
    // A user without a record may get one again.
    expect((await call('POST', '/api/working_hours', w.admin, { user: w.s.user2.id, days })).statusCode).toBe(201);
    expect(await liveEvents(w.s.companyId, 'working_hours')).toEqual(['created', 'created', 'updated', 'removed', 'created']);
  });

  it('refuses overlapping shifts, equal start and end, an end before its start, and users it may not plan', async () => {
    const w = await world();
    const other = await seedCompany(t.db);
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update users set enabled = false where id = ${w.s.agent.id}`));
    const cases: [body: unknown, path: string, message: RegExp][] = [
      [
        {
          user: w.s.user2.id,
          days: week({
            monday: [
              { startsAt: '08:00', endsAt: '12:00' },
              { startsAt: '11:00', endsAt: '14:00' },
            ],
          }),
        },
        'days.monday',
        /overlap/,
      ],
      [{ user: w.s.user2.id, days: week({ tuesday: [{ startsAt: '09:00', endsAt: '09:00' }] }) }, 'days.tuesday.0.endsAt', /same time/],
      [{ user: w.s.user2.id, days: week({ sunday: [{ startsAt: '17:00', endsAt: '08:00' }] }) }, 'days.sunday.0.endsAt', /before start/],
      [{ user: w.s.user2.id, days: week({ monday: [{ startsAt: '8:00', endsAt: '24:00' }] }) }, 'days.monday.0.startsAt', /HH:mm/],
      [{ user: w.s.user2.id, days: { monday: [] } }, 'days.tuesday', /./],
      [{ user: 999_999_999, days: week() }, 'user', /not found/],
      [{ user: other.agent.id, days: week() }, 'user', /not found/],
      [{ user: w.s.agent.id, days: week() }, 'user', /disabled/],
      [{ user: '/api/customers/1', days: week() }, 'user', /./],
    ];
    for (const [body, path, message] of cases) {
      const res = await call('POST', '/api/working_hours', w.admin, body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(422);
      const v = res.json().violations.find((x: { propertyPath: string }) => x.propertyPath === path);
      expect(v?.message, `${path} in ${res.body}`).toMatch(message);
    }
    const ok = (await call('POST', '/api/working_hours', w.admin, { user: w.s.user2.id, days: week() })).json();
    const bad = await call('PUT', `/api/working_hours/${ok.id}`, w.admin, { days: week({ monday: [{ startsAt: '10:00', endsAt: '09:00' }] }) });
    expect(bad.statusCode).toBe(422);
  });
});

describe('/api/vacations', () => {
  it('creates, filters by overlapping days and user, changes and deletes, with live events', async () => {
    const w = await world();
    const post = (body: Record<string, unknown>) => call('POST', '/api/vacations', w.admin, body);
    const a = await post({ user: w.s.user2.id, from: '2031-07-01', to: '2031-07-14', note: 'Summer' });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ '@type': 'Vacation', from: '2031-07-01', to: '2031-07-14', note: 'Summer', userName: expect.stringContaining('user2') });
    const b = (await post({ user: `/api/users/${w.s.admin.id}`, from: '2031-07-10', to: '2031-07-10' })).json();
    expect(b.note).toBe('');
    const ids = async (q: string) => (await call('GET', `/api/vacations${q}`, w.reader)).json().member.map((m: { id: number }) => m.id);
    expect(await ids('')).toEqual([a.json().id, b.id]);
    expect(await ids('?from=2031-07-11&to=2031-08-01')).toEqual([a.json().id]);
    expect(await ids('?from=2031-06-01&to=2031-07-01')).toEqual([a.json().id]);
    expect(await ids('?to=2031-06-30')).toEqual([]);
    expect(await ids(`?user=${w.s.admin.id}`)).toEqual([b.id]);
    expect((await call('GET', `/api/vacations/${b.id}`, w.agent)).json()).toMatchObject({ id: b.id, user: `/api/users/${w.s.admin.id}` });

    const moved = await call('PATCH', `/api/vacations/${b.id}`, w.admin, { to: '2031-07-12', note: 'Longer' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ from: '2031-07-10', to: '2031-07-12', note: 'Longer' });
    expect((await call('DELETE', `/api/vacations/${b.id}`, w.admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/vacations/${b.id}`, w.admin)).statusCode).toBe(404);
    expect(await liveEvents(w.s.companyId, 'vacation')).toEqual(['created', 'created', 'updated', 'removed']);
  });

  it('refuses a last day before the first, more than a year, an overlap, and users of another company', async () => {
    const w = await world();
    const other = await seedCompany(t.db);
    const cases: [body: unknown, path: string][] = [
      [{ user: w.s.user2.id, from: '2031-05-10', to: '2031-05-09' }, 'to'],
      [{ user: w.s.user2.id, from: '2031-01-01', to: '2032-01-02' }, 'to'],
      [{ user: w.s.user2.id, from: '2031-02-30', to: '2031-03-01' }, 'from'],
      [{ user: w.s.user2.id, from: '1.5.2031', to: '2031-05-09' }, 'from'],
      [{ user: w.s.user2.id, from: '2031-05-01', to: '2031-05-02', note: 'x'.repeat(201) }, 'note'],
      [{ user: 424242424242, from: '2031-05-01', to: '2031-05-02' }, 'user'],
      [{ user: other.user2.id, from: '2031-05-01', to: '2031-05-02' }, 'user'],
    ];
    for (const [body, path] of cases) {
      const res = await call('POST', '/api/vacations', w.admin, body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(422);
      expect(
        res.json().violations.map((v: { propertyPath: string }) => v.propertyPath),
        res.body,
      ).toContain(path);
    }
    // A full year (365 days after the first) is allowed.
    const year = await call('POST', '/api/vacations', w.admin, { user: w.s.user2.id, from: '2031-01-01', to: '2031-12-31' });
    expect(year.statusCode, year.body).toBe(201);
    const overlap = await call('POST', '/api/vacations', w.admin, { user: w.s.user2.id, from: '2031-12-31', to: '2032-01-03' });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().violations[0]).toMatchObject({ propertyPath: 'from', message: expect.stringContaining('2031-01-01') });
    // A change is checked against what it keeps: moving the first day after the last.
    const v = (await call('POST', '/api/vacations', w.admin, { user: w.s.admin.id, from: '2031-03-01', to: '2031-03-05' })).json();
    const late = await call('PATCH', `/api/vacations/${v.id}`, w.admin, { from: '2031-03-06' });
    expect(late.statusCode).toBe(422);
    expect(late.json().violations[0].propertyPath).toBe('to');
    expect((await call('PATCH', `/api/vacations/${v.id}`, w.admin, { to: '2032-03-05' })).statusCode).toBe(422);
    expect((await call('PATCH', `/api/vacations/${v.id}`, w.admin, { user: w.s.user2.id })).statusCode).toBe(422);
    expect((await call('GET', `/api/vacations/${v.id}`, w.admin)).json()).toMatchObject({ from: '2031-03-01', to: '2031-03-05' });
  });
});

describe('/api/appointment_resources', () => {
  it('creates bays and loaners with the services that need them; a duplicate name is a 422 on name', async () => {
    const w = await world();
    const services = await seedServices(t, w.s.companyId, [30, 60]);
    const res = await call('POST', '/api/appointment_resources', w.admin, {
      name: 'Lift bay',
      kind: 'bay',
      capacity: 2,
      services: [services[1], `/api/company_services/${services[0]}`, services[1]],
    });
    expect(res.statusCode, res.body).toBe(201);
    const bay = res.json();
    expect(bay).toMatchObject({ '@type': 'AppointmentResource', name: 'Lift bay', kind: 'bay', capacity: 2 });
    expect(bay.services).toEqual([...services].sort((x, y) => x - y).map((id) => `/api/company_services/${id}`));

    const dup = await call('POST', '/api/appointment_resources', w.admin, { name: 'LIFT BAY', kind: 'other', capacity: 1 });
    expect(dup.statusCode, dup.body).toBe(422);
    expect(dup.json().violations).toEqual([expect.objectContaining({ propertyPath: 'name' })]);

    const loaner = (await call('POST', '/api/appointment_resources', w.admin, { name: 'Loaner car', kind: 'loaner', capacity: 3 })).json();
    expect(loaner.services).toEqual([]);
    expect((await call('PATCH', `/api/appointment_resources/${loaner.id}`, w.admin, { name: 'lift bay' })).statusCode).toBe(422);
    const patched = await call('PATCH', `/api/appointment_resources/${loaner.id}`, w.admin, { capacity: 4, services: [services[0]] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ capacity: 4, services: [`/api/company_services/${services[0]}`] });

    const list = await call('GET', '/api/appointment_resources', w.reader);
    expect(list.json().member.map((m: { name: string }) => m.name)).toEqual(['Lift bay', 'Loaner car']);
    expect((await call('GET', `/api/appointment_resources/${bay.id}`, w.agent)).json().name).toBe('Lift bay');

    const other = await seedCompany(t.db);
    const [theirs] = await seedServices(t, other.companyId, [30]);
    const foreign = await call('POST', '/api/appointment_resources', w.admin, { name: 'Bay 2', kind: 'bay', capacity: 1, services: [theirs] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().violations[0].propertyPath).toBe('services');
    for (const body of [
      { name: ' ', kind: 'bay', capacity: 1 },
      { name: 'X', kind: 'boat', capacity: 1 },
      { name: 'X', kind: 'bay', capacity: 0 },
      { name: 'X', kind: 'bay', capacity: 51 },
    ])
      expect((await call('POST', '/api/appointment_resources', w.admin, body)).statusCode, JSON.stringify(body)).toBe(422);

    expect((await call('DELETE', `/api/appointment_resources/${bay.id}`, w.admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/appointment_resources/${bay.id}`, w.admin)).statusCode).toBe(404);
    expect(await liveEvents(w.s.companyId, 'appointment_resource')).toEqual(['created', 'created', 'updated', 'removed']);
  });
});

describe('who may read and change the schedule', () => {
  it('readers read, only admins write, other companies get 404, and the module must be on', async () => {
    const w = await world();
    const wh = (await call('POST', '/api/working_hours', w.admin, { user: w.s.user2.id, days: week() })).json();
    const vac = (await call('POST', '/api/vacations', w.admin, { user: w.s.user2.id, from: '2031-01-01', to: '2031-01-02' })).json();
    const res = (await call('POST', '/api/appointment_resources', w.admin, { name: 'Bay', kind: 'bay', capacity: 1 })).json();
    const writes: [method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown][] = [
      ['POST', '/api/working_hours', { user: w.s.admin.id, days: week() }],
      ['PUT', `/api/working_hours/${wh.id}`, { days: week() }],
      ['DELETE', `/api/working_hours/${wh.id}`],
      ['POST', '/api/vacations', { user: w.s.admin.id, from: '2031-02-01', to: '2031-02-02' }],
      ['PATCH', `/api/vacations/${vac.id}`, { note: 'x' }],
      ['DELETE', `/api/vacations/${vac.id}`],
      ['POST', '/api/appointment_resources', { name: 'Bay 9', kind: 'bay', capacity: 1 }],
      ['PATCH', `/api/appointment_resources/${res.id}`, { capacity: 2 }],
      ['DELETE', `/api/appointment_resources/${res.id}`],
    ];
    for (const token of [w.agent, w.reader])
      for (const [method, url, body] of writes) expect((await call(method, url, token, body)).statusCode, `${method} ${url}`).toBe(403);

    const other = await seedCompany(t.db);
    await enableAppointments(t, other.companyId);
    const intruder = (await login(t.app, other.admin.email)).token;
    for (const [method, url, body] of writes.filter(([, url]) => /\d+$/.test(url)))
      expect((await call(method, url, intruder, body)).statusCode, `${method} ${url}`).toBe(404);
    for (const url of [`/api/working_hours/${wh.id}`, `/api/vacations/${vac.id}`, `/api/appointment_resources/${res.id}`])
      expect((await call('GET', url, intruder)).statusCode, url).toBe(404);
    for (const url of ['/api/working_hours', '/api/vacations', '/api/appointment_resources']) {
      expect((await call('GET', url, intruder)).json().member, url).toEqual([]);
      expect((await call('GET', `${url}?company=${w.s.companyId}`, intruder)).statusCode, url).toBe(404);
      // Super admins name the company.
      expect((await call('GET', `${url}?company=${w.s.companyId}`, rootTok)).json().member, url).toHaveLength(1);
    }
    // A super admin plans a user of any company: the user's company is the record's.
    const root = await call('POST', '/api/working_hours', rootTok, { user: w.s.admin.id, days: week() });
    expect(root.statusCode, root.body).toBe(201);
    expect(root.json().company).toBe(`/api/companies/${w.s.companyId}`);

    // Plain users do not read; a company without the module answers 403 with its message.
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update users set roles = '{ROLE_USER}' where id = ${w.s.user2.id}`));
    const plain = (await login(t.app, w.s.user2.email)).token;
    expect((await call('GET', '/api/working_hours', plain)).statusCode).toBe(403);
    expect((await call('GET', `/api/vacations/${vac.id}`, plain)).statusCode).toBe(403);
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`update companies set modules = modules || '{"appointments": false}'::jsonb where id = ${w.s.companyId}`),
    );
    const off = await call('GET', '/api/vacations', w.admin);
    expect(off.statusCode).toBe(403);
    expect(off.json().detail).toBe('appointments_module_off');
    expect((await call('POST', '/api/vacations', w.admin, { user: w.s.admin.id, from: '2031-02-01', to: '2031-02-02' })).statusCode).toBe(403);
  });

  it('answers bad input with 400 or 422, never 500', async () => {
    const w = await world();
    for (const url of [
      '/api/working_hours/abc',
      '/api/working_hours/0',
      '/api/working_hours?user=x',
      "/api/working_hours?user=1' or '1'='1",
      '/api/vacations?from=2031-13-01',
      '/api/vacations?user=/api/customers/1',
      '/api/vacations/99999999999999999999',
      '/api/appointment_resources?company=.*',
      '/api/appointment_resources/-1',
    ]) {
      const res = await call('GET', url, w.admin);
      expect([400, 404, 422], `${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    }
    const bodies: [string, unknown][] = [
      ['/api/working_hours', null],
      ['/api/working_hours', { user: w.s.user2.id, days: week(), extra: 1 }],
      [
        '/api/working_hours',
        { user: w.s.user2.id, days: week({ monday: Array.from({ length: 9 }, (_, i) => ({ startsAt: `0${i}:00`, endsAt: `0${i}:30` })) }) },
      ],
      ['/api/working_hours', { user: w.s.user2.id, days: 'every day' }],
      ['/api/vacations', { user: w.s.user2.id, from: '2031-01-01', to: '2031-01-02', note: { $ne: 1 } }],
      ['/api/vacations', { user: [1, 2], from: '2031-01-01', to: '2031-01-02' }],
      ['/api/appointment_resources', { name: '(a+)+$'.repeat(30), kind: 'bay', capacity: 1 }],
      ['/api/appointment_resources', { name: 'Bay', kind: 'bay', capacity: 1, services: Array.from({ length: 201 }, (_, i) => i + 1) }],
      ['/api/appointment_resources', { name: 'Bay', kind: 'bay', capacity: 1.5 }],
    ];
    for (const [url, body] of bodies) {
      const res = await call('POST', url, w.admin, body);
      expect([400, 415, 422], `${url} ${JSON.stringify(body).slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    }
  });
});

describe('lists run a constant number of statements', () => {
  it('whatever the number of records', async () => {
    const w = await world();
    const services = await seedServices(t, w.s.companyId, [30, 30, 30]);
    const count = async (url: string) => (await recordStatements(t, async () => expect((await call('GET', url, w.admin)).statusCode).toBe(200))).length;
    const urls = ['/api/working_hours', '/api/vacations', '/api/appointment_resources'];
    await seedShifts(t, w.s.companyId, w.s.admin.id);
    await call('POST', '/api/vacations', w.admin, { user: w.s.admin.id, from: '2031-01-01', to: '2031-01-02' });
    await call('POST', '/api/appointment_resources', w.admin, { name: 'R0', kind: 'bay', capacity: 1, services: [services[0]] });
    // One at a time: the statement observer is shared by the whole app.
    const few = [];
    for (const u of urls) few.push(await count(u));
    for (const u of [w.s.agent.id, w.s.user2.id]) await seedShifts(t, w.s.companyId, u);
    for (let i = 1; i <= 6; i++) {
      await call('POST', '/api/vacations', w.admin, { user: i % 2 ? w.s.agent.id : w.s.user2.id, from: `2032-0${i}-01`, to: `2032-0${i}-03` });
      await call('POST', '/api/appointment_resources', w.admin, { name: `R${i}`, kind: 'loaner', capacity: 2, services });
    }
    const many = [];
    for (const u of urls) many.push(await count(u));
    expect(many).toEqual(few);
    expect((await call('GET', '/api/vacations', w.admin)).json().member).toHaveLength(7);
  });
});

describe('availability follows the schedule', () => {
  it('a vacation and a changed shift take the free slots away; a resource caps how many fit at once', async () => {
    const w = await world();
    const [service] = await seedServices(t, w.s.companyId, [60]);
    const day = dayFromNow(5);
    const url = `/api/appointments/availability?services=${service}&from=${day}&to=${day}`;
    const slots = async () => (await call('GET', url, w.admin)).json().days[0].slots as { startsAt: string; capacity: number }[];
    const admin = (await call('POST', '/api/working_hours', w.admin, { user: w.s.admin.id, days: ALL_WEEK_SHIFT })).json();
    await call('POST', '/api/working_hours', w.admin, { user: w.s.user2.id, days: ALL_WEEK_SHIFT });
    // 08:00 … 16:00 on 30-minute steps, both users free.
    expect((await slots()).map((s) => s.capacity)).toEqual(Array(17).fill(2));

    const resource = (await call('POST', '/api/appointment_resources', w.admin, { name: 'Only bay', kind: 'bay', capacity: 1, services: [service] })).json();
    expect((await slots()).map((s) => s.capacity)).toEqual(Array(17).fill(1));
    await call('DELETE', `/api/appointment_resources/${resource.id}`, w.admin);

    const vac = await call('POST', '/api/vacations', w.admin, { user: w.s.user2.id, from: day, to: day, note: 'Dentist' });
    expect(vac.statusCode, vac.body).toBe(201);
    expect((await slots()).map((s) => s.capacity)).toEqual(Array(17).fill(1));

    const weekday = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }).toLowerCase();
    const short = await call('PUT', `/api/working_hours/${admin.id}`, w.admin, { days: week({ [weekday]: [{ startsAt: '10:00', endsAt: '12:00' }] }) });
    expect(short.statusCode, short.body).toBe(200);
    expect((await slots()).map((s) => s.startsAt)).toEqual([dayInstant(day, '10:00'), dayInstant(day, '10:30'), dayInstant(day, '11:00')]);

    await call('PATCH', `/api/vacations/${vac.json().id}`, w.admin, { from: dayFromNow(6), to: dayFromNow(6) });
    expect((await slots()).length).toBe(17);
    await call('DELETE', `/api/working_hours/${admin.id}`, w.admin);
    await call('POST', '/api/vacations', w.admin, { user: w.s.user2.id, from: day, to: day });
    expect(await slots()).toEqual([]);
  });
});
