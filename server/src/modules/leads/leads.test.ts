import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { newListing, testPhone } from '../../../test/lead-fixtures';
import { caller } from '../../../test/repair-order-fixtures';
import { recordLead } from './leads.api';

let t: TTestApp;
let s: TSeededCompany;
let other: TSeededCompany;
let admin: string;
let marketer: string;
let plain: string;
let otherAdmin: string;

const call = (method: string, url: string, token: string, body?: unknown) => caller(t)(method as 'GET', url, token, body);

async function newCustomer(companyId: number): Promise<number> {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const res = await tx.execute(
      sql`insert into customers (company_id, phone, first_name, last_name) values (${companyId}, ${testPhone()}, 'Lead', 'Person') returning id::int as id`,
    );
    return Number((res.rows[0] as { id: number }).id);
  });
}

async function newLead(opts: { companyId: number; source?: 'keyword' | 'landing_page' | 'offer_reply'; listingId?: number; agentId?: number }) {
  const customerId = await newCustomer(opts.companyId);
  return runWithLiveEvents({
    deps: t.app.deps,
    scope: { companyId: opts.companyId },
    fn: async (tx, emit) =>
      (
        await recordLead({
          tx,
          companyId: opts.companyId,
          customerId,
          source: opts.source ?? 'landing_page',
          listingId: opts.listingId,
          agentId: opts.agentId,
          emit,
        })
      ).row,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db, { modules: { realEstate: true } });
  other = await seedCompany(t.db, { modules: { realEstate: true } });
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update users set roles = array['ROLE_USER', 'ROLE_MARKETING'] where id = ${s.user2.id}`),
  );
  admin = (await login(t.app, s.admin.email)).token;
  marketer = (await login(t.app, s.user2.email)).token;
  plain = (await login(t.app, s.agent.email)).token;
  otherAdmin = (await login(t.app, other.admin.email)).token;
});
afterAll(() => t.close());

describe('roles and module', () => {
  it('lets company admins and the marketing role in; others get 403, anonymous 401', async () => {
    expect((await call('GET', '/api/marketing/leads', admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/marketing/leads', marketer)).statusCode).toBe(200);
    expect((await call('GET', '/api/marketing/leads', plain)).statusCode).toBe(403);
    const lead = await newLead({ companyId: s.companyId });
    expect((await call('PATCH', `/api/marketing/leads/${lead.id}`, plain, { status: 'closed' })).statusCode).toBe(403);
    expect((await call('GET', '/api/marketing/leads', '')).statusCode).toBe(401);
  });

  it('answers 403 with a clear message when neither the real-estate nor the offers module is on', async () => {
    const off = await seedCompany(t.db);
    const tok = (await login(t.app, off.admin.email)).token;
    const res = await call('GET', '/api/marketing/leads', tok);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/module is not enabled/);
  });
});

describe('the list', () => {
  it('pages newest first by keyset, filters, and answers pagination=false', async () => {
    const co = await seedCompany(t.db, { modules: { offers: true } });
    const tok = (await login(t.app, co.admin.email)).token;
    const listing = await newListing(t, { companyId: co.companyId, agentId: co.agent.id });
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await newLead({
          companyId: co.companyId,
          source: i % 2 ? 'keyword' : 'landing_page',
          listingId: i % 2 ? listing.id : undefined,
          agentId: i % 2 ? co.agent.id : undefined,
        }),
      );
    const first = (await call('GET', '/api/marketing/leads?itemsPerPage=2', tok)).json();
    expect(first.totalItems).toBe(5);
    expect(first.member.map((m: { id: number }) => m.id)).toEqual([made[4]!.id, made[3]!.id]);
    expect(first.member[1]).toMatchObject({
      '@type': 'MarketingLead',
      source: 'keyword',
      listing: `/api/listings/${listing.id}`,
      listingName: listing.name,
      agent: `/api/users/${co.agent.id}`,
      customerName: 'Lead Person',
    });
    const second = (await call('GET', first.view.next, tok)).json();
    expect(second.member.map((m: { id: number }) => m.id)).toEqual([made[2]!.id, made[1]!.id]);
    const keyword = (await call('GET', '/api/marketing/leads?source=keyword', tok)).json();
    expect(keyword.member).toHaveLength(2);
    expect((await call('GET', `/api/marketing/leads?listing=/api/listings/${listing.id}&agent=${co.agent.id}`, tok)).json().member).toHaveLength(2);
    expect((await call('GET', '/api/marketing/leads?status=closed', tok)).json().member).toHaveLength(0);
    const all = (await call('GET', '/api/marketing/leads?pagination=false', tok)).json();
    expect(all.member).toHaveLength(5);
  });

  it('refuses bad filters and paging with 400', async () => {
    for (const q of [
      'source=web',
      'status=open',
      'itemsPerPage=0',
      'itemsPerPage=10000',
      'agent=abc',
      'listing=-1',
      'createdAt[strictly_before]=yesterday',
      'id[lt]=1e9',
      'pagination=maybe',
    ])
      expect((await call('GET', `/api/marketing/leads?${q}`, admin)).statusCode, q).toBe(400);
  });

  it("never lists or reaches another company's leads", async () => {
    const lead = await newLead({ companyId: s.companyId });
    const theirs = (await call('GET', '/api/marketing/leads?pagination=false', otherAdmin)).json();
    expect(theirs.member.map((m: { id: number }) => m.id)).not.toContain(lead.id);
    expect((await call('GET', `/api/marketing/leads/${lead.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/marketing/leads/${lead.id}`, otherAdmin, { status: 'closed' })).statusCode).toBe(404);
    expect((await call('GET', `/api/marketing/leads/${lead.id}`, admin)).json().status).toBe('new');
  });
});

describe('changing a lead', () => {
  it('changes status and note by merge-patch', async () => {
    const lead = await newLead({ companyId: s.companyId });
    const res = await call('PATCH', `/api/marketing/leads/${lead.id}`, marketer, { status: 'contacted', note: 'Called, wants a viewing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'contacted', note: 'Called, wants a viewing' });
    expect((await call('PATCH', `/api/marketing/leads/${lead.id}`, marketer, { note: '' })).json()).toMatchObject({ status: 'contacted', note: '' });
  });

  it('refuses bad bodies with 422 (never 500) and unknown ids with 404', async () => {
    const lead = await newLead({ companyId: s.companyId });
    for (const body of [{}, { status: 'won' }, { note: 'x'.repeat(2001) }, { note: 'a\u0007b' }, { status: 'new', extra: 1 }, { status: null }, [1]])
      expect((await call('PATCH', `/api/marketing/leads/${lead.id}`, admin, body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(422);
    // A NUL never reaches the route: the body guard refuses it (400).
    expect((await call('PATCH', `/api/marketing/leads/${lead.id}`, admin, { note: 'a\u0000b' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/marketing/leads/999999999', admin, { status: 'closed' })).statusCode).toBe(404);
    expect((await call('GET', '/api/marketing/leads/abc', admin)).statusCode).toBe(400);
  });

  it('records a lead once per customer and listing, even twice at once, and reopens a closed one', async () => {
    const listing = await newListing(t, { companyId: s.companyId });
    const customerId = await newCustomer(s.companyId);
    const record = () =>
      runWithLiveEvents({
        deps: t.app.deps,
        scope: { companyId: s.companyId },
        fn: (tx, emit) => recordLead({ tx, companyId: s.companyId, customerId, source: 'keyword', listingId: listing.id, emit }),
      });
    const [x, y] = await Promise.all([record(), record()]);
    expect(x.row.id).toBe(y.row.id);
    expect([x.created, y.created].sort()).toEqual([false, true]);
    await call('PATCH', `/api/marketing/leads/${x.row.id}`, admin, { status: 'closed' });
    const again = await record();
    expect(again).toMatchObject({ created: false, row: { id: x.row.id, status: 'new' } });
  });
});
