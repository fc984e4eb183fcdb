import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_HAS_OPEN_ORDERS, VIN_ALREADY_USED } from '@cd/contracts/vehicle';
import { VEHICLE_APPRAISAL_COOLDOWN, VEHICLE_APPRAISAL_NOT_CONFIGURED } from '@cd/contracts/vehicle-extras';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { automatedRows, caller, randomVin, seedOrderWorld, setAutomotive } from '../../../test/repair-order-fixtures';
import { startFakeNhtsa, type TFakeNhtsa } from '../../../test/fakes/fake-nhtsa';
import { runInScope } from '../../db/client';
import { runAutomatedAppraisals } from './vehicle-appraisal.service';

let t: TTestApp;
let nhtsa: TFakeNhtsa;
let a: TSeededCompany;
let adminTok: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  nhtsa = await startFakeNhtsa();
  t = await createTestApp({ NHTSA_API_URL: nhtsa.url, NHTSA_TIMEOUT_MS: '300' });
  call = caller(t);
  a = await seedCompany(t.db);
  adminTok = (await login(t.app, a.admin.email)).token;
});
afterAll(async () => {
  await t.close();
  await nhtsa.close();
});

describe('vehicles', () => {
  it('creates, lists the garage, patches and deletes; VIN unique per company', async () => {
    const w = await seedOrderWorld(t, a, adminTok, { order: false });
    const garage = await call('GET', `/api/vehicles?customer=${w.customerId}`, adminTok);
    expect(garage.statusCode).toBe(200);
    expect(garage.json().member).toMatchObject([{ id: w.vehicleId, make: 'Honda', openRepairOrders: 0 }]);
    const vin = (await call('GET', `/api/vehicles/${w.vehicleId}`, adminTok)).json().vin;
    const dup = await call('POST', '/api/vehicles', adminTok, {
      customer: w.customerId,
      make: 'Ford',
      model: 'Focus',
      year: 2018,
      mileage: 1,
      vin: vin.toLowerCase(),
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().violations).toMatchObject([{ propertyPath: 'vin', message: VIN_ALREADY_USED }]);
    const other = await call('POST', '/api/vehicles', adminTok, {
      customer: w.customerId,
      make: 'Ford',
      model: 'Focus',
      year: 2018,
      mileage: 1,
      vin: randomVin(),
    });
    expect(other.statusCode).toBe(201);
    const clash = await call('PATCH', `/api/vehicles/${other.json().id}`, adminTok, { vin });
    expect(clash.statusCode).toBe(422);
    const patched = await call('PATCH', `/api/vehicles/${other.json().id}`, adminTok, { mileage: 1234, registration: '  ' });
    expect(patched.json()).toMatchObject({ mileage: 1234, registration: null });
    // Another company may use the same VIN.
    const b = await seedCompany(t.db);
    const bTok = (await login(t.app, b.admin.email)).token;
    const wb = await seedOrderWorld(t, b, bTok, { order: false });
    expect((await call('PATCH', `/api/vehicles/${wb.vehicleId}`, bTok, { vin })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/vehicles/${other.json().id}`, adminTok)).statusCode).toBe(204);
  });

  it('refuses to delete a vehicle with open orders (409)', async () => {
    const w = await seedOrderWorld(t, a, adminTok);
    const res = await call('DELETE', `/api/vehicles/${w.vehicleId}`, adminTok);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(VEHICLE_HAS_OPEN_ORDERS);
    expect((await call('GET', `/api/vehicles/${w.vehicleId}`, adminTok)).json().openRepairOrders).toBe(1);
  });

  it('answers bad input with 400/422, never 500', async () => {
    const w = await seedOrderWorld(t, a, adminTok, { order: false });
    const base = { customer: w.customerId, make: 'Kia', model: 'Rio', year: 2020, mileage: 10, vin: randomVin() };
    for (const body of [
      {},
      { ...base, vin: 'ABC' },
      { ...base, vin: '1HGCM82633A004353' },
      { ...base, year: 1800 },
      { ...base, year: 20.5 },
      { ...base, mileage: -1 },
      { ...base, mileage: '10' },
      { ...base, customer: 999999999 },
      { ...base, customer: '/api/users/1' },
      { ...base, extra: 1 },
      { ...base, make: '' },
    ]) {
      const res = await call('POST', '/api/vehicles', adminTok, body);
      expect([400, 422], `${JSON.stringify(body)} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    for (const url of ['/api/vehicles?customer=abc', '/api/vehicles/abc', '/api/vehicles/0/recalls', '/api/vehicles/x/recommendations'])
      expect([400, 404]).toContain((await call('GET', url, adminTok)).statusCode);
    expect((await call('PATCH', `/api/vehicles/${w.vehicleId}`, adminTok, { year: 'x' })).statusCode).toBe(422);
    expect((await call('POST', `/api/vehicles/${w.vehicleId}/send_vehicle_appraisal_message`, adminTok, { x: 1 })).statusCode).toBeOneOf([400, 422]);
    expect((await call('PUT', '/api/vehicle_recommendations/999999999/dismiss', adminTok, {})).statusCode).toBe(404);
  });
});

describe('vehicle appraisal', () => {
  it('refuses without a text, plans once per cooldown, stamps the vehicle and notifies by e-mail', async () => {
    const c = await seedCompany(t.db);
    const tok = (await login(t.app, c.admin.email)).token;
    const w = await seedOrderWorld(t, c, tok, { order: false });
    const url = `/api/vehicles/${w.vehicleId}/send_vehicle_appraisal_message`;
    const none = await call('POST', url, tok, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toBe(VEHICLE_APPRAISAL_NOT_CONFIGURED);
    await setAutomotive(t, c.companyId, {
      vehicleAppraisalText: 'Thinking of selling? We buy cars.',
      vehicleAppraisalCooldownDays: 0,
      vehicleAppraisalNotificationEmails: ['sales@test.example'],
    });
    const results = await Promise.all([1, 2, 3].map(() => call('POST', url, tok, {})));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().detail).toBe(VEHICLE_APPRAISAL_COOLDOWN);
    const rows = await automatedRows(t, c.companyId, 'vehicle', w.vehicleId);
    expect(rows).toMatchObject([{ kind: 'vehicle_appraisal', key: `vehicle:${w.vehicleId}:vehicle_appraisal:1` }]);
    expect((await call('GET', `/api/vehicles/${w.vehicleId}`, tok)).json().appraisalMessageSentAt).not.toBeNull();
    const jobs = await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`select count(*)::int as n from outbox_jobs where company_id = ${c.companyId} and kind = 'vehicle_appraisal_notify'`),
    );
    expect((jobs.rows[0] as { n: number }).n).toBe(1);
  });

  it('the daily run plans candidates of companies that switched it on, in a bounded batch, once per cooldown', async () => {
    const c = await seedCompany(t.db);
    const tok = (await login(t.app, c.admin.email)).token;
    const old = await seedOrderWorld(t, c, tok, { order: false });
    const fresh = await call('POST', '/api/vehicles', tok, {
      customer: old.customerId,
      make: 'Kia',
      model: 'EV9',
      year: new Date().getUTCFullYear(),
      mileage: 100,
      vin: randomVin(),
    });
    await setAutomotive(t, c.companyId, { vehicleAppraisalText: 'We buy cars.', vehicleAppraisalAutomatedEnabled: true, vehicleAppraisalCooldownDays: 30 });
    await runAutomatedAppraisals({ deps: t.app.deps, now: new Date() });
    expect(await automatedRows(t, c.companyId, 'vehicle', old.vehicleId)).toHaveLength(1);
    expect(await automatedRows(t, c.companyId, 'vehicle', fresh.json().id)).toHaveLength(0);
    await runAutomatedAppraisals({ deps: t.app.deps, now: new Date() });
    expect(await automatedRows(t, c.companyId, 'vehicle', old.vehicleId)).toHaveLength(1);
    await runAutomatedAppraisals({ deps: t.app.deps, now: new Date(Date.now() + 31 * 86_400_000) });
    expect(await automatedRows(t, c.companyId, 'vehicle', old.vehicleId)).toHaveLength(2);
  });
});

describe('recalls', () => {
  it('answers NHTSA campaigns, cached; an error or a timeout answers available:false', async () => {
    const c = await seedCompany(t.db);
    const tok = (await login(t.app, c.admin.email)).token;
    const w = await seedOrderWorld(t, c, tok, { order: false });
    const model = `Model${Date.now()}`;
    await call('PATCH', `/api/vehicles/${w.vehicleId}`, tok, { model, year: 2012 });
    nhtsa.addRecall(
      { make: 'HONDA', model, year: 2012 },
      { NHTSACampaignNumber: '12V123000', Component: 'AIR BAGS', Summary: 'Inflator may rupture.', Remedy: 'Replace.' },
    );
    nhtsa.mode = 'error';
    const failed = await call('GET', `/api/vehicles/${w.vehicleId}/recalls`, tok);
    expect(failed.json()).toEqual({ available: false, reason: 'error' });
    nhtsa.mode = 'hang';
    const slow = await call('GET', `/api/vehicles/${w.vehicleId}/recalls`, tok);
    expect(slow.json()).toEqual({ available: false, reason: 'timeout' });
    nhtsa.mode = 'ok';
    const ok = await call('GET', `/api/vehicles/${w.vehicleId}/recalls`, tok);
    expect(ok.json()).toMatchObject({ available: true, recalls: [{ campaignNumber: '12V123000', component: 'AIR BAGS', remedy: 'Replace.' }] });
    const before = nhtsa.requests.length;
    nhtsa.mode = 'error';
    expect((await call('GET', `/api/vehicles/${w.vehicleId}/recalls`, tok)).json()).toMatchObject({ available: true });
    expect(nhtsa.requests.length).toBe(before);
    expect(nhtsa.requests.at(-1)).toMatchObject({ make: 'HONDA', model: model.toUpperCase(), modelYear: '2012' });
    nhtsa.mode = 'ok';
  });
});
