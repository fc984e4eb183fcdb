import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUserSchema } from '@cd/contracts/user';
import { createResponseSerializerCompiler, ResponseMismatchError, ZProblemSchema } from '../src/lib/openapi';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from './helpers';

type TOperation = {
  tags?: string[];
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { format?: string; items?: { format?: string } }> } }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

let t: TTestApp;
let a: TSeededCompany;
let doc: { paths: Record<string, Record<string, TOperation>>; components: { responses?: Record<string, { headers?: Record<string, unknown> }> } };
let operations: { key: string; method: string; path: string; op: TOperation }[];

/** Operations anyone may call: sign-in and password reset, health, webhooks (signed), public pages, the live hub. */
const PUBLIC_OPERATIONS = [
  'POST /api/login',
  'POST /api/token/refresh',
  'POST /api/logout',
  'POST /api/forgot-password',
  'GET /api/forgot-password/{token}',
  'POST /api/forgot-password/{token}',
  'GET /REVISION',
  'GET /api/public/revision',
  'GET /api/public/health',
  'GET /health/live',
  'GET /health/ready',
  // Its own bearer token (METRICS_TOKEN), not a user's JWT.
  'GET /metrics',
  'GET /api/public/features',
  'POST /api/public/webchat/sessions',
  'GET /api/public/webchat/messages',
  'POST /api/public/webchat/messages',
  'POST /api/public/webchat/read',
  'POST /api/public/webchat/phone',
  'GET /api/public/webchat/stream',
  'POST /api/webhooks/sms-provider/{companySlug}/inbound',
  'POST /api/webhooks/sms-provider/{companySlug}/status',
  'GET /api/webhooks/whatsapp/{companySlug}',
  'POST /api/webhooks/whatsapp/{companySlug}',
  'POST /api/webhooks/sms-gateway/{companySlug}',
  'POST /api/webhooks/viber/{companySlug}',
  'GET /api/public/companies/{slug}',
  'POST /api/public/companies/{slug}/opt_in',
  'GET /api/public/lead-pages/{slug}',
  'POST /api/public/lead-pages/{slug}/leads',
  'GET /api/public/links/{code}',
  'POST /api/public/links/{code}/answer',
  'GET /api/public/booking/{slug}',
  'GET /api/public/booking/{slug}/availability',
  'POST /api/public/booking/{slug}/holds',
  'DELETE /api/public/booking/{slug}/holds/{token}',
  'POST /api/public/booking/{slug}/appointments',
  'GET /.well-known/mercure',
  'POST /api/public/sentry_tunnel',
  'GET /api/public/payments/{code}',
  'GET /api/public/payments/{code}/receipt',
  'POST /api/public/payments/{code}/card-token',
  'POST /api/public/payments/{code}/charge',
  'GET /api/public/questionnaires/{code}',
  'POST /api/public/questionnaires/{code}/answers',
  'POST /api/webhooks/payment/{provider}/{slug}/transaction',
  'GET /api/public/reports/{companyId}/{reportId}/{format}',
];

/** Operations that read a multipart form, with the file part each must describe. */
const MULTIPART_OPERATIONS: Record<string, string> = {
  'POST /api/media_objects': 'file',
  'POST /api/customers/import/preview': 'file',
  'POST /api/customers/import': 'file',
  'POST /api/messages': 'file[]',
  'POST /api/group_messages': 'file[]',
  'POST /api/internal_chat/send': 'file[]',
  'POST /api/automotive/transactions/import': 'file',
};

/** Operations with no success answer on this server, and why (the test checks they still have none). */
// POST /api/dms/service_writers_sync left this list in issue 13: it now talks to the DMS and describes its answer.
const NEVER_SUCCEED: Record<string, string> = {};

/**
 * Areas whose answers the other half of issue 11 point 10 describes (branch oas-b). Remove an entry once its
 * answers are described: the last test fails while an entry is no longer needed.
 */
const PENDING_TAGS = new Set<string>([]);
const PENDING_OPERATIONS = new Set<string>([]);
const isPending = (o: { key: string; op: TOperation }) => PENDING_OPERATIONS.has(o.key) || (o.op.tags ?? []).some((tag) => PENDING_TAGS.has(tag));

function describesSuccess(op: TOperation): boolean {
  return Object.entries(op.responses ?? {}).some(
    ([status, answer]) =>
      status === '204' ||
      (/^2\d\d$/.test(status) && Object.values(answer.content ?? {}).some((media) => media.schema !== undefined)),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('describes a success answer with its body (or 204, or a stream) for every operation', () => {
    expect(operations.length).toBeGreaterThan(100);
    const undescribed = operations.filter((o) => !isPending(o) && !NEVER_SUCCEED[o.key] && !describesSuccess(o.op)).map((o) => o.key);
    expect(undescribed).toEqual([]);
    for (const key of Object.keys(NEVER_SUCCEED)) {
      const o = operations.find((x) => x.key === key);
      expect(o, key).toBeDefined();
      expect(describesSuccess(o!.op), `${key} now succeeds: describe its answer`).toBe(false);
      expect(o!.op.responses?.['409'], key).toBeDefined();
    }
  });

  it('marks exactly the public operations as needing no token, and every other one answers 401', () => {
    const publicOps = operations.filter((o) => Array.isArray(o.op.security) && o.op.security.length === 0).map((o) => o.key);
    expect(publicOps.sort()).toEqual([...PUBLIC_OPERATIONS].sort());
    const without401 = operations.filter((o) => !PUBLIC_OPERATIONS.includes(o.key) && !isPending(o) && !o.op.responses?.['401']).map((o) => o.key);
    expect(without401).toEqual([]);
  });

  it('every operation it says needs a token refuses a request without one (401)', async () => {
    const secured = operations.filter((o) => !PUBLIC_OPERATIONS.includes(o.key));
    const answers = await Promise.all(
      secured.map(async (o) => {
        const url = o.path.replace(/\{[^}]+\}/g, '1');
        const res = await t.app.inject({ method: o.method as 'GET', url });
        return { key: o.key, status: res.statusCode };
      }),
    );
    expect(answers.filter((x) => x.status !== 401)).toEqual([]);
  });

  it('describes the form of every multipart operation, file parts as binary', () => {
    for (const [key, filePart] of Object.entries(MULTIPART_OPERATIONS)) {
      const o = operations.find((x) => x.key === key);
      expect(o, key).toBeDefined();
      const form = o!.op.requestBody?.content?.['multipart/form-data']?.schema;
      expect(form, key).toBeDefined();
      const file = form!.properties?.[filePart];
      expect(file?.format ?? file?.items?.format, `${key} ${filePart}`).toBe('binary');
    }
  });

  it('documents 405 once, with its Allow header', () => {
    expect(doc.components.responses?.MethodNotAllowed?.headers?.Allow).toBeDefined();
  });

  it('no longer lists pending areas whose answers are all described', () => {
    const pending = operations.filter(isPending);
    const stillNeeded = new Set([
      ...pending.filter((o) => !describesSuccess(o.op)).flatMap((o) => o.op.tags ?? []),
      ...pending.filter((o) => !describesSuccess(o.op)).map((o) => o.key),
    ]);
    expect([...PENDING_TAGS, ...PENDING_OPERATIONS].filter((p) => !stillNeeded.has(p))).toEqual([]);
  });
});

describe('a known address asked with another method', () => {
  it('answers 405 problem+json with the methods it takes in Allow, before any token check', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/login', payload: {} });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = ZProblemSchema.parse(res.json());
    expect(body).toMatchObject({ status: 405, title: 'Method Not Allowed' });
    expect(body.detail).toContain('POST');
  });

  it('lists every method of every route matching the path (a static path and a parameter)', async () => {
    const tok = (await login(t.app, a.admin.email)).token;
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${a.agent.id}`, headers: bearer(tok), payload: {} });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
    // `colleagues` is a static GET route and also matches `/api/users/:id`.
    const colleagues = await t.app.inject({ method: 'POST', url: '/api/users/colleagues?x=1', headers: bearer(tok) });
    expect(colleagues.statusCode).toBe(405);
    expect(colleagues.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
    // Nothing about the user changed.
    const user = await t.app.inject({ method: 'GET', url: `/api/users/${a.agent.id}`, headers: bearer(tok) });
    expect(user.statusCode).toBe(200);
  });

  it('keeps 404 for unknown addresses and hostile paths', async () => {
    for (const url of ['/api/nope', '/api/users/1/nope', '/api/(.*)', '/api/users/1/roles/x']) {
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.allow, url).toBeUndefined();
    }
  });
});

describe('answers checked against their description', () => {
  const compile = (validate: boolean) =>
    createResponseSerializerCompiler({ validate })({ schema: ZUserSchema, method: 'GET', url: '/api/users/:id', httpStatus: '200' });

  it('tests validate every answer: one that drifts from its schema fails, naming the route and the member', async () => {
    expect(t.app.deps.config.validateResponses).toBe(true);
    const tok = (await login(t.app, a.admin.email)).token;
    const user = (await t.app.inject({ method: 'GET', url: `/api/users/${a.agent.id}`, headers: bearer(tok) })).json();
    expect(ZUserSchema.parse(user).id).toBe(a.agent.id);
    expect(() => compile(true)({ ...user, createdAt: 12 })).toThrow(ResponseMismatchError);
    expect(() => compile(true)({ ...user, createdAt: 12 })).toThrow(/GET \/api\/users\/:id 200[\s\S]*createdAt/);
  });

  it('production only serializes: nothing is stripped or checked', () => {
    const drifted = { id: 'not a number', extra: '<script>' };
    expect(JSON.parse(compile(false)(drifted))).toEqual(drifted);
  });
});
