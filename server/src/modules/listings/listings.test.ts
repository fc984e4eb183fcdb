import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES } from '@cd/contracts/listings';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { freshKeywordName, seedKeywords, setRealEstate } from '../../../test/real-estate-fixtures';
import { findListingById, findListingByKeyword, findListingByUrl, normalizeListingUrl } from './listings.api';

let t: TTestApp;
let s: TSeededCompany;
let other: TSeededCompany;
let admin: string;
let agentRe: string;
let plainUser: string;
let otherAdmin: string;

const call = (method: string, url: string, token: string, body?: unknown) => caller(t)(method as 'GET', url, token, body);

async function keyword(companyId = s.companyId): Promise<number> {
  return (await seedKeywords(t, companyId, [freshKeywordName()]))[0]!;
}

async function newListing(body: Record<string, unknown> = {}, token = agentRe) {
  const res = await call('POST', '/api/listings', token, {
    name: `Listing ${Math.random().toString(36).slice(2, 8)}`,
    url: 'https://homes.example.com/l/1',
    keyword: body.keyword ?? (await keyword()),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; '@id': string; keyword: string | null; [k: string]: unknown };
}

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  other = await seedCompany(t.db);
  await setRealEstate(t, s.companyId);
  await setRealEstate(t, other.companyId);
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update users set roles = array['ROLE_USER', 'ROLE_REAL_ESTATE'] where id = ${s.user2.id}`),
  );
  admin = (await login(t.app, s.admin.email)).token;
  agentRe = (await login(t.app, s.user2.email)).token;
  plainUser = (await login(t.app, s.agent.email)).token;
  otherAdmin = (await login(t.app, other.admin.email)).token;
});
afterAll(() => t.close());

describe('access', () => {
  it('lets the real estate role and company admins in; others get 403, anonymous 401', async () => {
    expect((await call('GET', '/api/listings', agentRe)).statusCode).toBe(200);
    expect((await call('GET', '/api/listings', admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/keywords?status=AVAILABLE', agentRe)).statusCode).toBe(200);
    for (const url of ['/api/listings', '/api/listings?archived=true', '/api/keywords']) expect((await call('GET', url, plainUser)).statusCode).toBe(403);
    expect((await call('POST', '/api/listings', plainUser, { name: 'X', url: 'https://x.example', keyword: 1 })).statusCode).toBe(403);
    expect((await call('GET', '/api/listings', '')).statusCode).toBe(401);
  });

  it('answers 403 with a clear message when the company has the module off', async () => {
    const off = await seedCompany(t.db);
    const tok = (await login(t.app, off.admin.email)).token;
    const res = await call('GET', '/api/listings', tok);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(LISTING_MESSAGES.moduleOff);
    expect((await call('GET', '/api/keywords', tok)).statusCode).toBe(403);
  });
});

describe('listings', () => {
  it('creates, reads, patches, puts and deletes; the keyword is shown USED then freed', async () => {
    const kw = await keyword();
    const l = await newListing({ keyword: `/api/keywords/${kw}`, priceCents: 45_000_000, negotiable: true, location: 'Elm St', agent: s.user2.id });
    expect(l).toMatchObject({
      '@type': 'Listing',
      keyword: `/api/keywords/${kw}`,
      status: 'for_sale',
      priceCents: 45_000_000,
      agent: `/api/users/${s.user2.id}`,
    });
    expect((await call('GET', `/api/keywords/${kw}`, agentRe)).json()).toMatchObject({ status: 'USED', listing: l['@id'] });
    const patched = await call('PATCH', `/api/listings/${l.id}`, agentRe, { status: 'sale_pending', priceCents: null, description: 'Nice' });
    expect(patched.json()).toMatchObject({ status: 'sale_pending', priceCents: null, description: 'Nice', negotiable: true });
    const put = await call('PUT', `/api/listings/${l.id}`, agentRe, { name: 'Renamed' });
    expect(put.json()).toMatchObject({ name: 'Renamed', status: 'sale_pending' });
    expect((await call('GET', `/api/listings/${l.id}`, agentRe)).json().name).toBe('Renamed');
    expect((await call('DELETE', `/api/listings/${l.id}`, agentRe)).statusCode).toBe(204);
    expect((await call('GET', `/api/listings/${l.id}`, agentRe)).statusCode).toBe(404);
    expect((await call('GET', `/api/keywords/${kw}`, agentRe)).json()).toMatchObject({ status: 'AVAILABLE', listing: null });
  });

  it('refuses bad input with 400/422, never 500', async () => {
    const kw = await keyword();
    const good = { name: 'Ok', url: 'https://ok.example/x', keyword: kw };
    const bad: Record<string, unknown>[] = [
      { ...good, keyword: undefined },
      { ...good, keyword: null },
      { ...good, keyword: 'CEDAR' },
      { ...good, keyword: '/api/users/1' },
      { ...good, url: 'javascript:alert(1)' },
      { ...good, url: 'ftp://files.example/x' },
      { ...good, url: 'not a url' },
      { ...good, url: 'https://' },
      { ...good, url: `https://x.example/${'a'.repeat(3000)}` },
      { ...good, priceCents: -1 },
      { ...good, priceCents: 1.5 },
      { ...good, priceCents: '100' },
      { ...good, status: 'archived' },
      { ...good, name: '' },
      { ...good, name: 'a\u0000b' },
      { ...good, name: 'x'.repeat(201) },
      { ...good, extra: 1 },
      { ...good, agent: 'x' },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/listings', agentRe, body);
      expect([400, 422], `${JSON.stringify(body).slice(0, 120)} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    }
    const missingKw = await call('POST', '/api/listings', agentRe, { ...good, keyword: 999_999_999 });
    expect(missingKw.statusCode).toBe(422);
    expect(missingKw.json().violations[0]).toMatchObject({ propertyPath: 'keyword', message: LISTING_MESSAGES.keywordNotFound });
    // Another company's keyword and agent look like they do not exist.
    expect((await call('POST', '/api/listings', agentRe, { ...good, keyword: await keyword(other.companyId) })).statusCode).toBe(422);
    const foreignAgent = await call('POST', '/api/listings', agentRe, { ...good, agent: other.agent.id });
    expect(foreignAgent.statusCode).toBe(422);
    expect(foreignAgent.json().violations[0].propertyPath).toBe('agent');
    expect((await call('GET', '/api/listings?status=nope', agentRe)).statusCode).toBe(400);
    expect((await call('GET', `/api/listings?q=${'x'.repeat(101)}`, agentRe)).statusCode).toBe(400);
    expect((await call('GET', '/api/listings?itemsPerPage=0', agentRe)).statusCode).toBe(400);
    expect((await call('GET', '/api/listings/abc', agentRe)).statusCode).toBe(400);
    expect([400, 422]).toContain((await call('PUT', '/api/listings/1/archive', agentRe, { new_status: 'gone' })).statusCode);
  });

  it('never puts one keyword on two listings, even when two requests race', async () => {
    const kw = await keyword();
    const [a, b] = await Promise.all([
      call('POST', '/api/listings', agentRe, { name: 'A', url: 'https://a.example', keyword: kw }),
      call('POST', '/api/listings', admin, { name: 'B', url: 'https://b.example', keyword: kw }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((a.statusCode === 409 ? a : b).json().detail).toBe(LISTING_MESSAGES.keywordTaken);
    // Two listings racing for one keyword through assign_keyword.
    const one = await newListing();
    const two = await newListing();
    const kw2 = await keyword();
    const results = await Promise.all([
      call('PUT', `/api/listings/${one.id}/assign_keyword`, agentRe, { keyword_id: kw2 }),
      call('PUT', `/api/listings/${two.id}/assign_keyword`, admin, { keyword_id: `/api/keywords/${kw2}` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holders = await runInScope(t.db, { companyId: s.companyId }, (tx) =>
      tx.execute(sql`select count(*)::int as n from listings where company_id = ${s.companyId} and keyword_id = ${kw2}`),
    );
    expect((holders.rows[0] as { n: number }).n).toBe(1);
  });

  it('assign_keyword moves a listing to an available keyword and frees the old one', async () => {
    const l = await newListing();
    const oldKw = Number(l.keyword!.split('/').pop());
    const kw = await keyword();
    const res = await call('PUT', `/api/listings/${l.id}/assign_keyword`, agentRe, { keyword_id: kw });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().keyword).toBe(`/api/keywords/${kw}`);
    expect((await call('GET', `/api/keywords/${oldKw}`, agentRe)).json().status).toBe('AVAILABLE');
    // Its own keyword again is no conflict; a used one is.
    expect((await call('PUT', `/api/listings/${l.id}/assign_keyword`, agentRe, { keyword_id: kw })).statusCode).toBe(200);
    const taken = await newListing();
    expect((await call('PUT', `/api/listings/${l.id}/assign_keyword`, agentRe, { keyword_id: taken.keyword })).statusCode).toBe(409);
  });

  it('change_agent takes an enabled user of the same company only', async () => {
    const l = await newListing();
    const ok = await call('PUT', `/api/listings/${l.id}/change_agent`, agentRe, { agent_id: s.admin.id });
    expect(ok.json()).toMatchObject({ agent: `/api/users/${s.admin.id}`, agentName: expect.stringContaining('admin') });
    expect((await call('PUT', `/api/listings/${l.id}/change_agent`, agentRe, { agent_id: other.admin.id })).statusCode).toBe(422);
    const disabled = await seedCompany(t.db);
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`update users set company_id = ${s.companyId}, enabled = false where id = ${disabled.user2.id}`),
    );
    expect((await call('PUT', `/api/listings/${l.id}/change_agent`, agentRe, { agent_id: disabled.user2.id })).statusCode).toBe(422);
    expect((await call('PUT', `/api/listings/${l.id}/change_agent`, agentRe, { agent_id: null })).json().agent).toBeNull();
  });

  it('archive frees the keyword; unarchive needs an AVAILABLE keyword', async () => {
    const l = await newListing();
    const kw = Number(l.keyword!.split('/').pop());
    const archived = await call('PUT', `/api/listings/${l.id}/archive`, agentRe, { new_status: 'sold' });
    expect(archived.json()).toMatchObject({ archived: true, keyword: null, status: 'sold' });
    expect((await call('PUT', `/api/listings/${l.id}/archive`, agentRe, { new_status: 'sold' })).statusCode).toBe(409);
    expect((await call('PUT', `/api/listings/${l.id}/assign_keyword`, agentRe, { keyword_id: kw })).statusCode).toBe(409);
    // The freed keyword goes to another listing; unarchiving with it is refused, with another it works.
    const taker = await newListing({ keyword: kw });
    expect(taker.keyword).toBe(`/api/keywords/${kw}`);
    const list = (await call('GET', '/api/listings?archived=true&pagination=false', agentRe)).json();
    expect(list.member.map((m: { id: number }) => m.id)).toContain(l.id);
    expect((await call('GET', '/api/listings?pagination=false', agentRe)).json().member.map((m: { id: number }) => m.id)).not.toContain(l.id);
    const refused = await call('PUT', `/api/listings/${l.id}/unarchive`, agentRe, { keyword_id: kw, new_status: 'for_sale' });
    expect(refused.statusCode).toBe(409);
    const fresh = await keyword();
    const back = await call('PUT', `/api/listings/${l.id}/unarchive`, agentRe, { keyword_id: fresh, new_status: 'for_lease' });
    expect(back.json()).toMatchObject({ archived: false, keyword: `/api/keywords/${fresh}`, status: 'for_lease' });
    expect((await call('PUT', `/api/listings/${l.id}/unarchive`, agentRe, { keyword_id: fresh, new_status: 'for_lease' })).statusCode).toBe(409);
    expect([400, 422]).toContain((await call('PUT', `/api/listings/${l.id}/unarchive`, agentRe, { new_status: 'for_lease' })).statusCode);
  });

  it('lists with filters, a literal search and keyset pages newest first', async () => {
    const own = await seedCompany(t.db);
    await setRealEstate(t, own.companyId);
    const tok = (await login(t.app, own.admin.email)).token;
    const kws = await seedKeywords(t, own.companyId, ['PARKA', 'DUNEX', 'HAVEN', 'CEDAR', 'ACRE']);
    const mk = async (name: string, kw: number, extra: Record<string, unknown> = {}) => {
      const res = await call('POST', '/api/listings', tok, { name, url: 'https://x.example', keyword: kw, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const a = await mk('100% ocean view', kws[0]!, { location: 'Santa Monica' });
    const b = await mk('Cozy_studio', kws[1]!, { status: 'for_lease', agent: own.agent.id });
    const c = await mk('Family home', kws[2]!, { location: 'Venice' });
    const d = await mk('Lot', kws[3]!);
    const e = await mk('Loft', kws[4]!);
    const ids = async (q: string) => (await call('GET', `/api/listings?pagination=false&${q}`, tok)).json().member.map((m: { id: number }) => m.id);
    expect(await ids('q=%25')).toEqual([a]);
    expect(await ids('q=_')).toEqual([b]);
    expect(await ids('q=venice')).toEqual([c]);
    expect(await ids('q=haven')).toEqual([c]);
    expect(await ids(`q=${encodeURIComponent(".*'); drop table listings; --")}`)).toEqual([]);
    expect(await ids('status=for_lease')).toEqual([b]);
    expect(await ids(`agent=${own.agent.id}`)).toEqual([b]);
    const page1 = (await call('GET', '/api/listings?itemsPerPage=2', tok)).json();
    expect(page1.member.map((m: { id: number }) => m.id)).toEqual([e, d]);
    expect(page1.totalItems).toBe(5);
    const page2 = (await call('GET', page1.view.next, tok)).json();
    expect(page2.member.map((m: { id: number }) => m.id)).toEqual([c, b]);
    const page3 = (await call('GET', page2.view.next, tok)).json();
    expect(page3.member.map((m: { id: number }) => m.id)).toEqual([a]);
    expect(page3.view.next).toBeUndefined();
  });

  it('keeps companies apart: another company sees 404 and its lists stay empty of ours', async () => {
    const l = await newListing();
    for (const [m, url, body] of [
      ['GET', `/api/listings/${l.id}`, undefined],
      ['PATCH', `/api/listings/${l.id}`, { name: 'Intruder' }],
      ['PUT', `/api/listings/${l.id}/archive`, { new_status: 'sold' }],
      ['DELETE', `/api/listings/${l.id}`, undefined],
    ] as const) {
      expect((await call(m, url, otherAdmin, body)).statusCode).toBe(404);
    }
    const theirs = (await call('GET', '/api/listings?pagination=false', otherAdmin)).json();
    expect(theirs.member.map((m: { id: number }) => m.id)).not.toContain(l.id);
    expect((await call('GET', `/api/keywords/${Number(l.keyword!.split('/').pop())}`, otherAdmin)).statusCode).toBe(404);
  });

  it('publishes listing events to the real estate topic and the admins', async () => {
    const l = await newListing();
    await call('PUT', `/api/listings/${l.id}/archive`, agentRe, { new_status: 'sold' });
    const events = await runInScope(t.db, { companyId: s.companyId }, (tx) =>
      tx.execute(sql`select topics, payload from live_events where company_id = ${s.companyId} and payload->'data'->>'@id' = ${l['@id']} order by id`),
    );
    const rows = events.rows as { topics: string[]; payload: { event: string; action?: string | null } }[];
    expect(rows.map((r) => r.payload.event)).toEqual(['created', 'updated']);
    expect(rows[1]!.payload.action).toBe('archived');
    for (const r of rows) {
      expect(r.topics.some((x) => x.includes('ROLE_REAL_ESTATE'))).toBe(true);
      expect(r.topics.length).toBe(2);
    }
  });
});

describe('listings.api', () => {
  it('finds a listing by keyword (unarchived only), by id and by a normalised URL', async () => {
    const kw = freshKeywordName();
    const [kwId] = await seedKeywords(t, s.companyId, [kw]);
    const l = await newListing({ keyword: kwId, url: 'https://www.Homes.example.com/listing/42/?ref=sign' });
    await runInScope(t.db, { companyId: s.companyId }, async (tx) => {
      expect((await findListingByKeyword({ tx, companyId: s.companyId, keyword: ` ${kw.toLowerCase()} ` }))?.id).toBe(l.id);
      expect(await findListingByKeyword({ tx, companyId: other.companyId, keyword: kw })).toBeNull();
      expect((await findListingById({ tx, companyId: s.companyId, id: l.id }))?.name).toBe(l.name);
      expect((await findListingByUrl({ tx, companyId: s.companyId, url: 'http://homes.example.com/listing/42?ref=sign' }))?.id).toBe(l.id);
      expect(await findListingByUrl({ tx, companyId: s.companyId, url: 'https://homes.example.com/listing/43?ref=sign' })).toBeNull();
      expect(await findListingByUrl({ tx, companyId: s.companyId, url: 'javascript:1' })).toBeNull();
    });
    await call('PUT', `/api/listings/${l.id}/archive`, agentRe, { new_status: 'off_market' });
    await runInScope(t.db, { companyId: s.companyId }, async (tx) => {
      expect(await findListingByKeyword({ tx, companyId: s.companyId, keyword: kw })).toBeNull();
    });
    expect(normalizeListingUrl('HTTPS://WWW.A.example:8443/x/#frag')).toBe('a.example:8443/x');
  });
});
