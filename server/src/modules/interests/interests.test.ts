import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERESTS_MESSAGES } from '@cd/contracts/interests';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, unique, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { customerIdsOfInterests, upsertListingInterest } from './interests.api';
import { uniqueTestPhone } from '../../../test/test-phone';

let t: TTestApp;
let s: TSeededCompany;
let other: TSeededCompany;
let reOnly: TSeededCompany;
let offersOff: TSeededCompany;
let admin: string;
let offersUser: string;
let plainUser: string;
let otherAdmin: string;
let reUser: string;
let offAdmin: string;

const call = (method: string, url: string, token: string, body?: unknown) => caller(t)(method as 'GET', url, token, body);
const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);

async function setModules(companyId: number, modules: Record<string, boolean>) {
  await system((tx) => tx.execute(sql`update companies set modules = modules || ${JSON.stringify(modules)}::jsonb where id = ${companyId}`));
}
async function setRoles(userId: number, roles: string[]) {
  await system((tx) => tx.execute(sql`update users set roles = ${`{${roles.join(',')}}`}::text[] where id = ${userId}`));
}
async function newCustomer(companyId = s.companyId, firstName = 'Ann'): Promise<number> {
  const phone = uniqueTestPhone({ prefix: '+1202555', digits: 4 });
  const res = await system((tx) =>
    tx.execute(
      sql`insert into customers (company_id, first_name, last_name, phone) values (${companyId}, ${firstName}, 'Buyer', ${phone}) returning id::int as id`,
    ),
  );
  return Number((res.rows[0] as { id: number }).id);
}
async function newListing(companyId = s.companyId): Promise<number> {
  const res = await system((tx) =>
    tx.execute(
      sql`insert into listings (company_id, name, url) values (${companyId}, ${unique('Home')}, 'https://homes.example.com/1') returning id::int as id`,
    ),
  );
  return Number((res.rows[0] as { id: number }).id);
}
async function newInterest(token = offersUser, name = unique('3-bed')): Promise<{ id: number; '@id': string; name: string }> {
  const res = await call('POST', '/api/interests', token, { name, description: 'Under $400k' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const upsert = (o: { companyId?: number; listingId: number; customerId: number; agentId?: number | null; source?: 'keyword' | 'manual' }) =>
  runInScope(t.db, { companyId: o.companyId ?? s.companyId }, (tx) =>
    upsertListingInterest({
      tx,
      companyId: o.companyId ?? s.companyId,
      listingId: o.listingId,
      customerId: o.customerId,
      agentId: o.agentId,
      source: o.source ?? 'keyword',
    }),
  );

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db, { modules: { offers: true, realEstate: true } });
  other = await seedCompany(t.db, { modules: { offers: true, realEstate: true } });
  reOnly = await seedCompany(t.db, { modules: { realEstate: true } });
  offersOff = await seedCompany(t.db);
  await setModules(s.companyId, { offers: true, realEstate: true });
  await setModules(other.companyId, { offers: true, realEstate: true });
  await setModules(reOnly.companyId, { realEstate: true, offers: false });
  await setModules(offersOff.companyId, { offers: false, realEstate: false });
  await setRoles(s.user2.id, ['ROLE_USER', 'ROLE_OFFERS']);
  await setRoles(reOnly.user2.id, ['ROLE_USER', 'ROLE_REAL_ESTATE']);
  admin = (await login(t.app, s.admin.email)).token;
  offersUser = (await login(t.app, s.user2.email)).token;
  plainUser = (await login(t.app, s.agent.email)).token;
  otherAdmin = (await login(t.app, other.admin.email)).token;
  reUser = (await login(t.app, reOnly.user2.email)).token;
  offAdmin = (await login(t.app, offersOff.admin.email)).token;
});
afterAll(() => t.close());

describe('access', () => {
  it('lets the offers role and admins in; plain users 403; a company without the module 403; anonymous 401', async () => {
    expect((await call('GET', '/api/interests', offersUser)).statusCode).toBe(200);
    expect((await call('GET', '/api/interests', admin)).statusCode).toBe(200);
    for (const url of ['/api/interests', '/api/customer_interests?customer=1', '/api/listing_interests', '/api/listings/1/interested_leads'])
      expect((await call('GET', url, plainUser)).statusCode, url).toBe(403);
    expect((await call('POST', '/api/interests', plainUser, { name: 'X' })).statusCode).toBe(403);
    const off = await call('GET', '/api/interests', offAdmin);
    expect(off.statusCode).toBe(403);
    expect(off.json().detail).toBe(INTERESTS_MESSAGES.moduleOff);
    expect((await call('GET', '/api/listing_interests', offAdmin)).statusCode).toBe(403);
    expect((await call('GET', '/api/interests', '')).statusCode).toBe(401);
  });

  it('lets the real estate role see listing interests (not categories) with the realEstate module', async () => {
    expect((await call('GET', '/api/listing_interests', reUser)).statusCode).toBe(200);
    expect((await call('GET', '/api/interests', reUser)).statusCode).toBe(403);
  });
});

describe('interest categories', () => {
  it('creates, reads, renames, lists (search, unpaged) and deletes them, with member counts', async () => {
    const i = await newInterest();
    expect(i).toMatchObject({ '@type': 'Interest', description: 'Under $400k', memberCount: 0 });
    const renamed = await call('PATCH', `/api/interests/${i.id}`, offersUser, { name: `${i.name} renamed` });
    expect(renamed.json()).toMatchObject({ name: `${i.name} renamed` });
    const put = await call('PUT', `/api/interests/${i.id}`, offersUser, { description: '' });
    expect(put.json()).toMatchObject({ description: '', name: `${i.name} renamed` });
    const c = await newCustomer();
    expect((await call('POST', '/api/customer_interests', offersUser, { customer: c, interest: i['@id'] })).statusCode).toBe(201);
    expect((await call('GET', `/api/interests/${i.id}`, offersUser)).json().memberCount).toBe(1);
    const search = (await call('GET', `/api/interests?name=${encodeURIComponent(i.name.toUpperCase())}`, offersUser)).json();
    expect(search.member.map((m: { id: number }) => m.id)).toEqual([i.id]);
    const all = (await call('GET', '/api/interests?pagination=false', offersUser)).json();
    expect(all.member.some((m: { id: number; memberCount: number }) => m.id === i.id && m.memberCount === 1)).toBe(true);
    expect((await call('DELETE', `/api/interests/${i.id}`, offersUser)).statusCode).toBe(204);
    expect((await call('GET', `/api/interests/${i.id}`, offersUser)).statusCode).toBe(404);
    expect((await call('GET', `/api/customer_interests?customer=${c}`, offersUser)).json().member).toEqual([]);
  });

  it('pages newest first by keyset', async () => {
    const prefix = unique('page');
    for (let n = 0; n < 3; n++) await newInterest(offersUser, `${prefix}-${n}`);
    const first = (await call('GET', `/api/interests?name=${prefix}&itemsPerPage=2`, offersUser)).json();
    expect(first.member.map((m: { name: string }) => m.name)).toEqual([`${prefix}-2`, `${prefix}-1`]);
    expect(first.totalItems).toBe(3);
    const second = (await call('GET', first.view.next, offersUser)).json();
    expect(second.member.map((m: { name: string }) => m.name)).toEqual([`${prefix}-0`]);
  });

  it('keeps names unique per company whatever the case, also under parallel creates', async () => {
    const name = unique('Dup');
    const results = await Promise.all([0, 1, 2].map((n) => call('POST', '/api/interests', offersUser, { name: n === 1 ? name.toUpperCase() : name })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422]);
    const failed = results.find((r) => r.statusCode === 422)!.json();
    expect(failed.violations[0]).toMatchObject({ propertyPath: 'name', message: INTERESTS_MESSAGES.duplicateName });
    // Another company may use the same name.
    expect((await call('POST', '/api/interests', otherAdmin, { name })).statusCode).toBe(201);
    const a = await newInterest();
    expect((await call('PATCH', `/api/interests/${a.id}`, offersUser, { name: name.toLowerCase() })).statusCode).toBe(422);
  });

  it('refuses bad input with 400/422', async () => {
    for (const body of [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'a\u0000b' },
      { name: 5 },
      { name: 'ok', extra: 1 },
      { name: 'ok', description: 'd'.repeat(1001) },
    ])
      expect([400, 422], JSON.stringify(body)).toContain((await call('POST', '/api/interests', offersUser, body)).statusCode);
    for (const url of ['/api/interests/0x10', '/api/interests/-1', '/api/interests?itemsPerPage=0', '/api/interests?id[lt]=abc', '/api/interests?name=%01'])
      expect((await call('GET', url, offersUser)).statusCode, url).toBe(400);
  });
});

describe('customer interests', () => {
  it('adds a customer once (201 then 200, parallel adds too), lists by customer and by interest, and removes', async () => {
    const i = await newInterest();
    const c = await newCustomer(s.companyId, 'Zed');
    const adds = await Promise.all(
      [0, 1, 2].map(() => call('POST', '/api/customer_interests', offersUser, { customer: `/api/customers/${c}`, interest: i.id })),
    );
    expect(adds.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(adds[0]!.json()).toMatchObject({
      '@id': `/api/customer_interests/${c}/${i.id}`,
      '@type': 'CustomerInterest',
      customer: `/api/customers/${c}`,
      customerName: 'Zed Buyer',
      interestName: i.name,
    });
    expect((await call('GET', `/api/customer_interests?customer=${c}`, offersUser)).json().totalItems).toBe(1);
    const members = (await call('GET', `/api/customer_interests?interest=/api/interests/${i.id}`, offersUser)).json();
    expect(members.member.map((m: { customer: string }) => m.customer)).toEqual([`/api/customers/${c}`]);
    expect((await call('DELETE', `/api/customer_interests/${c}/${i.id}`, offersUser)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/customer_interests/${c}/${i.id}`, offersUser)).statusCode).toBe(404);
  });

  it("refuses another company's customer or interest (422) and bad references (400/422)", async () => {
    const i = await newInterest();
    const foreignCustomer = await newCustomer(other.companyId);
    const foreign = await call('POST', '/api/customer_interests', offersUser, { customer: foreignCustomer, interest: i.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().violations[0].propertyPath).toBe('customer');
    const otherInterest = (await call('POST', '/api/interests', otherAdmin, { name: unique('theirs') })).json();
    const c = await newCustomer();
    expect((await call('POST', '/api/customer_interests', offersUser, { customer: c, interest: otherInterest.id })).statusCode).toBe(422);
    for (const body of [{}, { customer: c }, { customer: '/api/users/1', interest: i.id }, { customer: 0, interest: i.id }, { customer: c, interest: 'x' }])
      expect([400, 422], JSON.stringify(body)).toContain((await call('POST', '/api/customer_interests', offersUser, body)).statusCode);
    expect((await call('DELETE', '/api/customer_interests/abc/1', offersUser)).statusCode).toBe(400);
  });

  it('customerIdsOfInterests gives the distinct members of several categories, of the company only', async () => {
    const [a, b] = [await newInterest(), await newInterest()];
    const [c1, c2, c3] = [await newCustomer(), await newCustomer(), await newCustomer()];
    for (const [c, i] of [
      [c1, a.id],
      [c2, a.id],
      [c2, b.id],
    ] as const)
      await call('POST', '/api/customer_interests', offersUser, { customer: c, interest: i });
    const ids = await runInScope(t.db, { companyId: s.companyId }, (tx) => customerIdsOfInterests({ tx, companyId: s.companyId, interestIds: [a.id, b.id] }));
    expect(ids.sort((x, y) => x - y)).toEqual([c1, c2].sort((x, y) => x - y));
    expect(ids).not.toContain(c3);
    const none = await runInScope(t.db, { companyId: other.companyId }, (tx) =>
      customerIdsOfInterests({ tx, companyId: other.companyId, interestIds: [a.id] }),
    );
    expect(none).toEqual([]);
    expect(await runInScope(t.db, { companyId: s.companyId }, (tx) => customerIdsOfInterests({ tx, companyId: s.companyId, interestIds: [] }))).toEqual([]);
  });
});

describe('listing interests', () => {
  it('upserts one row per customer and listing (parallel too); a repeat reactivates it and keeps its source', async () => {
    const listing = await newListing();
    const customer = await newCustomer();
    const results = await Promise.all([0, 1, 2].map(() => upsert({ listingId: listing, customerId: customer, agentId: s.admin.id })));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.row.id)).size).toBe(1);
    const id = results[0]!.row.id;
    expect(results[0]!.row).toMatchObject({ state: 'active', source: 'keyword', agentId: s.admin.id });

    const patched = await call('PATCH', `/api/listing_interests/${id}`, offersUser, { state: 'not_interested' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ state: 'not_interested', listing: `/api/listings/${listing}`, agent: `/api/users/${s.admin.id}` });
    const again = await upsert({ listingId: listing, customerId: customer, agentId: null, source: 'manual' });
    expect(again).toMatchObject({ created: false, row: { id, state: 'active', source: 'keyword', agentId: s.admin.id } });
  });

  it('lists by listing, customer and state; interested_leads of a listing', async () => {
    const listing = await newListing();
    const [c1, c2] = [await newCustomer(s.companyId, 'One'), await newCustomer(s.companyId, 'Two')];
    const r1 = await upsert({ listingId: listing, customerId: c1 });
    await upsert({ listingId: listing, customerId: c2 });
    await call('PATCH', `/api/listing_interests/${r1.row.id}`, offersUser, { state: 'archived' });
    const byListing = (await call('GET', `/api/listing_interests?listing=${listing}`, offersUser)).json();
    expect(byListing.totalItems).toBe(2);
    const active = (await call('GET', `/api/listing_interests?listing=/api/listings/${listing}&state=active`, offersUser)).json();
    expect(active.member.map((m: { customerName: string }) => m.customerName)).toEqual(['Two Buyer']);
    expect((await call('GET', `/api/listing_interests?customer=${c1}`, offersUser)).json().member[0]).toMatchObject({
      state: 'archived',
      '@type': 'ListingInterest',
      listingName: expect.stringContaining('Home'),
    });
    const leads = await call('GET', `/api/listings/${listing}/interested_leads?state=archived`, admin);
    expect(leads.statusCode, leads.body).toBe(200);
    expect(leads.json().member.map((m: { customer: string }) => m.customer)).toEqual([`/api/customers/${c1}`]);
    expect((await call('GET', `/api/listing_interests/${r1.row.id}`, offersUser)).json().customerPhone).toMatch(/^\+1202555/);
    expect((await call('GET', `/api/listings/${listing}/interested_leads?pagination=false`, offersUser)).json().member).toHaveLength(2);
  });

  it('refuses bad states and ids with 400/422', async () => {
    const r = await upsert({ listingId: await newListing(), customerId: await newCustomer() });
    for (const body of [{}, { state: 'deleted' }, { state: null }, { state: 'active', source: 'manual' }])
      expect([400, 422], JSON.stringify(body)).toContain((await call('PATCH', `/api/listing_interests/${r.row.id}`, offersUser, body)).statusCode);
    for (const url of [
      '/api/listing_interests?state=gone',
      '/api/listing_interests?listing=/api/customers/1',
      '/api/listings/0/interested_leads',
      '/api/listing_interests/1e3',
    ])
      expect((await call('GET', url, offersUser)).statusCode, url).toBe(400);
    expect((await call('GET', '/api/listings/999999999/interested_leads', offersUser)).statusCode).toBe(404);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another company's interests, memberships, listing interests and listings", async () => {
    const i = await newInterest();
    const c = await newCustomer();
    await call('POST', '/api/customer_interests', offersUser, { customer: c, interest: i.id });
    const listing = await newListing();
    const li = await upsert({ listingId: listing, customerId: c });
    for (const [method, url, body] of [
      ['GET', `/api/interests/${i.id}`],
      ['PATCH', `/api/interests/${i.id}`, { name: 'stolen' }],
      ['PUT', `/api/interests/${i.id}`, { name: 'stolen' }],
      ['DELETE', `/api/interests/${i.id}`],
      ['DELETE', `/api/customer_interests/${c}/${i.id}`],
      ['GET', `/api/listing_interests/${li.row.id}`],
      ['PATCH', `/api/listing_interests/${li.row.id}`, { state: 'archived' }],
      ['GET', `/api/listings/${listing}/interested_leads`],
    ] as const)
      expect((await call(method, url, otherAdmin, body)).statusCode, `${method} ${url}`).toBe(404);
    // Filters on another company's ids find nothing.
    expect((await call('GET', `/api/customer_interests?interest=${i.id}`, otherAdmin)).json().member).toEqual([]);
    expect((await call('GET', `/api/listing_interests?listing=${listing}`, otherAdmin)).json().member).toEqual([]);
    // Still there for the owner.
    expect((await call('GET', `/api/listing_interests/${li.row.id}`, offersUser)).json().state).toBe('active');
    expect((await call('GET', `/api/interests/${i.id}`, offersUser)).json().memberCount).toBe(1);
  });
});
