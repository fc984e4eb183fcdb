import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let adminA: string;
let agentA: string;
let adminB: string;
let rootTok: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  adminA = (await login(t.app, a.admin.email)).token;
  agentA = (await login(t.app, a.agent.email)).token;
  adminB = (await login(t.app, b.admin.email)).token;
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
});
afterAll(() => t.close());

describe('message templates (predefined messages tab)', () => {
  it('rejects an empty text with 422 "Must not be empty" on create and on edit', async () => {
    const empty = await call('POST', '/api/message_templates', adminA, { text: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().violations[0]).toMatchObject({ propertyPath: 'text', message: 'Must not be empty' });
    const id = (await call('POST', '/api/message_templates', adminA, { text: 'See you soon.' })).json().id;
    const blank = await call('PATCH', `/api/message_templates/${id}`, adminA, { text: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().violations[0].message).toBe('Must not be empty');
    expect((await call('POST', '/api/message_templates', adminA, { text: 'x'.repeat(1601) })).statusCode).toBe(422);
    expect((await call('POST', '/api/message_templates', adminA, { text: 5 })).statusCode).toBeLessThan(500);
    expect((await call('PATCH', '/api/message_templates/abc', adminA, { text: 'x' })).statusCode).toBe(400);
  });

  it('only company admins write; agents read', async () => {
    const id = (await call('POST', '/api/message_templates', adminA, { text: 'Your car is ready.' })).json().id;
    expect((await call('PATCH', `/api/message_templates/${id}`, agentA, { text: 'Changed' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/message_templates/${id}`, agentA)).statusCode).toBe(403);
    expect((await call('GET', `/api/message_templates/${id}`, agentA)).json().text).toBe('Your car is ready.');
  });

  it("keeps each company's templates to itself", async () => {
    const id = (await call('POST', '/api/message_templates', adminA, { text: 'Company A only' })).json().id;
    expect((await call('GET', '/api/message_templates', adminB)).json().member.map((m: { id: number }) => m.id)).not.toContain(id);
    expect((await call('GET', `/api/message_templates/${id}`, adminB)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/message_templates/${id}`, adminB, { text: 'Hijacked' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/message_templates/${id}`, adminB)).statusCode).toBe(404);
    const foreign = await call('POST', '/api/message_templates', adminB, { text: 'x', company: `/api/companies/${a.companyId}` });
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', `/api/message_templates/${id}`, adminA)).json().text).toBe('Company A only');
  });

  it('lets a company admin name only their own company; another one is 404, for an agent 403', async () => {
    const own = await call('POST', '/api/message_templates', adminA, { text: 'Named own', company: `/api/companies/${a.companyId}` });
    expect(own.statusCode).toBe(201);
    expect(own.json().company).toBe(`/api/companies/${a.companyId}`);
    expect((await call('GET', `/api/message_templates?company=${a.companyId}`, adminA)).statusCode).toBe(200);
    expect((await call('GET', `/api/message_templates?company=/api/companies/${b.companyId}`, adminA)).statusCode).toBe(404);
    expect((await call('GET', `/api/message_templates?company=${b.companyId}`, agentA)).statusCode).toBe(404);
    const foreign = await call('POST', '/api/message_templates', agentA, { text: 'x', company: `/api/companies/${b.companyId}` });
    expect(foreign.statusCode).toBe(403);
  });

  it('answers bad `company` values with 400/422, never 500', async () => {
    for (const q of ['xyz', '0', '-1', '/api/users/1', '/api/companies/abc', '1'.repeat(20), '']) {
      const res = await call('GET', `/api/message_templates?company=${encodeURIComponent(q)}`, rootTok);
      expect(res.statusCode, q + res.body).toBe(400);
    }
    for (const company of ['xyz', 5, null, '/api/companies/0', '/api/users/1', `/api/companies/${'9'.repeat(20)}`, `${a.companyId}`]) {
      const res = await call('POST', '/api/message_templates', rootTok, { text: 'x', company });
      expect(res.statusCode, JSON.stringify(company) + res.body).toBe(422);
    }
    const unknown = await call('POST', '/api/message_templates', rootTok, { text: 'x', company: '/api/companies/999999999' });
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', '/api/message_templates?company=999999999', rootTok)).json().member).toEqual([]);
  });

  it('lets a super admin manage any company named with `company`', async () => {
    // A super admin without a company of their own must name one.
    expect((await call('GET', '/api/message_templates', rootTok)).statusCode).toBe(400);
    expect((await call('POST', '/api/message_templates', rootTok, { text: 'x' })).statusCode).toBe(400);

    const created = await call('POST', '/api/message_templates', rootTok, { text: 'From head office', company: `/api/companies/${b.companyId}` });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().company).toBe(`/api/companies/${b.companyId}`);
    for (const q of [`${b.companyId}`, `/api/companies/${b.companyId}`]) {
      const list = (await call('GET', `/api/message_templates?company=${encodeURIComponent(q)}&pagination=false`, rootTok)).json();
      expect(list.member.map((m: { id: number }) => m.id)).toContain(id);
    }
    const listA = (await call('GET', `/api/message_templates?company=${a.companyId}`, rootTok)).json();
    expect(listA.member.map((m: { id: number }) => m.id)).not.toContain(id);
    // Company B's own users see it as theirs.
    expect((await call('GET', `/api/message_templates/${id}`, adminB)).json().text).toBe('From head office');

    expect((await call('GET', `/api/message_templates/${id}`, rootTok)).json().text).toBe('From head office');
    const edited = await call('PATCH', `/api/message_templates/${id}`, rootTok, { text: 'Edited by head office' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ text: 'Edited by head office', company: `/api/companies/${b.companyId}` });
    expect((await call('PUT', `/api/message_templates/${id}`, rootTok, { text: 'Replaced' })).json().text).toBe('Replaced');
    expect((await call('GET', `/api/message_templates/${id}`, adminB)).json().text).toBe('Replaced');
    expect((await call('PATCH', `/api/message_templates/${id}`, rootTok, { text: '' })).statusCode).toBe(422);

    expect((await call('DELETE', `/api/message_templates/${id}`, rootTok)).statusCode).toBe(204);
    expect((await call('GET', `/api/message_templates/${id}`, adminB)).statusCode).toBe(404);
    expect((await call('GET', `/api/message_templates/${id}`, rootTok)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/message_templates/${id}`, rootTok)).statusCode).toBe(404);
    expect((await call('PATCH', '/api/message_templates/999999999', rootTok, { text: 'x' })).statusCode).toBe(404);
  });
});
