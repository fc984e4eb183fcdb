import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from './helpers';

let t: TTestApp;
let a: TSeededCompany;
let tok: string;

beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT: '4096', REVISION: 'test-rev-1' });
  a = await seedCompany(t.db);
  tok = (await login(t.app, a.admin.email)).token;
});
afterAll(() => t.close());

describe('bad input never yields a 500', () => {
  it('malformed JSON is 400 problem+json', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, title: 'Bad Request' });
    expect(res.json().description).toBeTruthy();
  });

  it('malformed merge-patch JSON is 400 too', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${a.agent.id}`, headers: { ...bearer(tok), 'content-type': 'application/merge-patch+json' }, payload: '{nope' });
    expect(res.statusCode).toBe(400);
  });

  it('an unsupported content type is 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(res.statusCode).toBe(415);
  });

  it('an oversized body is 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.c', password: 'x'.repeat(10_000) } });
    expect(res.statusCode).toBe(413);
  });

  it('wrong types and unknown fields are 422 with violations', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/companies/${a.companyId}`, headers: bearer(tok), payload: { hours: 'always', bogus: 1 } });
    expect(res.statusCode).toBe(422);
    const paths = res.json().violations.map((v: { propertyPath: string }) => v.propertyPath);
    expect(paths).toContain('hours');
  });

  it('a bad id in the path is 400, a missing one 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/abc', headers: bearer(tok) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/99999999999999999999', headers: bearer(tok) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/987654321', headers: bearer(tok) })).statusCode).toBe(404);
  });

  it('an over-long path parameter is a 400 problem like any bad id, not the router\'s own 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/customers/${'x'.repeat(150)}`, headers: bearer(tok) });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, detail: 'A path parameter is too long.' });
  });

  it('an unknown API path is a 404 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: bearer(tok) });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(404);
  });

  it('an empty body where one is required is 4xx', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('system endpoints', () => {
  it('serve the build revision', async () => {
    const txt = await t.app.inject({ method: 'GET', url: '/REVISION' });
    expect(txt.body).toBe('test-rev-1');
    const json = await t.app.inject({ method: 'GET', url: '/api/public/revision' });
    expect(json.json()).toEqual({ revision: 'test-rev-1' });
  });

  it('publish an OpenAPI document and its UI without a token', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3/);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/users/{id}', '/api/companies/{id}']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('<html');
  });
});
