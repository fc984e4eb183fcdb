import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TTestApp } from './helpers';

/**
 * The API description of the messaging-side modules (customers, customer import, messages and templates, customer
 * groups and group messages, internal chat, notifications) describes every answer: a 2xx with its body, and the 401
 * of a signed-out caller. Operations are taken from the app's route table, so a new route without a description fails.
 */
const MY_PATHS = [
  /^\/api\/customers(\/|$)/,
  /^\/api\/archived_customers(\/|$)/,
  /^\/api\/customer_tags$/,
  /^\/api\/customer_imports(\/|$)/,
  /^\/api\/messages(\/|$)/,
  /^\/api\/message_templates(\/|$)/,
  /^\/api\/customer_groups(\/|$)/,
  /^\/api\/group_messages(\/|$)/,
  /^\/api\/internal_chat(_threads|_messages)?(\/|$)/,
  /^\/api\/notifications(\/|$)/,
  /^\/api\/users\/record_active_page$/,
];
/** Under these paths but owned by the WhatsApp webhook module (described with the webhooks). */
const NOT_MINE = new Set(['/api/messages/send_whatsapp_invite_template']);

type TOperation = {
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

let t: TTestApp;
let doc: { paths: Record<string, Record<string, TOperation>> };
let routes: { method: string; url: string; docPath: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  routes = t.app.routeTable
    .filter((r) => MY_PATHS.some((p) => p.test(r.url)) && !NOT_MINE.has(r.url))
    .map((r) => ({ ...r, docPath: r.url.replace(/:(\w+)/g, '{$1}') }));
});
afterAll(() => t.close());

describe('OpenAPI answers of the messaging modules', () => {
  it('covers every route of those modules', () => {
    // customers 15, import 4, messages 5, templates 6, groups 7, group messages 6, internal chat 14, notifications 9, active page 1
    expect(routes.length).toBeGreaterThanOrEqual(67);
    for (const r of routes) expect(doc.paths[r.docPath]?.[r.method.toLowerCase()], `${r.method} ${r.url}`).toBeDefined();
  });

  it('declares a 2xx with a JSON body schema (or a 204), a 401 and the bearer token on every operation', () => {
    for (const r of routes) {
      const op = doc.paths[r.docPath]![r.method.toLowerCase()]!;
      const name = `${r.method} ${r.url}`;
      const statuses = Object.keys(op.responses ?? {});
      const success = statuses.filter((s) => /^2\d\d$/.test(s));
      expect(success, name).not.toHaveLength(0);
      for (const s of success) if (s !== '204') expect(op.responses![s]!.content?.['application/json']?.schema, `${name} ${s}`).toBeDefined();
      expect(op.responses!['401']?.content?.['application/json']?.schema, `${name} 401`).toBeDefined();
      // Not public: a public route declares `security: []`; these keep the document-wide bearer requirement.
      expect(op.security, name).not.toEqual([]);
      if (r.url.includes(':id')) expect(statuses, `${name} 400/404`).toEqual(expect.arrayContaining(['400', '404']));
    }
  });

  it('answers a signed-out call with the declared 401 body on every operation', async () => {
    // Responses are checked against their declared schemas in tests: a drifting 401 description would be a 500 here.
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url.replace(/:id\b/g, '1') });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json(), `${r.method} ${r.url}`).toEqual({ code: 401, message: expect.any(String) });
    }
  });

  it('still sends 204 answers without a body or content type', async () => {
    const a = await seedCompany(t.db);
    const { token } = await login(t.app, a.admin.email);
    const res = await t.app.inject({ method: 'PUT', url: '/api/customers/all_read', headers: bearer(token) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
  });
});
