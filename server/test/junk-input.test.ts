import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from './helpers';

let t: TTestApp;
let a: TSeededCompany;
let tokens: string[];

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '100000' });
  a = await seedCompany(t.db);
  const root = await seedSuperAdmin(t.db);
  tokens = [(await login(t.app, a.admin.email)).token, (await login(t.app, root.email)).token];
});
afterAll(() => t.close());

const JUNK: unknown[] = [
  null,
  [],
  'text',
  42,
  { '': null },
  { name: { $gt: '' }, email: ['a'], password: { a: 1 } },
  { hours: { monday: null }, modules: [], ocs: 'x', payment: { terminals: [{ assignedTo: 'all' }] } },
  { roles: 'ROLE_USER', enabled: 'yes', password: 12345678, module: null, toggle: 'on' },
  { awayState: { status: 'GONE' }, notificationSettings: { emailRecipients: 'x' }, webPushSubscriptions: [{}] },
  { firstName: 'x'.repeat(100_00), email: '\u0000@\u0000', phone: '+1555\u0000' },
  { id: Number.MAX_SAFE_INTEGER * 10, refresh_token: 1e308, company: '/api/companies/abc' },
  // Deeper than the body guard allows (400 on every route, before any hook or schema walks it).
  { name: JSON.parse('['.repeat(40) + ']'.repeat(40)) as unknown, customerId: true, company: '/api/users/1', users: ['0x1'] },
];
const JUNK_QUERIES = ['page=-5', 'itemsPerPage=1e9', 'company[]=1', 'pagination=maybe', 'search=%00%27', 'transferTo=/api/users/x', 'order[name]=sideways'];

describe('junk never breaks the server', () => {
  it('every route answers below 500 for malformed bodies, queries and ids', async () => {
    const failures: string[] = [];
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    for (const route of routes) {
      for (const token of tokens) {
        const ids = route.url.includes(':') ? ['0', '-1', String(a.agent.id), 'x%27;drop', '1.5'] : [''];
        for (const id of ids) {
          const path = route.url.replace(/:[a-zA-Z]+/g, id);
          // Every junk body goes with the id that reaches the handler; a malformed id is refused before the body matters.
          const bodies = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : id === '' || id === String(a.agent.id) ? JUNK : JUNK.slice(0, 3);
          // Every junk body with a clean query, then junk queries with one body: enough to reach every parser.
          const cases: [unknown, string][] = [...bodies.map((b): [unknown, string] => [b, '']), ...JUNK_QUERIES.slice(0, 2).map((q): [unknown, string] => [bodies[0], q])];
          for (const [body, q] of cases) {
            {
              const res = await t.app.inject({
                method: route.method as 'POST',
                url: q ? `${path}?${q}` : path,
                headers: { ...bearer(token), 'content-type': 'application/json' },
                ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
              });
              if (res.statusCode >= 500) failures.push(`${route.method} ${path}?${q} ${JSON.stringify(body)?.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('list endpoints take junk query values with 400, never 500', async () => {
    for (const q of JUNK_QUERIES) {
      for (const url of ['/api/users', '/api/companies', '/api/users/colleagues']) {
        const res = await t.app.inject({ method: 'GET', url: `${url}?${q}`, headers: bearer(tokens[1]!) });
        expect(res.statusCode, `${url}?${q}: ${res.body}`).toBeLessThan(500);
      }
    }
  });
});
