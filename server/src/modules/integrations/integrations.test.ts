import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, patchCompany, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';

/** A stand-in for the next-variant provider: accepts app key "good-key" with secret "good-secret". */
let provider: Server;
const seenAuth: string[] = [];
let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let rootTok: string;
let adminTok: string;

function basic(req: IncomingMessage): [string, string] {
  const raw = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
  const i = raw.indexOf(':');
  return [raw.slice(0, i), raw.slice(i + 1)];
}

beforeAll(async () => {
  provider = createServer((req, res) => {
    seenAuth.push(req.headers.authorization ?? '');
    const [key, secret] = basic(req);
    res.setHeader('content-type', 'application/json');
    if (req.url !== '/v1/credentials/verify' || req.method !== 'POST') {
      res.statusCode = 404;
      res.end('{}');
    } else if (key === 'good-key' && secret === 'good-secret') {
      res.end(JSON.stringify({ message: 'Credentials are valid' }));
    } else {
      res.statusCode = 401;
      res.end(JSON.stringify({ message: 'Invalid app key or secret' }));
    }
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const port = (provider.address() as AddressInfo).port;
  t = await createTestApp({ PAYMENT_NEXT_API_URL: `http://127.0.0.1:${port}` });
  a = await seedCompany(t.db, { modules: { automotive: true } });
  b = await seedCompany(t.db);
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  adminTok = (await login(t.app, a.admin.email)).token;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});

const post = (url: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const patch = (id: number, token: string, body: unknown) => patchCompany(t.app, { id, token, body });

describe('POST /api/payment/verify_credentials', () => {
  it("passes the provider's verdict through: 200 for valid credentials, its status and message otherwise", async () => {
    const ok = await post('/api/payment/verify_credentials', rootTok, { companyId: a.companyId, appKey: 'good-key', apiSecret: 'good-secret' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status_code: 200, message: 'Credentials are valid' });
    const bad = await post('/api/payment/verify_credentials', rootTok, { companyId: a.companyId, appKey: 'good-key', apiSecret: 'wrong' });
    expect(bad.json()).toEqual({ status_code: 401, message: 'Invalid app key or secret' });
  });

  it('checks a changed app key against the stored secret when the secret is sent as its mask', async () => {
    const saved = await patch(a.companyId, rootTok, { payment: { provider: 'next', appKey: 'old-key', apiSecret: 'good-secret' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const mask = saved.json().payment.apiSecret as string;
    expect(mask).not.toContain('good-secret');
    const res = await post('/api/payment/verify_credentials', rootTok, { companyId: a.companyId, appKey: 'good-key', apiSecret: mask });
    expect(res.json()).toEqual({ status_code: 200, message: 'Credentials are valid' });
    const noStored = await post('/api/payment/verify_credentials', rootTok, { companyId: b.companyId, appKey: 'good-key', apiSecret: mask });
    expect(noStored.statusCode).toBe(422);
  });

  it('is for super admins only, answers 404 for a missing company and 400 for bad input', async () => {
    expect((await post('/api/payment/verify_credentials', adminTok, { companyId: a.companyId, appKey: 'good-key', apiSecret: 'good-secret' })).statusCode).toBe(403);
    const intruder = (await login(t.app, b.admin.email)).token;
    expect((await post('/api/payment/verify_credentials', intruder, { companyId: a.companyId, appKey: 'k', apiSecret: 's' })).statusCode).toBe(403);
    expect((await post('/api/payment/verify_credentials', rootTok, { companyId: 999_999_999, appKey: 'k', apiSecret: 's' })).statusCode).toBe(404);
    for (const body of [{}, { companyId: a.companyId, appKey: '', apiSecret: 's' }, { companyId: 'x', appKey: 'k', apiSecret: 's' }, { companyId: a.companyId, appKey: 'k', apiSecret: 's', extra: 1 }]) {
      const res = await post('/api/payment/verify_credentials', rootTok, body);
      expect([400, 422], res.body).toContain(res.statusCode);
    }
  });

  it('says plainly when no provider is configured or reachable', async () => {
    const bare = await createTestApp({ PAYMENT_NEXT_API_URL: '' });
    try {
      const c = await seedCompany(bare.db);
      const root = (await login(bare.app, (await seedSuperAdmin(bare.db)).email)).token;
      const res = await bare.app.inject({ method: 'POST', url: '/api/payment/verify_credentials', headers: bearer(root), payload: { companyId: c.companyId, appKey: 'k', apiSecret: 's' } });
      expect(res.json()).toMatchObject({ status_code: 503 });
      expect(res.json().message).toContain('PAYMENT_NEXT_API_URL');
    } finally {
      await bare.close();
    }
    const down = await createTestApp({ PAYMENT_NEXT_API_URL: 'http://127.0.0.1:9' });
    try {
      const c = await seedCompany(down.db);
      const root = (await login(down.app, (await seedSuperAdmin(down.db)).email)).token;
      const res = await down.app.inject({ method: 'POST', url: '/api/payment/verify_credentials', headers: bearer(root), payload: { companyId: c.companyId, appKey: 'k', apiSecret: 's' } });
      expect(res.json()).toMatchObject({ status_code: 502 });
    } finally {
      await down.close();
    }
  });
});

describe('POST /api/dms/service_writers_sync', () => {
  it('needs a vendor A connection, then answers that no dealer-system connector is configured', async () => {
    const none = await post('/api/dms/service_writers_sync', rootTok, { companyId: a.companyId, addMissing: true });
    expect(none.statusCode).toBe(422);
    expect(none.json().violations[0]).toMatchObject({ propertyPath: 'dmsType', message: 'dms_sync_needs_vendor_a' });
    expect((await patch(a.companyId, rootTok, { dms: { dmsType: 'vendor_a', dtCompanyNumber: '42' } })).statusCode).toBe(200);
    const res = await post('/api/dms/service_writers_sync', rootTok, { companyId: a.companyId, addMissing: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'dms_not_connected' });
  });

  it('is for super admins only and rejects bad input', async () => {
    expect((await post('/api/dms/service_writers_sync', adminTok, { companyId: a.companyId, addMissing: true })).statusCode).toBe(403);
    expect((await post('/api/dms/service_writers_sync', rootTok, { companyId: 999_999_999, addMissing: true })).statusCode).toBe(404);
    for (const body of [{}, { companyId: a.companyId }, { companyId: a.companyId, addMissing: 'yes' }]) {
      const res = await post('/api/dms/service_writers_sync', rootTok, body);
      expect([400, 422], res.body).toContain(res.statusCode);
    }
  });
});
