import { ROLE_AREAS, ZRoleCatalogueSchema, type TRoleAreaDefinition } from '@cd/contracts/role-catalogue';
import { ASSIGNABLE_ROLES, MODULES, type TRole } from '@cd/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  login,
  patchCompany,
  seedCompany,
  seedSuperAdmin,
  TEST_PASSWORD,
  unique,
  type TSeededCompany,
  type TTestApp,
} from '../../../test/helpers';

let t: TTestApp;
let co: TSeededCompany;
let rootTok: string;

const ALL_MODULES = Object.fromEntries(MODULES.map((m) => [m, true]));
const ADMIN_ROLES: readonly TRole[] = ['ROLE_COMPANY_ADMIN', 'ROLE_SUPER_ADMIN'];

const tokens = new Map<string, Promise<string>>();

/** A user of `co` holding exactly `roles` (super admin: one without a company), signed in; one per role set. */
function tokenWith(roles: TRole[]): Promise<string> {
  const key = [...roles].sort().join(',');
  if (!tokens.has(key)) tokens.set(key, createTokenWith(roles));
  return tokens.get(key)!;
}

async function createTokenWith(roles: TRole[]): Promise<string> {
  if (roles.includes('ROLE_SUPER_ADMIN')) return (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  const email = `${unique('role').toLowerCase()}@test.example`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(rootTok),
    payload: { email, password: TEST_PASSWORD, firstName: 'Probe', lastName: 'User', roles, company: `/api/companies/${co.companyId}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (await login(t.app, email)).token;
}

/** The role a test user gets to open an area: its first non-admin role, else company admin, else super admin. */
function openingRole(area: TRoleAreaDefinition): TRole {
  return area.roles.find((r) => !ADMIN_ROLES.includes(r)) ?? (area.roles.includes('ROLE_COMPANY_ADMIN') ? 'ROLE_COMPANY_ADMIN' : 'ROLE_SUPER_ADMIN');
}

const probe = (area: TRoleAreaDefinition, token: string) => t.app.inject({ method: area.probe.method, url: area.probe.url, headers: bearer(token) });
const routeMissing = (res: { statusCode: number; body: string }) => res.statusCode === 404 && /Route .* not found/.test(res.body);

beforeAll(async () => {
  t = await createTestApp();
  co = await seedCompany(t.db, { modules: ALL_MODULES });
  const root = await seedSuperAdmin(t.db);
  rootTok = (await login(t.app, root.email)).token;
});
afterAll(() => t.close());

describe('the role catalogue matches the guards', () => {
  for (const area of ROLE_AREAS) {
    it(`${area.area}: opens for a user holding only its role, and refuses a user holding every other role`, async () => {
      const role = openingRole(area);
      const withRole = await probe(area, await tokenWith(role === 'ROLE_USER' ? ['ROLE_USER'] : ['ROLE_USER', role]));
      // Areas other parts of issue 20 are still adding may not be registered yet; every other probe must exist.
      if (routeMissing(withRole)) return void expect(['cron_jobs', 'development']).toContain(area.area);
      expect(withRole.statusCode, `${area.area} with ${role}: ${withRole.body}`).not.toBe(403);
      expect(withRole.statusCode, `${area.area} with ${role}: ${withRole.body}`).toBeLessThan(500);
      if (area.roles.includes('ROLE_USER')) return;
      // Everything else a company can hand out, minus the area's own roles (admins excluded: they pass every company area).
      const others = ASSIGNABLE_ROLES.filter((r) => !area.roles.includes(r) && r !== 'ROLE_COMPANY_ADMIN');
      const without = await probe(area, await tokenWith(others));
      expect(without.statusCode, `${area.area} without its roles: ${without.body}`).toBe(403);
    });
  }

  it('lets company admins into every area the catalogue gives them, and into no super-admin area', async () => {
    const adminTok = await tokenWith(['ROLE_USER', 'ROLE_COMPANY_ADMIN']);
    for (const area of ROLE_AREAS) {
      const res = await probe(area, adminTok);
      if (routeMissing(res)) continue;
      if (area.roles.includes('ROLE_COMPANY_ADMIN') || area.roles.includes('ROLE_USER')) expect(res.statusCode, area.area).not.toBe(403);
      else expect(res.statusCode, area.area).toBe(403);
    }
  });
});

describe('GET /api/role_catalogue', () => {
  it('lists every role with its areas, menu entries and holders counted per company', async () => {
    const own = await seedCompany(t.db, { availableUserRoles: ['ROLE_USER', 'ROLE_COMMUNICATION', 'ROLE_COMPANY_ADMIN'] });
    const res = await t.app.inject({ method: 'GET', url: '/api/role_catalogue', headers: bearer(rootTok) });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZRoleCatalogueSchema.parse(res.json());
    const comm = body.roles.find((r) => r.role === 'ROLE_COMMUNICATION')!;
    expect(comm.apiAreas.map((a) => a.area)).toEqual(expect.arrayContaining(['communication', 'appointments']));
    expect(comm.menu.map((m) => m.key)).toContain('inbox');
    // seedCompany: the admin and the agent hold the communication role.
    expect(comm.companies.find((c) => c.id === own.companyId)).toMatchObject({ assignable: true, userCount: 2 });
    const parts = body.roles.find((r) => r.role === 'ROLE_AUTO_PARTS_SALES')!;
    expect(parts.companies.find((c) => c.id === own.companyId)).toBeUndefined();
    const root = body.roles.find((r) => r.role === 'ROLE_SUPER_ADMIN')!;
    expect(root.userCount).toBeGreaterThanOrEqual(1);
    expect(root.apiAreas.map((a) => a.area)).toEqual(expect.arrayContaining(['roles', 'companies', 'audit_log']));
  });

  it('is for super admins only', async () => {
    for (const email of [co.admin.email, co.agent.email]) {
      const tok = (await login(t.app, email)).token;
      expect((await t.app.inject({ method: 'GET', url: '/api/role_catalogue', headers: bearer(tok) })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/role_catalogue' })).statusCode).toBe(401);
  });

  it('edits a company’s availableUserRoles through PATCH /api/companies/{id}, which the catalogue then shows', async () => {
    const other = await seedCompany(t.db);
    const patched = await patchCompany(t.app, { id: other.companyId, token: rootTok, body: { availableUserRoles: ['ROLE_USER', 'ROLE_PAYMENT'] } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().availableUserRoles).toEqual(['ROLE_USER', 'ROLE_PAYMENT']);
    const body = (await t.app.inject({ method: 'GET', url: '/api/role_catalogue', headers: bearer(rootTok) })).json();
    const entry = (role: string) => body.roles.find((r: { role: string }) => r.role === role).companies.find((c: { id: number }) => c.id === other.companyId);
    expect(entry('ROLE_PAYMENT')).toMatchObject({ assignable: true, userCount: 0 });
    // Taken off the list but still held by the seeded users: shown as held, not assignable.
    expect(entry('ROLE_INTERNAL_CHAT')).toMatchObject({ assignable: false, userCount: 1 });
    const bad = await patchCompany(t.app, { id: other.companyId, token: rootTok, body: { availableUserRoles: ['ROLE_SUPER_ADMIN'] } });
    expect(bad.statusCode).toBe(422);
    const adminTok = (await login(t.app, other.admin.email)).token;
    const refused = await patchCompany(t.app, { id: other.companyId, token: adminTok, body: { availableUserRoles: ['ROLE_USER'] } });
    expect(refused.statusCode).toBe(403);
  });
});
