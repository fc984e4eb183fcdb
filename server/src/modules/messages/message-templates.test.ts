import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let adminA: string;
let agentA: string;
let adminB: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  adminA = (await login(t.app, a.admin.email)).token;
  agentA = (await login(t.app, a.agent.email)).token;
  adminB = (await login(t.app, b.admin.email)).token;
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
});
