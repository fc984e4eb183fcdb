import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, TINY_PNG, type TPart } from '../../../test/multipart';
import { bearer, patchCompany, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let adminA: string;
let agentA: string;
let adminB: string;
let root: string;

const patch = (id: number, token: string, body: unknown) => patchCompany(t.app, { id, token, body });

async function upload(token: string, fields: Record<string, string>, query = '') {
  const parts: TPart[] = [
    { name: 'file', filename: 'logo.png', contentType: 'image/png', data: TINY_PNG },
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ];
  const body = multipartBody(parts);
  const res = await t.app.inject({ method: 'POST', url: `/api/media_objects${query}`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { '@id': string; id: number };
}
const imageOf = (company: TSeededCompany, token: string, field: 'heroMobile' | 'logoMobile') =>
  upload(token, { entityName: 'Company', entityId: String(company.companyId), entityField: field });

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  [adminA, agentA, adminB, root] = await Promise.all([
    login(t.app, a.admin.email).then((x) => x.token),
    login(t.app, a.agent.email).then((x) => x.token),
    login(t.app, b.admin.email).then((x) => x.token),
    seedSuperAdmin(t.db).then((u) => login(t.app, u.email)).then((x) => x.token),
  ]);
});
afterAll(() => t.close());

describe('company hero and logo images', () => {
  it('links an uploaded image, answers it with a signed URL everywhere, shows it on the public page and unlinks it', async () => {
    const logo = await imageOf(a, adminA, 'logoMobile');
    const res = await patch(a.companyId, adminA, { logoMobile: logo['@id'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logoMobile).toMatchObject({ '@id': logo['@id'], id: logo.id, contentUrl: expect.stringMatching(/^\/storage\//) });
    expect(res.json().heroMobile).toBeNull();

    const got = await t.app.inject({ method: 'GET', url: `/api/companies/${a.companyId}`, headers: bearer(adminA) });
    expect(got.json().logoMobile.id).toBe(logo.id);
    const list = await t.app.inject({ method: 'GET', url: '/api/companies?itemsPerPage=100', headers: bearer(root) });
    expect(list.json().member.find((c: { id: number }) => c.id === a.companyId).logoMobile.id).toBe(logo.id);

    const file = await t.app.inject({ method: 'GET', url: res.json().logoMobile.contentUrl });
    expect(file.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/companies/${a.slug}` });
    expect(page.json().logoMobileUrl).toMatch(/^\/storage\//);

    const removed = await patch(a.companyId, adminA, { logoMobile: null });
    expect(removed.json().logoMobile).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/public/companies/${a.slug}` })).json().logoMobileUrl).toBeNull();
  });

  it('a deleted media object reads as no image', async () => {
    const hero = await imageOf(a, adminA, 'heroMobile');
    expect((await patch(a.companyId, adminA, { heroMobile: hero['@id'] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media_objects/${hero.id}`, headers: bearer(adminA) })).statusCode).toBe(204);
    const got = await t.app.inject({ method: 'GET', url: `/api/companies/${a.companyId}`, headers: bearer(adminA) });
    expect(got.statusCode).toBe(200);
    expect(got.json().heroMobile).toBeNull();
    expect((await patch(a.companyId, adminA, { heroMobile: null })).statusCode).toBe(200);
  });

  it('refuses media of another company, of another field or not uploaded as a company image (422)', async () => {
    const foreign = await imageOf(b, adminB, 'heroMobile');
    const hero = await imageOf(a, adminA, 'heroMobile');
    const attachment = await upload(adminA, {});
    const cases: [Record<string, unknown>, string][] = [
      [{ heroMobile: foreign['@id'] }, 'heroMobile'],
      [{ logoMobile: hero['@id'] }, 'logoMobile'],
      [{ heroMobile: attachment['@id'] }, 'heroMobile'],
      [{ heroMobile: '/api/media_objects/999999999' }, 'heroMobile'],
    ];
    for (const [body, path] of cases) {
      const res = await patch(a.companyId, adminA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain(path);
    }
    const got = await t.app.inject({ method: 'GET', url: `/api/companies/${a.companyId}`, headers: bearer(adminA) });
    expect(got.json().heroMobile).toBeNull();
  });

  it('a super admin links an image uploaded for the company with ?company=', async () => {
    const logo = await upload(root, { entityName: 'Company', entityId: String(b.companyId), entityField: 'logoMobile' }, `?company=${b.companyId}`);
    const res = await patch(b.companyId, root, { logoMobile: logo['@id'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logoMobile.id).toBe(logo.id);
    expect((await patch(b.companyId, root, { logoMobile: null })).statusCode).toBe(200);
  });

  it('bad references are 4xx, never 500', async () => {
    for (const value of ['abc', '/api/users/1', 12, { id: 1 }, '/api/media_objects/1/../2', '/api/media_objects/99999999999999999999']) {
      const res = await patch(a.companyId, adminA, { heroMobile: value });
      expect([400, 422], JSON.stringify(value)).toContain(res.statusCode);
    }
  });

  it('plain users cannot link images (403); another company cannot be patched (404)', async () => {
    const hero = await imageOf(a, agentA, 'heroMobile');
    expect((await patch(a.companyId, agentA, { heroMobile: hero['@id'] })).statusCode).toBe(403);
    expect((await patch(a.companyId, adminB, { heroMobile: hero['@id'] })).statusCode).toBe(404);
  });
});
