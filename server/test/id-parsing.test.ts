import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from './helpers';
import { multipartBody } from './multipart';

let t: TTestApp;
let a: TSeededCompany;
let admin: string;
let agent: string;
let root: string;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db, { modules: { internalChat: true } });
  admin = (await login(t.app, a.admin.email)).token;
  agent = (await login(t.app, a.agent.email)).token;
  root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  const phone = `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const res = await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(admin), payload: { firstName: 'Id', lastName: 'Test', phone } });
  if (res.statusCode !== 201) throw new Error(`customer: ${res.statusCode} ${res.body}`);
  customerId = res.json().id;
});
afterAll(() => t.close());

/** Spellings that loose coercion (or PostgreSQL's own casts) would take as some id. */
const LOOSE_TEXT = ['0x10', '1e1', ' 1', '-1', '1.0', 'true', '0', '01', '+1', '9007199254740993'];

describe('ids are positive decimal integers or IRIs of the right type, nothing else', () => {
  it('a plain decimal path id and a same-type IRI still work', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/customers/${customerId}`, headers: bearer(admin) })).statusCode).toBe(200);
    const byIri = await t.app.inject({ method: 'GET', url: `/api/messages?customer=/api/customers/${customerId}`, headers: bearer(admin) });
    expect(byIri.statusCode, byIri.body).toBe(200);
    const page = await t.app.inject({ method: 'POST', url: '/api/users/record_active_page', headers: bearer(admin), payload: { page: 'x', customerId: `/api/customers/${customerId}` } });
    expect(page.statusCode, page.body).toBeLessThan(300);
  });

  it('path ids: hex, exponent, padded, signed, fractional, boolean, zero, leading zero, beyond 2^53 → 400', async () => {
    for (const bad of LOOSE_TEXT) {
      const url = `/api/customers/${encodeURIComponent(bad)}`;
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    const hexOfReal = await t.app.inject({ method: 'GET', url: `/api/customers/0x${customerId.toString(16)}`, headers: bearer(admin) });
    expect(hexOfReal.statusCode).toBe(400);
  });

  it('query relation filters, cursors and page numbers take only plain decimals or the right IRI → else 400', async () => {
    const urls = [
      ...LOOSE_TEXT.map((bad) => `/api/messages?customer=${encodeURIComponent(bad)}`),
      `/api/messages?customer=/api/users/${customerId}`,
      `/api/users?company=/api/customers/${a.companyId}`,
      `/api/users/${a.agent.id}?transferTo=0x1`,
      ...['0x10', '1e1', '%201', '1.0', '-1', 'true'].flatMap((bad) => [`/api/users?page=${bad}`, `/api/company_services?itemsPerPage=${bad}`, `/api/customers?itemsPerPage=${bad}`, `/api/notifications?id[lt]=${bad}`]),
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: url.includes('transferTo') ? 'DELETE' : 'GET', url, headers: bearer(url.startsWith('/api/users?') ? root : admin) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
  });

  it('body references: true, loose text and IRIs of another type → 422', async () => {
    const cases: { method: 'POST' | 'PUT'; url: string; payload: unknown; token: string }[] = [
      ...[true, '0x10', '1e1', ' 1', '-1', '1.0', 1.5, 0, `/api/users/${customerId}`].map((bad) => ({
        method: 'POST' as const,
        url: '/api/users/record_active_page',
        payload: { page: 'x', customerId: bad },
        token: agent,
      })),
      { method: 'PUT', url: `/api/customers/${customerId}/merge`, payload: { source: `/api/users/${customerId}` }, token: admin },
      { method: 'PUT', url: `/api/customers/${customerId}/merge`, payload: { source: true }, token: admin },
      { method: 'POST', url: '/api/company_services', payload: { title: 'x', duration: 1, price: 0, company: true }, token: root },
      { method: 'POST', url: '/api/company_services', payload: { title: 'x', duration: 1, price: 0, company: `/api/users/${a.companyId}` }, token: root },
      { method: 'POST', url: '/api/internal_chat_threads', payload: { users: [`/api/customers/${a.user2.id}`] }, token: agent },
      { method: 'POST', url: '/api/internal_chat_threads', payload: { users: ['0x1'] }, token: agent },
      { method: 'POST', url: '/api/customer_groups', payload: { name: 'g', customers: [true] }, token: admin },
      { method: 'POST', url: '/api/customer_groups', payload: { name: 'g', customers: [`/api/users/${customerId}`] }, token: admin },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: c.method, url: c.url, headers: bearer(c.token), payload: c.payload as object });
      expect(res.statusCode, `${c.url} ${JSON.stringify(c.payload)}: ${res.body}`).toBe(422);
    }
  });

  it('multipart id fields: loose text or another type of IRI → 422, never another customer', async () => {
    for (const bad of ['0x10', '1e1', ' 1', 'true', `/api/users/${customerId}`]) {
      const body = multipartBody([{ name: 'customerId', value: bad }, { name: 'content', value: 'hello' }]);
      const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { ...bearer(agent), ...body.headers }, payload: body.payload });
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(422);
    }
    const chat = multipartBody([{ name: 'thread_id', value: '0x1' }, { name: 'content', value: 'hello' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/internal_chat/send', headers: { ...bearer(agent), ...chat.headers }, payload: chat.payload });
    expect(res.statusCode, res.body).toBe(422);
  });
});
