import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyTopic } from '@cd/contracts/live';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, unique, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { runInScope } from '../../db/client';
import { DEMO_PASSWORD, seedDemoData } from '../../seed/seed';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let adminTok: string;
let agentTok: string;
let adminB: string;
let rootTok: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  adminTok = (await login(t.app, a.admin.email)).token;
  agentTok = (await login(t.app, a.agent.email)).token;
  adminB = (await login(t.app, b.admin.email)).token;
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
});
afterAll(() => t.close());

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function call(method: TMethod, url: string, token: string, payload?: unknown) {
  if (payload === undefined) return t.app.inject({ method, url, headers: bearer(token) });
  const contentType = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
  return t.app.inject({ method, url, headers: { ...bearer(token), 'content-type': contentType }, payload: JSON.stringify(payload) });
}
async function create(token = adminTok, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/company_services', token, { title: unique('Oil change'), duration: 30, price: 4999, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string; company: string };
}
async function liveEvents(companyId: number, serviceId: number) {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const r = await tx.execute(sql`select topics, payload from live_events where company_id = ${companyId} and payload->>'entity' = 'company_service' and (payload->'data'->>'id')::bigint = ${serviceId} order by id`);
    return r.rows as { topics: string[]; payload: { event: string; changes: string[] | null } }[];
  });
}

describe('company services CRUD', () => {
  it('creates, reads, patches, replaces and deletes, with live events on the company topic', async () => {
    const title = unique('Brake check');
    const res = await call('POST', '/api/company_services', adminTok, { title: `  ${title}  `, description: 'Pads and discs', duration: 45, price: 12550 });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      '@id': `/api/company_services/${s.id}`,
      '@type': 'CompanyService',
      company: `/api/companies/${a.companyId}`,
      title,
      description: 'Pads and discs',
      duration: 45,
      price: 12550,
    });
    expect((await call('GET', `/api/company_services/${s.id}`, agentTok)).json()).toMatchObject({ title, price: 12550 });

    const patched = await call('PATCH', `/api/company_services/${s.id}`, adminTok, { price: 0 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ title, description: 'Pads and discs', duration: 45, price: 0 });

    const put = await call('PUT', `/api/company_services/${s.id}`, adminTok, { title, duration: 60, price: 100, company: `/api/companies/${a.companyId}` });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ description: '', duration: 60, price: 100 });

    expect((await call('DELETE', `/api/company_services/${s.id}`, adminTok)).statusCode).toBe(204);
    expect((await call('GET', `/api/company_services/${s.id}`, adminTok)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/company_services/${s.id}`, adminTok)).statusCode).toBe(404);

    const events = await liveEvents(a.companyId, s.id);
    expect(events.map((e) => e.payload.event)).toEqual(['created', 'updated', 'updated', 'removed']);
    expect(events.every((e) => e.topics.includes(companyTopic(a.companyId)))).toBe(true);
    expect(events[1]!.payload.changes).toEqual(['price']);
  });

  it('lists the caller company by title (case-insensitive), paged or whole, to every user of the company', async () => {
    const c = await seedCompany(t.db);
    const tok = (await login(t.app, c.admin.email)).token;
    for (const title of ['b wash', 'C tyres', 'A alignment']) await create(tok, { title });
    const whole = await call('GET', '/api/company_services?pagination=false', (await login(t.app, c.user2.email)).token);
    expect(whole.statusCode).toBe(200);
    expect(whole.json().member.map((m: { title: string }) => m.title)).toEqual(['A alignment', 'b wash', 'C tyres']);
    expect(whole.json().totalItems).toBe(3);
    const page2 = (await call('GET', '/api/company_services?itemsPerPage=2&page=2', tok)).json();
    expect(page2.member.map((m: { title: string }) => m.title)).toEqual(['C tyres']);
    expect(page2.totalItems).toBe(3);
    expect(page2.view.first).toContain('page=1');
  });

  it('changing nothing emits no event', async () => {
    const s = await create();
    const res = await call('PATCH', `/api/company_services/${s.id}`, adminTok, { title: s.title });
    expect(res.statusCode).toBe(200);
    expect((await liveEvents(a.companyId, s.id)).map((e) => e.payload.event)).toEqual(['created']);
  });
});

describe('company services validation', () => {
  it('answers 422 for bad bodies, never 500', async () => {
    const bad: Record<string, unknown>[] = [
      {},
      { title: '   ', duration: 30, price: 100 },
      { title: 'x'.repeat(201), duration: 30, price: 100 },
      { title: 'No duration', price: 100 },
      { title: 'Zero duration', duration: 0, price: 100 },
      { title: 'Fractional duration', duration: 1.5, price: 100 },
      { title: 'No price', duration: 30 },
      { title: 'Negative price', duration: 30, price: -1 },
      { title: 'Fractional cents', duration: 30, price: 10.5 },
      { title: 'Huge price', duration: 30, price: 100_000_001 },
      { title: 'String price', duration: 30, price: '10.00' },
      { title: 'Unknown field', duration: 30, price: 1, colour: 'red' },
      { title: 'Bad company', duration: 30, price: 1, company: '/api/users/1' },
    ];
    for (const payload of bad) {
      const res = await call('POST', '/api/company_services', adminTok, payload);
      expect(res.statusCode, JSON.stringify(payload) + res.body).toBe(422);
    }
    const s = await create();
    for (const payload of [{ price: -5 }, { duration: 0 }, { title: '' }, { description: null }, { id: 5 }]) {
      const res = await call('PATCH', `/api/company_services/${s.id}`, adminTok, payload);
      expect(res.statusCode, JSON.stringify(payload) + res.body).toBe(422);
    }
    expect((await call('GET', '/api/company_services/abc', adminTok)).statusCode).toBe(400);
    expect((await call('GET', '/api/company_services?itemsPerPage=0', adminTok)).statusCode).toBe(400);
    expect((await call('GET', '/api/company_services?company=xyz', rootTok)).statusCode).toBe(400);
  });

  it('refuses a duplicate title in the same company (any case) with 422, allows it in another company', async () => {
    const s = await create();
    const dup = await call('POST', '/api/company_services', adminTok, { title: s.title.toUpperCase(), duration: 10, price: 1 });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().violations[0]).toMatchObject({ propertyPath: 'title' });
    const other = await create();
    const renamed = await call('PATCH', `/api/company_services/${other.id}`, adminTok, { title: s.title });
    expect(renamed.statusCode).toBe(422);
    expect((await call('POST', '/api/company_services', adminB, { title: s.title, duration: 10, price: 1 })).statusCode).toBe(201);
  });
});

describe('company services access', () => {
  it('lets an agent read but not write', async () => {
    const s = await create();
    expect((await call('GET', '/api/company_services', agentTok)).statusCode).toBe(200);
    expect((await call('POST', '/api/company_services', agentTok, { title: unique('x'), duration: 5, price: 1 })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/company_services/${s.id}`, agentTok, { price: 1 })).statusCode).toBe(403);
    expect((await call('PUT', `/api/company_services/${s.id}`, agentTok, { title: 'x', duration: 5, price: 1 })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/company_services/${s.id}`, agentTok)).statusCode).toBe(403);
    expect((await call('GET', `/api/company_services/${s.id}`, adminTok)).json().price).toBe(4999);
  });

  it('hides other companies: their services look absent and naming their company is refused', async () => {
    const s = await create();
    for (const m of ['GET', 'DELETE'] as const) expect((await call(m, `/api/company_services/${s.id}`, adminB)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/company_services/${s.id}`, adminB, { price: 1 })).statusCode).toBe(404);
    expect((await call('GET', `/api/company_services?company=${a.companyId}`, adminB)).statusCode).toBe(404);
    const foreign = await call('POST', '/api/company_services', adminB, { title: unique('x'), duration: 5, price: 1, company: `/api/companies/${a.companyId}` });
    expect(foreign.statusCode).toBe(404);
    const listB = (await call('GET', '/api/company_services?pagination=false', adminB)).json();
    expect(listB.member.some((m: { id: number }) => m.id === s.id)).toBe(false);
    expect((await call('GET', `/api/company_services/${s.id}`, adminTok)).json().price).toBe(4999);
  });

  it('lets a super admin manage any company named with `company`', async () => {
    expect((await call('GET', '/api/company_services', rootTok)).statusCode).toBe(400);
    expect((await call('POST', '/api/company_services', rootTok, { title: unique('x'), duration: 5, price: 1 })).statusCode).toBe(400);
    const created = await create(rootTok, { company: `/api/companies/${b.companyId}` });
    expect(created.company).toBe(`/api/companies/${b.companyId}`);
    const list = (await call('GET', `/api/company_services?company=/api/companies/${b.companyId}&pagination=false`, rootTok)).json();
    expect(list.member.map((m: { id: number }) => m.id)).toContain(created.id);
    expect((await call('PATCH', `/api/company_services/${created.id}`, rootTok, { price: 250 })).json().price).toBe(250);
    const move = await call('PUT', `/api/company_services/${created.id}`, rootTok, { title: created.title, duration: 5, price: 1, company: `/api/companies/${a.companyId}` });
    expect(move.statusCode).toBe(422);
    expect((await call('GET', `/api/company_services/${created.id}`, adminB)).json().price).toBe(250);
    expect((await call('DELETE', `/api/company_services/${created.id}`, rootTok)).statusCode).toBe(204);
  });
});

describe('demo seed', () => {
  it('gives Demo Motors a service catalogue', async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoData({ db: fresh.db })).toBe(true);
      const tok = (await login(fresh.app, 'agent@motors.example.com', DEMO_PASSWORD)).token;
      const list = await fresh.app.inject({ method: 'GET', url: '/api/company_services?pagination=false', headers: bearer(tok) });
      expect(list.json().member.length).toBeGreaterThanOrEqual(3);
      expect(list.json().member[0]).toMatchObject({ title: 'Brake inspection', price: 0 });
    } finally {
      await fresh.close();
    }
  });
});
