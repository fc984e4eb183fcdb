import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, API_KEY_PATTERN } from '@cd/contracts/api-keys';
import { runInScope } from '../../db/client';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { scopeVerdict } from './api-keys.scopes';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let adminA: string;
let agentA: string;
let adminB: string;
let rootToken: string;
const rows: Record<string, number> = {};
const MAX_BAD = 5;

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
const call = (method: TMethod, url: string, token: string, body?: unknown, ip = '127.0.0.1') =>
  t.app.inject({ method, url, headers: bearer(token), remoteAddress: ip, ...(body === undefined ? {} : { payload: body as object }) });
const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);
/** A fresh address per test that presents bad keys, so their counts never meet. */
const freshIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const randomKey = () => `cdk_live_${randomBytes(6).toString('hex')}_${randomBytes(32).toString('base64url')}`;

async function createKey(token: string, body: Record<string, unknown>) {
  const res = await call('POST', '/api/api_keys', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string; prefix: string; status: string; lastUsedAt: string | null; scopes: unknown[] };
}

async function newCustomer(companyId: number, name: string): Promise<number> {
  const phone = `+1202555${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const res = await system((tx) =>
    tx.execute(sql`insert into customers (company_id, first_name, last_name, phone) values (${companyId}, ${name}, 'Key', ${phone}) returning id::int as id`),
  );
  return Number((res.rows[0] as { id: number }).id);
}

async function auditActions(entityId: number): Promise<string[]> {
  const res = await system((tx) => tx.execute(sql`select action from audit_log where entity_type = 'api_key' and entity_id = ${entityId} order by id`));
  return res.rows.map((r: unknown) => (r as { action: string }).action);
}

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '1000', API_KEY_MAX_BAD_PER_IP: String(MAX_BAD) });
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  const root = await seedSuperAdmin(t.db);
  const tokens = await Promise.all([a.admin.email, a.agent.email, b.admin.email, root.email].map(async (e) => (await login(t.app, e)).token));
  [adminA, agentA, adminB, rootToken] = tokens as [string, string, string, string];
  rows.customerA = await newCustomer(a.companyId, 'Alpha');
  rows.customerB = await newCustomer(b.companyId, 'Bravo');
});
afterAll(() => t.close());

describe('API key management', () => {
  it('creates a key whose secret is answered once, lists it without the secret, and audits it', async () => {
    const key = await createKey(adminA, { name: '  CRM sync ', scopes: [{ area: 'messenger', access: 'read' }], expiresAt: null });
    expect(key.secret).toMatch(API_KEY_PATTERN);
    expect(key.secret.startsWith(`${key.prefix}_`)).toBe(true);
    expect(key).toMatchObject({ name: 'CRM sync', status: 'active', lastUsedAt: null, scopes: [{ area: 'messenger', access: 'read' }] });
    const list = await call('GET', '/api/api_keys', adminA);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.secret.slice(22));
    expect(list.json().member.map((k: { id: number }) => k.id)).toContain(key.id);
    const one = await call('GET', `/api/api_keys/${key.id}`, adminA);
    expect(one.json()).not.toHaveProperty('secret');
    // Only the hash is stored.
    const stored = await system((tx) => tx.execute(sql`select secret_hash from api_keys where id = ${key.id}`));
    expect(JSON.stringify(stored.rows)).not.toContain(key.secret.slice(22));
    expect(await auditActions(key.id)).toEqual(['api_key.create']);
    const audit = await system((tx) => tx.execute(sql`select detail::text as d from audit_log where entity_type = 'api_key' and entity_id = ${key.id}`));
    expect(String((audit.rows[0] as { d: string }).d)).not.toContain(key.secret.slice(22));
  });

  it('refuses agents, other companies and keys themselves', async () => {
    const key = await createKey(adminA, { scopes: [{ area: 'messenger', access: 'write' }] });
    expect((await call('GET', '/api/api_keys', agentA)).statusCode).toBe(403);
    expect((await call('POST', '/api/api_keys', agentA, { scopes: [{ area: 'messenger', access: 'read' }] })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/api_keys/${key.id}`, agentA)).statusCode).toBe(403);
    // Another company's admin: the key does not exist for them, and naming company A is refused as missing.
    expect((await call('GET', `/api/api_keys/${key.id}`, adminB)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/api_keys/${key.id}`, adminB)).statusCode).toBe(404);
    expect((await call('GET', `/api/api_keys?company=${a.companyId}`, adminB)).statusCode).toBe(404);
    expect((await call('POST', '/api/api_keys', adminB, { scopes: [{ area: 'messenger', access: 'read' }], company: a.companyId })).statusCode).toBe(404);
    expect((await call('GET', '/api/api_keys', adminB)).json().member.map((k: { id: number }) => k.id)).not.toContain(key.id);
    // A key never manages keys, nor reaches users, companies, sessions or super-admin routes.
    for (const [method, url] of [
      ['GET', '/api/api_keys'],
      ['POST', '/api/api_keys'],
      ['DELETE', `/api/api_keys/${key.id}`],
      ['GET', '/api/users'],
      ['GET', `/api/companies/${a.companyId}`],
      ['GET', '/api/role_catalogue'],
      ['GET', '/api/cron_jobs'],
      ['GET', '/api/audit_log'],
    ] as const) {
      const res = await call(method, url, key.secret, method === 'POST' ? { scopes: [{ area: 'messenger', access: 'write' }] } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', `/api/customers?impersonate=${encodeURIComponent(a.agent.email)}`, key.secret)).statusCode).toBe(403);
    expect((await call('GET', '/api/api_keys', adminA)).json().member).toHaveLength(
      (await system((tx) => tx.execute(sql`select count(*)::int as n from api_keys where company_id = ${a.companyId}`))).rows.map(
        (r: unknown) => (r as { n: number }).n,
      )[0]!,
    );
  });

  it('lets a super admin create a key for any company', async () => {
    const key = await createKey(rootToken, { scopes: [{ area: 'messenger', access: 'read' }], company: b.companyId });
    const res = await call('GET', '/api/customers', key.secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Bravo');
    expect(res.body).not.toContain('Alpha');
    expect((await call('GET', `/api/api_keys/${key.id}`, rootToken)).json()).toMatchObject({ companyId: b.companyId });
    expect((await call('POST', '/api/api_keys', rootToken, { scopes: [{ area: 'messenger', access: 'read' }], company: 999_999_999 })).statusCode).toBeLessThan(
      500,
    );
  });

  it('answers bad input with 400/422, never 500', async () => {
    const bodies: unknown[] = [
      {},
      { scopes: [] },
      { scopes: [{ area: 'companies', access: 'read' }] },
      { scopes: [{ area: 'roles', access: 'write' }] },
      { scopes: [{ area: 'messenger', access: 'admin' }] },
      {
        scopes: [
          { area: 'messenger', access: 'read' },
          { area: 'messenger', access: 'write' },
        ],
      },
      { scopes: [{ area: 'messenger', access: 'read', extra: 1 }] },
      { scopes: [{ area: 'messenger', access: 'read' }], name: 'x'.repeat(101) },
      { scopes: [{ area: 'messenger', access: 'read' }], name: 'bad\u0000name' },
      { scopes: [{ area: 'messenger', access: 'read' }], expiresAt: '2001-01-01T00:00:00Z' },
      { scopes: [{ area: 'messenger', access: 'read' }], expiresAt: 'tomorrow' },
      { scopes: [{ area: 'messenger', access: 'read' }], secretHash: 'x' },
      { scopes: 'messenger' },
      { scopes: Array.from({ length: 500 }, () => ({ area: 'messenger', access: 'read' })) },
    ];
    for (const body of bodies) {
      const res = await call('POST', '/api/api_keys', adminA, body);
      expect([400, 422], `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toContain(res.statusCode);
    }
    expect((await call('GET', '/api/api_keys/abc', adminA)).statusCode).toBe(400);
    expect((await call('GET', '/api/api_keys/99999999999999999999', adminA)).statusCode).toBe(400);
    expect((await call('GET', '/api/api_keys?company=-1', adminA)).statusCode).toBe(400);
    expect((await call('DELETE', '/api/api_keys/999999999', adminA)).statusCode).toBe(404);
  });

  it('revokes once under parallel requests, and the key is refused at once', async () => {
    const key = await createKey(adminA, { scopes: [{ area: 'messenger', access: 'read' }] });
    expect((await call('GET', '/api/customers', key.secret)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('DELETE', `/api/api_keys/${key.id}`, adminA)));
    expect(answers.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 204]);
    expect(await auditActions(key.id)).toEqual(['api_key.create', 'api_key.revoke']);
    const refused = await call('GET', '/api/customers', key.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 401, message: API_KEY_MESSAGES.revoked });
    expect((await call('GET', `/api/api_keys/${key.id}`, adminA)).json()).toMatchObject({ status: 'revoked' });
  });
});

describe('requests with an API key', () => {
  it('reads an allowed area of its own company only, and is refused outside its scopes', async () => {
    const key = await createKey(adminA, { scopes: [{ area: 'messenger', access: 'read' }] });
    const list = await call('GET', '/api/customers', key.secret);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain('Alpha');
    expect(list.body).not.toContain('Bravo');
    expect((await call('GET', `/api/customers/${rows.customerA}`, key.secret)).statusCode).toBe(200);
    expect((await call('HEAD', `/api/customers/${rows.customerA}`, key.secret)).statusCode).toBe(200);
    // Another company's customer does not exist for it.
    expect((await call('GET', `/api/customers/${rows.customerB}`, key.secret)).statusCode).toBe(404);
    // Not in its scopes: 403, with the reason.
    const groups = await call('GET', '/api/customer_groups', key.secret);
    expect(groups.statusCode).toBe(403);
    expect(groups.json().detail).toBe(API_KEY_MESSAGES.scope);
    // A read key never writes.
    const write = await call('POST', '/api/customers', key.secret, { phone: '+15557770001', firstName: 'Nope' });
    expect(write.statusCode).toBe(403);
    expect(write.json().detail).toBe(API_KEY_MESSAGES.readOnly);
    expect((await call('PATCH', `/api/customers/${rows.customerA}`, key.secret, { firstName: 'Nope' })).statusCode).toBe(403);
  });

  it('writes with a write scope, as a company admin of its company', async () => {
    const key = await createKey(adminA, {
      scopes: [
        { area: 'messenger', access: 'write' },
        { area: 'communication', access: 'read' },
      ],
    });
    const created = await call('POST', '/api/customers', key.secret, { phone: '+15557770002', firstName: 'Written' });
    expect(created.statusCode, created.body).toBe(201);
    const seen = await call('GET', `/api/customers/${created.json().id}`, adminA);
    expect(seen.json()).toMatchObject({ firstName: 'Written' });
    expect((await call('GET', '/api/customer_groups', key.secret)).statusCode).toBe(200);
    expect((await call('POST', '/api/customer_groups', key.secret, { name: 'G', customers: [] })).statusCode).toBe(403);
  });

  it('refuses expired keys, keys of a disabled creator, and malformed ones with 401', async () => {
    const key = await createKey(adminA, { scopes: [{ area: 'messenger', access: 'read' }], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await call('GET', '/api/customers', key.secret)).statusCode).toBe(200);
    await system((tx) => tx.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${key.id}`));
    const expired = await call('GET', '/api/customers', key.secret);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(API_KEY_MESSAGES.expired);
    expect((await call('GET', `/api/api_keys/${key.id}`, adminA)).json().status).toBe('expired');

    const c = await seedCompany(t.db);
    const adminC = (await login(t.app, c.admin.email)).token;
    const keyC = await createKey(adminC, { scopes: [{ area: 'messenger', access: 'read' }] });
    expect((await call('GET', '/api/customers', keyC.secret)).statusCode).toBe(200);
    await system((tx) => tx.execute(sql`update users set enabled = false where id = ${c.admin.id}`));
    expect((await call('GET', '/api/customers', keyC.secret)).statusCode).toBe(401);

    const ip = freshIp();
    const wrongSecret = `${key.prefix}_${randomBytes(32).toString('base64url')}`;
    for (const bad of ['cdk_', 'cdk_live_', `${key.secret}x`, wrongSecret, `cdk_live_${'z'.repeat(500)}`]) {
      const res = await call('GET', '/api/customers', bad, undefined, ip);
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().message).toBe(API_KEY_MESSAGES.invalid);
    }
  });

  it('notes the last use, at most once a minute', async () => {
    const key = await createKey(adminA, { scopes: [{ area: 'messenger', access: 'read' }] });
    expect((await call('GET', `/api/api_keys/${key.id}`, adminA)).json().lastUsedAt).toBeNull();
    expect((await call('GET', '/api/customers', key.secret)).statusCode).toBe(200);
    const first = (await call('GET', `/api/api_keys/${key.id}`, adminA)).json().lastUsedAt as string;
    expect(first).not.toBeNull();
    const updates: string[] = [];
    t.queryObserver.current = (q) => {
      if (/update api_keys set last_used_at/i.test(q)) updates.push(q);
    };
    try {
      for (let i = 0; i < 3; i++) expect((await call('GET', '/api/customers', key.secret)).statusCode).toBe(200);
    } finally {
      t.queryObserver.current = undefined;
    }
    expect(updates).toEqual([]);
    expect((await call('GET', `/api/api_keys/${key.id}`, adminA)).json().lastUsedAt).toBe(first);
  });

  it('throttles bad keys per address, also when guessed in parallel', async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 30 }, () => call('GET', '/api/customers', randomKey(), undefined, ip)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(MAX_BAD);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - MAX_BAD);
    expect(answers.find((r) => r.statusCode === 429)!.headers['retry-after']).toMatch(/^\d+$/);
    // The address stays refused, even with a good key; another address is not affected.
    const good = await createKey(adminA, { scopes: [{ area: 'messenger', access: 'read' }] });
    expect((await call('GET', '/api/customers', good.secret, undefined, ip)).statusCode).toBe(429);
    expect((await call('GET', '/api/customers', good.secret, undefined, freshIp())).statusCode).toBe(200);
    // Users' own tokens are not API keys: the address's sign-in token still works.
    expect((await call('GET', '/api/customers', adminA, undefined, ip)).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('lists the API key bearer scheme next to the JWT one', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual(expect.arrayContaining([{ bearer: [] }, { apiKey: [] }]));
  });
});

describe('scopeVerdict', () => {
  it('maps route patterns to areas by whole path segments', () => {
    const read = [{ area: 'payments', access: 'read' }] as const;
    expect(scopeVerdict({ routeUrl: '/api/payment/transactions/:id', method: 'GET', scopes: read })).toBe('allowed');
    expect(scopeVerdict({ routeUrl: '/api/payment_requests', method: 'HEAD', scopes: read })).toBe('allowed');
    expect(scopeVerdict({ routeUrl: '/api/payment_requests', method: 'POST', scopes: read })).toBe('read_only');
    expect(scopeVerdict({ routeUrl: '/api/paymentx', method: 'GET', scopes: read })).toBe('scope');
    expect(scopeVerdict({ routeUrl: '/api/users/:id', method: 'GET', scopes: read })).toBe('scope');
    expect(scopeVerdict({ routeUrl: '/api/api_keys', method: 'GET', scopes: [{ area: 'messenger', access: 'write' }] })).toBe('scope');
  });
});
