import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, scanJsonText } from '../src/plugins/body-guards';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from './helpers';
import { multipartBody, TINY_PNG } from './multipart';

let t: TTestApp;
let a: TSeededCompany;
let admin: string;
let agent: string;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '100000' });
  a = await seedCompany(t.db);
  admin = (await login(t.app, a.admin.email)).token;
  agent = (await login(t.app, a.agent.email)).token;
});
afterAll(() => t.close());

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const JSON_TYPES = ['application/json', 'application/merge-patch+json', 'application/ld+json'];

describe('scanJsonText', () => {
  it('counts depth outside strings only and finds escaped NUL, not an escaped backslash before u0000', () => {
    expect(scanJsonText(nested(MAX_JSON_DEPTH))).toBe('ok');
    expect(scanJsonText(nested(MAX_JSON_DEPTH + 1))).toBe('too_deep');
    expect(scanJsonText(JSON.stringify({ a: '['.repeat(1000) }))).toBe('ok');
    expect(scanJsonText(JSON.stringify({ a: 'x\u0000' }))).toBe('nul');
    expect(scanJsonText(JSON.stringify({ ['k\u0000']: 1 }))).toBe('nul');
    expect(scanJsonText(JSON.stringify({ a: '\\u0000' }))).toBe('ok');
    expect(scanJsonText(JSON.stringify({ a: '"[[[' }) + nested(40))).toBe('too_deep');
  });

  it('refuses unpaired surrogate escapes and keeps real pairs, escaped or not', () => {
    for (const bad of ['"\\ud800"', '"\\udc00"', '"x\\ud800y"', '"\\ud800\\u0041"', '"\\uDBFF"', '{"\\ud800":1}', '"\\ud800\\ud800"'])
      expect(scanJsonText(bad), bad).toBe('unpaired_surrogate');
    for (const good of ['"\\ud83d\\ude00"', JSON.stringify('😀'), '"\\u00e9\\\\ud800"', '"\\uD83D\\uDE00\\u0041"'])
      expect(scanJsonText(good), good).toBe('ok');
  });
});

describe('text that is not valid Unicode is a 400, never a 500', () => {
  it('an unpaired surrogate in any JSON body, with or without a token', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":"\\ud800","password":"x"}' });
    expect(login.statusCode).toBe(400);
    expect(login.json().detail).toContain('unpaired surrogates');
  });
});

// A 4xx answer comes from the AppError branch of handleError, which logs nothing: only the 500 path logs a stack.
describe('deeply nested JSON is a 400, never a stack overflow', () => {
  it('on /api/login without a token, for every JSON content type', async () => {
    for (const type of JSON_TYPES) {
      for (const payload of [nested(100_000), `{"email":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': type }, payload });
        expect(res.statusCode, `${type}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json().detail).toMatch(/nested too deeply/);
      }
    }
  });

  it('on an authenticated PATCH and POST, for every JSON content type', async () => {
    for (const type of JSON_TYPES) {
      const body = `{"firstName":${nested(MAX_JSON_DEPTH + 1)}}`;
      const patch = await t.app.inject({ method: 'PATCH', url: `/api/users/${a.agent.id}`, headers: { ...bearer(admin), 'content-type': type }, payload: body });
      expect(patch.statusCode, patch.body).toBe(400);
      const post = await t.app.inject({ method: 'POST', url: '/api/customers', headers: { ...bearer(admin), 'content-type': type }, payload: body });
      expect(post.statusCode, post.body).toBe(400);
    }
  });

  it('nesting within the limit still reaches validation (422, not 400)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/customers', headers: { ...bearer(admin), 'content-type': 'application/json' }, payload: `{"firstName":${nested(MAX_JSON_DEPTH - 1)}}` });
    expect(res.statusCode, res.body).toBe(422);
  });
});

describe('NUL characters are refused for every content type', () => {
  it('JSON strings and keys, form fields, query values: 400 with a clear problem', async () => {
    const cases = [
      ...JSON_TYPES.map((type) => ({ type, payload: '{"email":"a\\u0000@b.c","password":"x"}' })),
      { type: 'application/json', payload: '{"e\\u0000mail":"a@b.c"}' },
      { type: 'application/x-www-form-urlencoded', payload: 'email=a%00b&password=x' },
      { type: 'application/x-www-form-urlencoded', payload: 'e%00mail=a&password=x' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': c.type }, payload: c.payload });
      expect(res.statusCode, `${c.type} ${c.payload}: ${res.body}`).toBe(400);
      expect(res.json().detail).toBe('Text may not contain NUL characters.');
    }
    const q = await t.app.inject({ method: 'GET', url: '/api/customers?search=a%00b', headers: bearer(admin) });
    expect(q.statusCode).toBe(400);
  });

  it('multipart text fields on every multipart route answer 4xx naming the NUL, not 500', async () => {
    const routes: { url: string; token: string; parts: Parameters<typeof multipartBody>[0] }[] = [
      { url: '/api/messages', token: agent, parts: [{ name: 'customerId', value: '1' }, { name: 'content', value: 'hi\u0000there' }] },
      { url: '/api/internal_chat/send', token: agent, parts: [{ name: 'thread_id', value: '1' }, { name: 'content', value: 'hi\u0000' }] },
      { url: '/api/group_messages', token: admin, parts: [{ name: 'customerGroupId', value: '1' }, { name: 'content', value: '\u0000' }] },
      { url: '/api/media_objects', token: admin, parts: [{ name: 'entityName', value: 'x\u0000' }, { name: 'file', filename: 'a.png', contentType: 'image/png', data: TINY_PNG }] },
      { url: '/api/customers/import', token: admin, parts: [{ name: 'mapping', value: '\u0000' }, { name: 'file', filename: 'a.csv', contentType: 'text/csv', data: Buffer.from('phone\n+15555550100\n') }] },
    ];
    for (const r of routes) {
      const body = multipartBody(r.parts);
      const res = await t.app.inject({ method: 'POST', url: r.url, headers: { ...bearer(r.token), ...body.headers }, payload: body.payload });
      expect([400, 422], `${r.url}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(res.json().detail, r.url).toMatch(/NUL/);
    }
  });

  it('a multipart field name or file name with NUL is a 400', async () => {
    const cases: Parameters<typeof multipartBody>[0][] = [
      [{ name: 'cont\u0000ent', value: 'x' }],
      [{ name: 'file[]', filename: 'a\u0000.png', contentType: 'image/png', data: TINY_PNG }],
    ];
    for (const parts of cases) {
      const body = multipartBody(parts);
      const res = await t.app.inject({ method: 'POST', url: '/api/messages', headers: { ...bearer(agent), ...body.headers }, payload: body.payload });
      expect(res.statusCode, `${JSON.stringify(parts).slice(0, 80)}: ${res.body}`).toBe(400);
      expect(res.json().detail).toBe('Text may not contain NUL characters.');
    }
  });
});

describe('wide bodies stay within the body limit and parse in one pass', () => {
  it('a huge flat array or a long key list is refused by size or validation, not by a crash', async () => {
    const wideArray = `{"email":[${'1,'.repeat(200_000)}1]}`;
    const manyKeys = `{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":1`).join(',')}}`;
    const repeatedForm = 'a=1&'.repeat(200_000);
    for (const [type, payload] of [
      ['application/json', wideArray],
      ['application/json', manyKeys],
      ['application/x-www-form-urlencoded', repeatedForm],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': type }, payload });
      expect(res.statusCode, `${type}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});
