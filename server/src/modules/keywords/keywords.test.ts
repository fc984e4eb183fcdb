import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYWORD_GENERATED_ALPHABET, KEYWORD_GENERATED_LENGTH, LISTING_MESSAGES, isKeywordName } from '@cd/contracts/listings';
import { runInScope } from '../../db/client';
import { createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { caller } from '../../../test/repair-order-fixtures';
import { freshKeywordName, setRealEstate } from '../../../test/real-estate-fixtures';
import { randomKeywordNames } from './keywords.generate';

let t: TTestApp;
let s: TSeededCompany;
let other: TSeededCompany;
let root: string;
let admin: string;
let agentRe: string;
let plainUser: string;

const call = (method: string, url: string, token: string, body?: unknown) => caller(t)(method as 'GET', url, token, body);

beforeAll(async () => {
  t = await createTestApp();
  s = await seedCompany(t.db);
  other = await seedCompany(t.db);
  await setRealEstate(t, s.companyId);
  await setRealEstate(t, other.companyId);
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update users set roles = array['ROLE_USER', 'ROLE_REAL_ESTATE'] where id = ${s.user2.id}`),
  );
  root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  admin = (await login(t.app, s.admin.email)).token;
  agentRe = (await login(t.app, s.user2.email)).token;
  plainUser = (await login(t.app, s.agent.email)).token;
});
afterAll(() => t.close());

describe('keyword names', () => {
  it('generates names of the unambiguous letters only', () => {
    const names = randomKeywordNames(300);
    expect(new Set(names).size).toBe(300);
    for (const n of names) {
      expect(n).toHaveLength(KEYWORD_GENERATED_LENGTH);
      expect([...n].every((c) => KEYWORD_GENERATED_ALPHABET.includes(c))).toBe(true);
      expect(isKeywordName(n)).toBe(true);
      expect(n).not.toMatch(/[0O1IL5S2Z8BAEU]/);
    }
  });
});

describe('keywords', () => {
  it('super admin generates a counted batch; two parallel calls never duplicate', async () => {
    const co = await seedCompany(t.db);
    const one = await call('POST', `/api/companies/${co.companyId}/generate_keywords`, root, { count: 25 });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().created).toBe(25);
    const [a, b] = await Promise.all([
      call('POST', `/api/companies/${co.companyId}/generate_keywords`, root, { count: 300 }),
      call('POST', `/api/companies/${co.companyId}/generate_keywords`, root, { count: 300 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const all = await runInScope(t.db, { companyId: co.companyId }, (tx) =>
      tx.execute(sql`select count(*)::int as n, count(distinct name)::int as d from keywords where company_id = ${co.companyId}`),
    );
    expect(all.rows[0]).toEqual({ n: 625, d: 625 });
    const list = (await call('GET', `/api/keywords?company=${co.companyId}&status=AVAILABLE&itemsPerPage=10`, root)).json();
    expect(list.totalItems).toBe(625);
    expect(list.member).toHaveLength(10);
    expect(list.member[0]).toMatchObject({ '@type': 'Keyword', status: 'AVAILABLE', listing: null });
  });

  it('refuses bad counts and non-super-admins', async () => {
    for (const body of [{ count: 0 }, { count: 501 }, { count: 1.5 }, { count: '5' }, {}, { count: 5, x: 1 }])
      expect([400, 422], JSON.stringify(body)).toContain((await call('POST', `/api/companies/${s.companyId}/generate_keywords`, root, body)).statusCode);
    expect((await call('POST', `/api/companies/${s.companyId}/generate_keywords`, admin, { count: 1 })).statusCode).toBe(403);
    expect((await call('POST', '/api/companies/999999999/generate_keywords', root, { count: 1 })).statusCode).toBe(404);
    expect((await call('POST', '/api/keywords', admin, { name: 'CEDAR' })).statusCode).toBe(403);
    expect((await call('POST', '/api/keywords', agentRe, { name: 'CEDAR' })).statusCode).toBe(403);
    expect((await call('GET', '/api/keywords', plainUser)).statusCode).toBe(403);
  });

  it('creates by name (upper-cased), refuses look-alike characters and twins, deletes only AVAILABLE ones', async () => {
    const name = freshKeywordName();
    const created = await call('POST', '/api/keywords', root, { name: ` ${name.toLowerCase()} `, company: `/api/companies/${s.companyId}` });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name, status: 'AVAILABLE' });
    const twin = await call('POST', '/api/keywords', root, { name, company: s.companyId });
    expect(twin.statusCode).toBe(422);
    expect(twin.json().violations[0].message).toBe(LISTING_MESSAGES.keywordExists);
    // The same name in another company is that company's own.
    expect((await call('POST', '/api/keywords', root, { name, company: other.companyId })).statusCode).toBe(201);
    for (const bad of ['HOME', 'SALE', 'AB', 'X'.repeat(13), 'CE DAR', 'CEDAR%', "CE'DAR", '', 42, null, 'ČEDAR'])
      expect([400, 422], String(bad)).toContain((await call('POST', '/api/keywords', root, { name: bad, company: s.companyId })).statusCode);
    const id = created.json().id as number;
    // Used by a listing: DELETE answers 409; once the listing is archived it goes.
    const l = await call('POST', '/api/listings', agentRe, { name: 'Kw', url: 'https://kw.example', keyword: id });
    expect(l.statusCode, l.body).toBe(201);
    const picker = (await call('GET', '/api/keywords?status=AVAILABLE&pagination=false', agentRe)).json();
    expect(picker.member.map((k: { id: number }) => k.id)).not.toContain(id);
    const used = (await call('GET', `/api/keywords?status=USED&pagination=false&name=${name}`, agentRe)).json();
    expect(used.member).toMatchObject([{ id, status: 'USED', listing: `/api/listings/${l.json().id}`, listingName: 'Kw' }]);
    const refused = await call('DELETE', `/api/keywords/${id}`, root);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(LISTING_MESSAGES.keywordInUse);
    expect((await call('DELETE', `/api/keywords/${id}`, admin)).statusCode).toBe(403);
    await call('PUT', `/api/listings/${l.json().id}/archive`, agentRe, { new_status: 'sold' });
    expect((await call('DELETE', `/api/keywords/${id}`, root)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/keywords/${id}`, root)).statusCode).toBe(404);
  });

  it('searches names literally and keeps companies apart', async () => {
    const name = freshKeywordName();
    await call('POST', '/api/keywords', root, { name, company: s.companyId });
    const theirs = (await call('GET', `/api/keywords?pagination=false&name=${name}`, (await login(t.app, other.admin.email)).token)).json();
    expect(theirs.member).toEqual([]);
    expect((await call('GET', `/api/keywords?pagination=false&name=${name}`, agentRe)).json().member).toHaveLength(1);
    expect((await call('GET', '/api/keywords?pagination=false&name=%25', agentRe)).json().member).toEqual([]);
    expect((await call('GET', `/api/keywords?company=${other.companyId}`, agentRe)).statusCode).toBe(404);
    expect((await call('GET', '/api/keywords?status=FREE', agentRe)).statusCode).toBe(400);
    // A super admin without a company must name one.
    expect((await call('GET', '/api/keywords', root)).statusCode).toBe(400);
  });
});
