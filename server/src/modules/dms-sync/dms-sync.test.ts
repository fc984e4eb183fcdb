import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { flushOutsideCalls } from '../../lib/outside-calls/recorder';
import {
  sampleClosedRepairOrder,
  sampleOpenRepairOrder,
  startFakeDealertrack,
  type TFakeDealertrack,
  type TFakeOtRepairOrder,
} from '../../../test/fakes/fake-dealertrack';
import { startFakeCdk } from '../../../test/fakes/fake-cdk';
import { createDmsRecurringJobs } from './dms-sync.api';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, unique, type TTestApp } from '../../../test/helpers';

let fake: TFakeDealertrack;
let t: TTestApp;
let rootTok: string;

const dmsEnv = (f: TFakeDealertrack) => ({
  DEALERTRACK_BASE_URL: f.baseUrl,
  DEALERTRACK_USERNAME: f.username,
  DEALERTRACK_PASSWORD: f.password,
  DMS_TIMEOUT_MS: '1500',
});

beforeAll(async () => {
  fake = await startFakeDealertrack();
  t = await createTestApp(dmsEnv(fake));
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A company linked to its own dealer at the fake (company number unique per test, granted to us). */
async function dmsCompany(app: TTestApp, f: TFakeDealertrack, dms: Record<string, unknown> = {}) {
  const s = await seedCompany(app.db);
  const dealer = unique('D')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-10);
  f.grants.get('ZE')!.add(dealer);
  const settings = { dmsType: 'vendor_a', enabled: true, dtCompanyNumber: dealer, dtEnterpriseCode: 'ZE', ...dms };
  await runInScope(app.db, { companyId: null, system: true }, (tx) =>
    tx.execute(
      sql`update companies set dms = ${JSON.stringify(settings)}::jsonb, country = 'US', phone = '+13125550100', timezone = 'America/New_York' where id = ${s.companyId}`,
    ),
  );
  const adminTok = (await login(app.app, s.admin.email)).token;
  return { s, dealer, adminTok };
}

function ymd(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86400_000).toISOString().slice(0, 10).replace(/-/g, '');
}

function openOrder(dealer: string, over: Partial<TFakeOtRepairOrder> = {}): TFakeOtRepairOrder {
  return { ...sampleOpenRepairOrder(), companyNumber: dealer, modifiedAt: new Date(), ...over };
}
function closedOrder(dealer: string, over: Partial<TFakeOtRepairOrder> = {}): TFakeOtRepairOrder {
  return { ...sampleClosedRepairOrder(), companyNumber: dealer, closeDate: ymd(3), finalCloseDate: ymd(3), ...over };
}

async function sync(app: TTestApp, tok: string, companyId: number) {
  const res = await app.app.inject({ method: 'POST', url: '/api/dms/sync', headers: bearer(tok), payload: { companyId } });
  expect(res.statusCode, res.body).toBe(202);
  await app.app.deps.jobs.drain();
  const runs = await app.app.inject({ method: 'GET', url: `/api/dms/sync_runs?companyId=${companyId}`, headers: bearer(tok) });
  expect(runs.statusCode, runs.body).toBe(200);
  return runs.json().member[0] as { id: number; state: string; counts: Record<string, number>; error: string | null };
}

/** node-postgres answers bigint columns as strings, PGlite as numbers: compare ids and cents as numbers on both. */
function bigintsAsNumbers(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, (k === 'id' || k.endsWith('_id') || k === 'price_cents') && typeof v === 'string' ? Number(v) : v]),
  );
}

async function snapshot(app: TTestApp, companyId: number) {
  return runInScope(app.db, { companyId }, async (tx) => {
    const q = async (query: ReturnType<typeof sql>) => ((await tx.execute(query)).rows as Record<string, unknown>[]).map(bigintsAsNumbers);
    return {
      orders: await q(
        sql`select id, number, title, price_cents, status, customer_id, vehicle_id, service_advisor_id, opened_at, promised_at, closed_at, dms_key, updated_at from repair_orders order by number`,
      ),
      lines: await q(sql`select id, repair_order_id, description, price_cents, status, dms_key, updated_at from repair_order_lines order by id`),
      customers: await q(sql`select id, first_name, last_name, phone, email, updated_at from customers order by id`),
      vehicles: await q(sql`select id, customer_id, vin, make, model, year, mileage, dms_key, updated_at from vehicles order by id`),
    };
  });
}

/** The live events recorded for a company, oldest first. */
async function liveEventsOf(companyId: number) {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const r = await tx.execute(
      sql`select payload->>'entity' as entity, payload->>'event' as event, payload->'data'->>'id' as id, payload->'changes' as changes from live_events where company_id = ${companyId} order by id`,
    );
    return r.rows as { entity: string; event: string; id: string; changes: string[] | null }[];
  });
}

describe('DMS import (Dealertrack)', () => {
  it('creates orders, customers, vehicles and lines once; a second run changes nothing', async () => {
    const { s, dealer, adminTok } = await dmsCompany(t, fake);
    fake.openRepairOrders.push(
      openOrder(dealer, { repairOrderNumber: `${dealer}1`, customerKey: `${dealer}C1`, customerPhoneNumber: '3125557701', vin: '1HGCM82633A004352' }),
      // A 7-digit phone gets the dealership's area code; the same customer key on the next order finds that customer.
      openOrder(dealer, {
        repairOrderNumber: `${dealer}2`,
        customerKey: `${dealer}C2`,
        customerPhoneNumber: '5551234',
        vin: '',
        make: 'FORD',
        model: 'F150',
        details: [],
      }),
      openOrder(dealer, { repairOrderNumber: `${dealer}3`, customerKey: `${dealer}C2`, customerPhoneNumber: '5551234', vin: '1M8GDM9AXKP042788' }),
    );
    fake.closedRepairOrders.push(
      closedOrder(dealer, { repairOrderNumber: `${dealer}9`, customerKey: `${dealer}C1`, customerPhoneNumber: '3125557701', vin: '1HGCM82633A004352' }),
    );
    // The dealership's internal work (CustomerKey 0) has no customer to talk to; a customer without a phone neither.
    fake.closedRepairOrders.push(closedOrder(dealer, { repairOrderNumber: `${dealer}8` }));
    fake.closedRepairOrders.push(closedOrder(dealer, { repairOrderNumber: `${dealer}7`, customerKey: `${dealer}C7`, customerPhoneNumber: '0' }));

    const first = await sync(t, adminTok, s.companyId);
    expect(first).toMatchObject({ state: 'done', error: null });
    expect(first.counts).toMatchObject({
      ordersRead: 6,
      ordersCreated: 4,
      customersCreated: 2,
      customersMatched: 2,
      vehiclesCreated: 3,
      skippedNoCustomer: 1,
      skippedNoPhone: 1,
      linesCreated: 3,
    });
    const after1 = await snapshot(t, s.companyId);
    expect(after1.orders.map((o) => o.number)).toEqual([`${dealer}1`, `${dealer}2`, `${dealer}3`, `${dealer}9`]);
    expect(after1.customers).toHaveLength(2);
    expect(after1.customers.map((c) => c.phone).sort()).toEqual(['+13125551234', '+13125557701']);
    expect(after1.customers.find((c) => c.phone === '+13125557701')).toMatchObject({ first_name: 'John', last_name: 'Doe', email: 'john.doe@mail.com' });
    const ro1 = after1.orders.find((o) => o.number === `${dealer}1`)!;
    expect(ro1).toMatchObject({ title: 'CUSTOMER STATES BRAKES SQUEAL AT LOW SPEED', price_cents: 8995, status: 'new', closed_at: null });
    const ro9 = after1.orders.find((o) => o.number === `${dealer}9`)!;
    expect(ro9).toMatchObject({ status: 'completed', customer_id: ro1.customer_id, vehicle_id: ro1.vehicle_id });
    expect(ro9.closed_at).not.toBeNull();
    expect(after1.lines.filter((l) => l.repair_order_id === ro1.id)).toMatchObject([{ status: 'approved', price_cents: 8995, dms_key: '1' }]);

    const second = await sync(t, adminTok, s.companyId);
    expect(second.id).not.toBe(first.id);
    expect(second.counts).toMatchObject({
      ordersRead: 6,
      ordersCreated: 0,
      ordersUpdated: 0,
      ordersUnchanged: 4,
      customersCreated: 0,
      vehiclesCreated: 0,
      linesCreated: 0,
      linesUpdated: 0,
    });
    expect(await snapshot(t, s.companyId)).toEqual(after1);
  });

  it('plans the survey of an order the DMS closed lately, and none for one closed long ago', async () => {
    const { s, dealer, adminTok } = await dmsCompany(t, fake);
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(
        sql`update companies set survey_settings = survey_settings || '{"daysAfter": 2, "text": "Rate us {survey_url}"}'::jsonb where id = ${s.companyId}`,
      ),
    );
    fake.closedRepairOrders.push(
      closedOrder(dealer, {
        repairOrderNumber: `${dealer}51`,
        customerKey: `${dealer}C51`,
        customerPhoneNumber: '3125557751',
        closeDate: ymd(1),
        finalCloseDate: ymd(1),
      }),
      closedOrder(dealer, {
        repairOrderNumber: `${dealer}52`,
        customerKey: `${dealer}C52`,
        customerPhoneNumber: '3125557752',
        closeDate: ymd(30),
        finalCloseDate: ymd(30),
      }),
    );
    expect(await sync(t, adminTok, s.companyId)).toMatchObject({ state: 'done' });
    const surveys = await runInScope(
      t.db,
      { companyId: s.companyId },
      async (tx) =>
        (await tx.execute(sql`select ro.number, s.state from surveys s join repair_orders ro on ro.id = s.repair_order_id and ro.company_id = s.company_id`))
          .rows,
    );
    expect(surveys).toEqual([{ number: `${dealer}51`, state: 'planned' }]);
  });

  it('announces created orders, vehicles and customers live once; an identical second run announces nothing', async () => {
    const { s, dealer, adminTok } = await dmsCompany(t, fake);
    fake.openRepairOrders.push(
      openOrder(dealer, { repairOrderNumber: `${dealer}1`, customerKey: `${dealer}C1`, customerPhoneNumber: '3125557711', vin: '1HGCM82633A004352' }),
      openOrder(dealer, { repairOrderNumber: `${dealer}2`, customerKey: `${dealer}C1`, customerPhoneNumber: '3125557711', vin: '1HGCM82633A004352' }),
    );
    const first = await sync(t, adminTok, s.companyId);
    expect(first.counts).toMatchObject({ ordersCreated: 2, customersCreated: 1, vehiclesCreated: 1 });
    const orders = (await snapshot(t, s.companyId)).orders;
    const events1 = await liveEventsOf(s.companyId);
    const orderEvents = events1.filter((e) => e.entity === 'repair_order');
    expect(orderEvents.map((e) => e.event)).toEqual(['created', 'created']);
    expect(orderEvents.map((e) => Number(e.id)).sort()).toEqual(orders.map((o) => Number(o.id)).sort());
    expect(events1.filter((e) => e.entity === 'vehicle').map((e) => e.event)).toEqual(['created']);
    expect(events1.filter((e) => e.entity === 'customer').map((e) => e.event)).toEqual(['created']);

    const second = await sync(t, adminTok, s.companyId);
    expect(second.counts).toMatchObject({ ordersCreated: 0, ordersUpdated: 0, ordersUnchanged: 2 });
    expect(await liveEventsOf(s.companyId)).toHaveLength(events1.length);
  });

  it('matches an existing customer by phone and skips blocked writers and customers', async () => {
    const { s, dealer, adminTok } = await dmsCompany(t, fake, { dtBlockedServiceWriters: ['BLK'], dtBlockedCustomerKeys: ['BLOCKEDKEY'] });
    const existing = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: bearer(adminTok),
      payload: { phone: '+13125557702', firstName: 'Johnny' },
    });
    expect(existing.statusCode, existing.body).toBe(201);
    fake.openRepairOrders.push(
      openOrder(dealer, { repairOrderNumber: `${dealer}1`, customerKey: `${dealer}C`, customerPhoneNumber: '(312) 555-7702', vin: '' }),
      openOrder(dealer, { repairOrderNumber: `${dealer}2`, customerKey: `${dealer}C`, serviceWriterId: 'BLK', vin: '' }),
      openOrder(dealer, { repairOrderNumber: `${dealer}3`, customerKey: 'BLOCKEDKEY', customerPhoneNumber: '3125557703', vin: '' }),
    );
    const run = await sync(t, adminTok, s.companyId);
    expect(run.counts).toMatchObject({ ordersCreated: 1, customersCreated: 0, customersMatched: 1, skippedBlockedWriter: 1, skippedBlockedCustomer: 1 });
    const snap = await snapshot(t, s.companyId);
    expect(snap.orders).toMatchObject([{ number: `${dealer}1`, customer_id: existing.json().id }]);
    // Staff's spelling of the name stays; the empty last name and email are filled.
    expect(snap.customers).toMatchObject([{ id: existing.json().id, first_name: 'Johnny', last_name: 'Doe', phone: '+13125557702' }]);
  });

  it('keeps what staff changed: status, customer, local lines and approvals; the DMS wins for its own fields', async () => {
    const { s, dealer, adminTok } = await dmsCompany(t, fake);
    const ro = openOrder(dealer, { repairOrderNumber: `${dealer}1`, customerKey: `${dealer}C`, customerPhoneNumber: '3125557704', vin: '' });
    fake.openRepairOrders.push(ro);
    await sync(t, adminTok, s.companyId);
    await runInScope(t.db, { companyId: s.companyId }, async (tx) => {
      await tx.execute(sql`update repair_orders set status = 'on_hold', title = 'Local title' where company_id = ${s.companyId}`);
      await tx.execute(sql`update repair_order_lines set status = 'denied', decided_by = 'customer' where company_id = ${s.companyId}`);
      await tx.execute(sql`insert into repair_order_lines (company_id, repair_order_id, description, price_cents, status)
        select company_id, id, 'Local extra', 1500, 'pending' from repair_orders where company_id = ${s.companyId}`);
    });
    ro.details[2]!.netItemTotal = '99.95';
    ro.modifiedAt = new Date();
    const run = await sync(t, adminTok, s.companyId);
    expect(run.counts).toMatchObject({ ordersUpdated: 1, linesUpdated: 1 });
    // The changed order is announced once more, naming what the DMS changed.
    const orderEvents = (await liveEventsOf(s.companyId)).filter((e) => e.entity === 'repair_order');
    expect(orderEvents.map((e) => e.event)).toEqual(['created', 'updated']);
    expect(orderEvents[1]!.changes).toEqual(expect.arrayContaining(['title', 'price', 'repairOrderLines']));
    const snap = await snapshot(t, s.companyId);
    expect(snap.orders).toMatchObject([{ status: 'on_hold', title: 'CUSTOMER STATES BRAKES SQUEAL AT LOW SPEED', price_cents: 9995 }]);
    expect(snap.lines).toMatchObject([
      { description: 'CUSTOMER STATES BRAKES SQUEAL AT LOW SPEED', price_cents: 9995, status: 'denied' },
      { description: 'Local extra', price_cents: 1500, status: 'pending', dms_key: null },
    ]);
  });

  it('answers the running import to a second request', async () => {
    const { s, adminTok } = await dmsCompany(t, fake);
    const a = await t.app.inject({ method: 'POST', url: '/api/dms/sync', headers: bearer(adminTok), payload: { companyId: s.companyId } });
    const b = await t.app.inject({ method: 'POST', url: '/api/dms/sync', headers: bearer(rootTok), payload: { companyId: s.companyId } });
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json()).toMatchObject({ alreadyRunning: false, run: { state: 'running', kind: 'import', trigger: 'manual', dmsType: 'vendor_a' } });
    expect(b.json()).toMatchObject({ alreadyRunning: true, run: { id: a.json().run.id } });
    await t.app.deps.jobs.drain();
  });

  it('logs the import’s DMS calls in the outgoing API log under its sync run', async () => {
    const { s, dealer, adminTok } = await dmsCompany(t, fake);
    fake.openRepairOrders.push(openOrder(dealer, { repairOrderNumber: `${dealer}1`, customerKey: `${dealer}C`, vin: '' }));
    const run = await sync(t, adminTok, s.companyId);
    expect(run.state).toBe('done');
    await flushOutsideCalls();
    const rows = await runInScope(
      t.db,
      { companyId: null, system: true },
      async (tx) =>
        (
          await tx.execute(
            sql`select subject_type as "subjectType", subject_id::int as "subjectId" from api_calls where company_id = ${s.companyId} and vendor = 'dealertrack'`,
          )
        ).rows as { subjectType: string | null; subjectId: number | null }[],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(rows.map(() => ({ subjectType: 'dms_sync', subjectId: run.id })));
  });

  it('records a vendor error or a timeout as a clear message and writes nothing', async () => {
    const { s, dealer, adminTok } = await dmsCompany(t, fake);
    fake.openRepairOrders.push(openOrder(dealer, { repairOrderNumber: `${dealer}1`, customerKey: `${dealer}C`, vin: '' }));
    fake.failNext(1, 503);
    const down = await sync(t, adminTok, s.companyId);
    expect(down.state).toBe('failed');
    expect(down.error).toMatch(/Dealertrack/);
    expect(down.error).toMatch(/503|unavailable|could not/i);
    fake.delayNext(2500);
    const slow = await sync(t, adminTok, s.companyId);
    expect(slow).toMatchObject({ state: 'failed' });
    expect(slow.error).toMatch(/did not answer .* within 2 s/);
    const snap = await snapshot(t, s.companyId);
    expect([snap.orders, snap.customers, snap.vehicles]).toEqual([[], [], []]);
    // When the vendor is back, the next run imports.
    expect((await sync(t, adminTok, s.companyId)).counts).toMatchObject({ ordersCreated: 1 });
  });

  it('is for the company admin of that company and super admins; bad input is refused', async () => {
    const { s, adminTok } = await dmsCompany(t, fake);
    const other = await dmsCompany(t, fake);
    const agentTok = (await login(t.app, s.agent.email)).token;
    const post = (tok: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/dms/sync', headers: bearer(tok), payload: payload as object });
    expect((await post(agentTok, { companyId: s.companyId })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/dms/sync_runs?companyId=${s.companyId}`, headers: bearer(agentTok) })).statusCode).toBe(403);
    expect((await post(other.adminTok, { companyId: s.companyId })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/dms/sync_runs?companyId=${s.companyId}`, headers: bearer(other.adminTok) })).statusCode).toBe(404);
    expect((await post(rootTok, { companyId: 999_999_999 })).statusCode).toBe(404);
    for (const body of [{}, { companyId: 'x' }, { companyId: 0 }, { companyId: s.companyId, extra: 1 }, []]) {
      const res = await post(adminTok, body);
      expect([400, 422], `${JSON.stringify(body)}: ${res.body}`).toContain(res.statusCode);
    }
    for (const q of ['companyId=abc', 'companyId=-1', `companyId=${s.companyId}&kind=nope`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/dms/sync_runs?${q}`, headers: bearer(adminTok) });
      expect([400, 422], `${q}: ${res.body}`).toContain(res.statusCode);
    }
    for (const q of ['', 'repairOrder=abc', 'repairOrder=0']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/dms/pushes?${q}`, headers: bearer(adminTok) });
      expect([400, 422], `${q}: ${res.body}`).toContain(res.statusCode);
    }
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`update companies set dms = '{"dmsType":"vendor_a","enabled":false}' where id = ${s.companyId}`),
    );
    const off = await post(adminTok, { companyId: s.companyId });
    expect(off.statusCode).toBe(422);
    expect(off.json().violations[0]).toMatchObject({ propertyPath: 'dms', message: 'dms_not_enabled' });
  });
});

describe('service writers sync (vendor A)', () => {
  it('matches users by dtPersonId, lists the missing ones, and with addMissing adds them disabled', async () => {
    const { s, adminTok } = await dmsCompany(t, fake);
    await runInScope(t.db, { companyId: s.companyId }, (tx) => tx.execute(sql`update users set dms = '{"dtPersonId":"DT"}' where id = ${s.agent.id}`));
    const post = (addMissing: boolean, tok = rootTok) =>
      t.app.inject({ method: 'POST', url: '/api/dms/service_writers_sync', headers: bearer(tok), payload: { companyId: s.companyId, addMissing } });
    expect((await post(true, adminTok)).statusCode).toBe(403);
    const listed = await post(false);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().writers).toEqual([
      { id: 'DT', name: 'DEALERTRACK SW', active: true, outcome: 'matched', user: `/api/users/${s.agent.id}` },
      { id: '999', name: 'ARKONA SUPPORT', active: true, outcome: 'missing', user: null },
      { id: 'OLD', name: 'FORMER WRITER', active: false, outcome: 'inactive', user: null },
    ]);
    const added = await post(true);
    expect(added.json().writers[1]).toMatchObject({ id: '999', outcome: 'created' });
    expect(added.json().run).toMatchObject({ kind: 'service_writers', state: 'done', counts: { matched: 1, created: 1, inactive: 1 } });
    const user = await runInScope(
      t.db,
      { companyId: s.companyId },
      async (tx) =>
        (
          await tx.execute(
            sql`select email, enabled, advisor, first_name, last_name, dms from users where dms->>'dtPersonId' = '999' and company_id = ${s.companyId}`,
          )
        ).rows,
    );
    expect(user).toEqual([
      { email: `dms-writer-999@${s.slug}.invalid`, enabled: false, advisor: true, first_name: 'Arkona', last_name: 'Support', dms: { dtPersonId: '999' } },
    ]);
    // The new user cannot sign in, and a second sync finds it instead of adding another.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: `dms-writer-999@${s.slug}.invalid`, password: 'anything1A' } })).statusCode,
    ).toBe(401);
    expect((await post(true)).json().writers[1]).toMatchObject({ outcome: 'matched' });
  });

  it('reports a vendor failure as a 409 with the vendor’s words and records the failed run', async () => {
    const { s } = await dmsCompany(t, fake);
    fake.failNext(1, 500);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dms/service_writers_sync',
      headers: bearer(rootTok),
      payload: { companyId: s.companyId, addMissing: false },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'dms_error', kind: 'unavailable' });
    const runs = await t.app.inject({ method: 'GET', url: `/api/dms/sync_runs?companyId=${s.companyId}&kind=service_writers`, headers: bearer(rootTok) });
    expect(runs.json().member).toMatchObject([{ state: 'failed', error: expect.stringContaining('Dealertrack') }]);
  });
});

describe('the call log', () => {
  it('logs every outside call with method, URL, status and duration, and never a credential', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const secretFake = await startFakeDealertrack({ password: 'Very-Secret-Pa55!' });
    const logged = await createTestApp({ ...dmsEnv(secretFake), LOG_LEVEL: 'info' }, { logger: true, logStream: stream });
    try {
      const { s, dealer, adminTok } = await dmsCompany(logged, secretFake);
      secretFake.openRepairOrders.push(openOrder(dealer, { repairOrderNumber: `${dealer}1`, customerKey: `${dealer}C`, vin: '' }));
      expect((await sync(logged, adminTok, s.companyId)).state).toBe('done');
      const calls = lines.map((l) => JSON.parse(l)).filter((l) => l.dmsCall);
      expect(calls.map((c) => c.dmsCall.operation)).toEqual(['OpenRepairOrderLookup', 'GetClosedRepairOrders']);
      expect(calls[0].dmsCall).toMatchObject({
        companyId: s.companyId,
        vendor: 'dealertrack',
        method: 'POST',
        url: `${secretFake.baseUrl}/ServiceAPI.asmx`,
        status: 200,
      });
      expect(typeof calls[0].dmsCall.durationMs).toBe('number');
      expect(calls[0].dmsCall.requestBody).toContain('PasswordText">[redacted]</wsse:Password>');
      const all = lines.join('\n');
      expect(all).not.toContain('Very-Secret-Pa55!');
      expect(all).toContain('[redacted]');
    } finally {
      await logged.close();
      await secretFake.close();
    }
  });
});

describe('the periodic import', () => {
  it('starts an import for each enabled company, reading only what changed since the last one', async () => {
    const { s, dealer, adminTok } = await dmsCompany(t, fake);
    fake.openRepairOrders.push(openOrder(dealer, { repairOrderNumber: `${dealer}1`, customerKey: `${dealer}C`, vin: '' }));
    const [job] = createDmsRecurringJobs({ deps: t.app.deps, log: { info: () => {}, warn: () => {} } });
    expect(job).toMatchObject({ name: 'dms-import', cron: '*/15 * * * *' });
    await job!.run({ slot: new Date() });
    await t.app.deps.jobs.drain();
    const runs = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/dms/sync_runs?companyId=${s.companyId}`, headers: bearer(adminTok) })).json().member as {
        trigger: string;
        state: string;
        counts: Record<string, number>;
      }[];
    expect((await runs())[0]).toMatchObject({ trigger: 'schedule', state: 'done', counts: { ordersCreated: 1 } });
    const seen = fake.requests.length;
    await job!.run({ slot: new Date() });
    await t.app.deps.jobs.drain();
    // The second slot asks only for orders modified since shortly before the first one began.
    const lookup = fake.requests.slice(seen).find((r) => r.operation === 'OpenRepairOrderLookup' && r.rawBody.includes(dealer));
    expect(lookup?.rawBody).toMatch(/<ModifiedAfter>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/ModifiedAfter>/);
    expect((await runs())[0]).toMatchObject({ trigger: 'schedule', state: 'done', counts: { ordersRead: 1, ordersUnchanged: 1 } });
  });
});

describe('DMS import (CDK Fortellis)', () => {
  it('imports through the bulk API with the shared token, matching the customer by phone', async () => {
    const cdk = await startFakeCdk();
    const app = await createTestApp({
      CDK_BASE_URL: cdk.baseUrl,
      CDK_TOKEN_URL: cdk.tokenUrl,
      CDK_API_KEY: cdk.apiKey,
      CDK_API_SECRET: cdk.apiSecret,
      CDK_DEPARTMENT_ID: cdk.departmentId,
      CDK_POLL_INTERVAL_MS: '20',
    });
    try {
      const s = await seedCompany(app.db);
      const settings = { dmsType: 'vendor_b', enabled: true, cdkSubscriptionId: cdk.subscriptionId };
      await runInScope(app.db, { companyId: null, system: true }, (tx) =>
        tx.execute(sql`update companies set dms = ${JSON.stringify(settings)}::jsonb where id = ${s.companyId}`),
      );
      await runInScope(app.db, { companyId: s.companyId }, (tx) =>
        tx.execute(sql`update users set dms = '{"cdkServiceAdvisorId":"6164"}' where id = ${s.agent.id}`),
      );
      const adminTok = (await login(app.app, s.admin.email)).token;
      const existing = await app.app.inject({
        method: 'POST',
        url: '/api/customers',
        headers: bearer(adminTok),
        payload: { phone: '+13125550199', firstName: 'Anna' },
      });
      const run = await sync(app, adminTok, s.companyId);
      expect(run, JSON.stringify(run)).toMatchObject({
        state: 'done',
        counts: { ordersRead: 2, ordersCreated: 2, customersMatched: 2, customersCreated: 0, vehiclesCreated: 1 },
      });
      const snap = await snapshot(app, s.companyId);
      expect(snap.orders).toMatchObject([
        { number: '5601', customer_id: existing.json().id, service_advisor_id: s.agent.id, status: 'completed' },
        { number: '5656', customer_id: existing.json().id, service_advisor_id: s.agent.id, status: 'new', price_cents: 3700, closed_at: null },
      ]);
      expect(snap.vehicles).toMatchObject([{ vin: '1HGCM82633A004352', make: 'HONDA', year: 2003, mileage: 87665 }]);
      expect(cdk.tokensIssued()).toBe(1);
    } finally {
      await app.close();
      await cdk.close();
    }
  });
});
