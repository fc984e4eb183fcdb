import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { computeVinCheckDigit } from '@cd/contracts/vin';
import { runInScope } from '../src/db/client';
import { bearer, unique, type TSeededCompany, type TTestApp } from './helpers';

/** A fresh valid VIN (random serial, check digit computed): tests never collide on the per-company unique VIN. */
export function randomVin(): string {
  const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  let body = '1HG';
  for (let i = 0; i < 14; i++) body += alphabet[randomInt(alphabet.length)];
  const draft = `${body.slice(0, 8)}0${body.slice(9)}`;
  return `${draft.slice(0, 8)}${computeVinCheckDigit(draft)}${draft.slice(9)}`;
}

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function caller(t: TTestApp) {
  return (method: TMethod, url: string, token: string, payload?: unknown) => {
    if (payload === undefined) return t.app.inject({ method, url, headers: bearer(token) });
    const contentType = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
    return t.app.inject({ method, url, headers: { ...bearer(token), 'content-type': contentType }, payload: JSON.stringify(payload) });
  };
}

/** Sets company settings straight in the database (merging into the JSON column). */
export async function setAutomotive(t: TTestApp, companyId: number, values: Record<string, unknown>) {
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update companies set automotive_messages = automotive_messages || ${JSON.stringify(values)}::jsonb where id = ${companyId}`),
  );
}

export async function setSurveySettings(t: TTestApp, companyId: number, values: Record<string, unknown>) {
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update companies set survey_settings = survey_settings || ${JSON.stringify(values)}::jsonb where id = ${companyId}`),
  );
}

export async function flagUser(t: TTestApp, userId: number, flags: { advisor?: boolean; mechanic?: boolean }) {
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update users set advisor = ${flags.advisor ?? false}, mechanic = ${flags.mechanic ?? false} where id = ${userId}`),
  );
}

export async function automatedRows(t: TTestApp, companyId: number, entity: string, entityId: number) {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const r = await tx.execute(sql`select key, kind, state, due_at as "dueAt" from automated_messages
      where company_id = ${companyId} and entity = ${entity} and entity_id = ${entityId} order by id`);
    return (r.rows as { key: string; kind: string; state: string; dueAt: string | Date }[]).map((x) => ({ ...x, dueAt: new Date(x.dueAt) }));
  });
}

/** A customer, a vehicle of theirs and (optionally) an order, through the API. */
export async function seedOrderWorld(t: TTestApp, s: TSeededCompany, token: string, opts: { order?: Record<string, unknown> | false } = {}) {
  const call = caller(t);
  const phone = `+1555${String(randomInt(1_000_000, 9_999_999))}`;
  const customer = await call('POST', '/api/customers', token, { phone, firstName: 'Ada', lastName: unique('Driver') });
  if (customer.statusCode !== 201) throw new Error(`customer: ${customer.body}`);
  const customerId = customer.json().id as number;
  const vehicle = await call('POST', '/api/vehicles', token, {
    customer: customerId,
    make: 'Honda',
    model: 'Accord',
    year: 2015,
    mileage: 42000,
    vin: randomVin(),
  });
  if (vehicle.statusCode !== 201) throw new Error(`vehicle: ${vehicle.body}`);
  const vehicleId = vehicle.json().id as number;
  let orderId = 0;
  if (opts.order !== false) {
    const order = await call('POST', '/api/repair_orders', token, {
      customer: customerId,
      vehicle: vehicleId,
      number: unique('RO'),
      title: 'Brakes',
      price: 10000,
      ...(opts.order ?? {}),
    });
    if (order.statusCode !== 201) throw new Error(`order: ${order.body}`);
    orderId = order.json().id;
  }
  return { customerId, vehicleId, orderId, phone, companyId: s.companyId };
}
