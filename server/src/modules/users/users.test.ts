import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyTopic } from '@cd/contracts/live';
import { runInScope } from '../../db/client';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, unique, type TSeededCompany, type TTestApp } from '../../../test/helpers';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let rootTok: string;
let adminTok: string;
let agentTok: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  adminTok = (await login(t.app, a.admin.email)).token;
  agentTok = (await login(t.app, a.agent.email)).token;
});
afterAll(() => t.close());

const newUser = (extra: Record<string, unknown> = {}) => ({
  firstName: 'Nina',
  lastName: 'New',
  email: `${unique('nina')}@test.example`,
  password: 'Welcome12',
  confirmPassword: 'Welcome12',
  ...extra,
});

describe('GET /api/users', () => {
  it('lists only the admin company users, with paging and search', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users?itemsPerPage=2', headers: bearer(adminTok) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalItems).toBeGreaterThanOrEqual(3);
    expect(body.member).toHaveLength(2);
    expect(body.view.next).toContain('page=2');
    for (const u of body.member) expect(u.company).toBe(`/api/companies/${a.companyId}`);
    const search = await t.app.inject({ method: 'GET', url: '/api/users?search=agent', headers: bearer(adminTok) });
    expect(search.json().member.map((u: { id: number }) => u.id)).toEqual([a.agent.id]);
    const all = await t.app.inject({ method: 'GET', url: '/api/users?pagination=false', headers: bearer(adminTok) });
    expect(all.json().view).toBeUndefined();
  });

  it('is refused to plain users, and another company filter is not found for admins', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(agentTok) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/users?company=${b.companyId}`, headers: bearer(adminTok) })).statusCode).toBe(404);
  });

  it('lets super admins list all users or one company', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users?company=/api/companies/${b.companyId}`, headers: bearer(rootTok) });
    expect(res.json().member.every((u: { company: string }) => u.company === `/api/companies/${b.companyId}`)).toBe(true);
    expect(res.json().member.map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining([b.admin.id, b.agent.id, b.user2.id]));
  });

  it('rejects bad query values with 400', async () => {
    for (const q of ['page=0', 'itemsPerPage=-1', 'itemsPerPage=abc', 'company=xyz', 'enabled=maybe']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/users?${q}`, headers: bearer(adminTok) })).statusCode, q).toBe(400);
    }
  });
});

describe('create, update and delete', () => {
  it('a company admin creates a user in their company who can sign in', async () => {
    const body = newUser({ roles: ['ROLE_COMMUNICATION'], phone: '+15555550999' });
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminTok), payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: body.email, company: `/api/companies/${a.companyId}`, roles: ['ROLE_USER', 'ROLE_COMMUNICATION'] });
    expect(res.json()).not.toHaveProperty('password');
    expect((await login(t.app, body.email, 'Welcome12')).token).toBeTruthy();
    const dup = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminTok), payload: { ...newUser(), email: body.email.toUpperCase() } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().violations[0].propertyPath).toBe('email');
  });

  it('validates the user form rules', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [newUser({ email: 'no-at-sign' }), 'email'],
      [newUser({ password: 'short1A', confirmPassword: 'short1A' }), 'password'],
      [newUser({ password: 'alllowercase1', confirmPassword: 'alllowercase1' }), 'password'],
      [newUser({ confirmPassword: 'Different12' }), 'confirmPassword'],
      [newUser({ mechanic: true, advisor: true }), 'advisor'],
      [newUser({ phone: '123' }), 'phone'],
      [newUser({ firstName: '' }), 'firstName'],
      [newUser({ roles: ['ROLE_SUPER_ADMIN'] }), 'roles.0'],
      [newUser({ unknownField: 1 }), ''],
    ];
    for (const [payload, path] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminTok), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath), JSON.stringify(payload)).toContain(path);
    }
  });

  it('only assigns roles the company makes available', async () => {
    const s = await seedCompany(t.db, { availableUserRoles: ['ROLE_COMMUNICATION', 'ROLE_COMPANY_ADMIN'] });
    const tok = (await login(t.app, s.admin.email)).token;
    const bad = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(tok), payload: newUser({ roles: ['ROLE_REAL_ESTATE'] }) });
    expect(bad.statusCode).toBe(422);
    const roles = await t.app.inject({ method: 'PUT', url: `/api/users/${s.agent.id}/roles`, headers: bearer(tok), payload: { roles: ['ROLE_OFFERS'] } });
    expect(roles.statusCode).toBe(422);
    const ok = await t.app.inject({ method: 'PUT', url: `/api/users/${s.agent.id}/roles`, headers: bearer(tok), payload: { roles: ['ROLE_COMMUNICATION'] } });
    expect(ok.json().roles).toEqual(['ROLE_USER', 'ROLE_COMMUNICATION']);
    const listed = await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(tok) });
    const assignable = listed.json().member.filter((r: { assignable: boolean }) => r.assignable).map((r: { id: string }) => r.id);
    expect(assignable.sort()).toEqual(['ROLE_COMMUNICATION', 'ROLE_COMPANY_ADMIN', 'ROLE_USER']);
  });

  it('an admin cannot remove their own admin role or disable or delete themselves', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${s.admin.id}/roles`, headers: bearer(tok), payload: { roles: ['ROLE_USER'] } })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${s.admin.id}/enabled`, headers: bearer(tok), payload: { enabled: false } })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${s.admin.id}?transferTo=${s.agent.id}`, headers: bearer(tok) })).statusCode).toBe(422);
  });

  it('a super admin must name the company when creating a user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(rootTok), payload: newUser() });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('error.no_selected_company');
    const ok = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(rootTok), payload: newUser({ company: `/api/companies/${b.companyId}` }) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().company).toBe(`/api/companies/${b.companyId}`);
  });

  it('patches with merge-patch; users may edit their own profile but not admin fields', async () => {
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${a.agent.id}`,
      headers: { ...bearer(agentTok), 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ firstName: 'Agnes', notificationSettings: { email: true, emailRecipients: ['a@b.example'] }, theme: 'light' }),
    });
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ firstName: 'Agnes', theme: 'light', notificationSettings: { email: true, sms: false, emailRecipients: ['a@b.example'] } });
    const adminField = await t.app.inject({ method: 'PATCH', url: `/api/users/${a.agent.id}`, headers: bearer(agentTok), payload: { department: 'X' } });
    expect(adminField.statusCode).toBe(403);
    const other = await t.app.inject({ method: 'PATCH', url: `/api/users/${a.user2.id}`, headers: bearer(agentTok), payload: { firstName: 'X' } });
    expect(other.statusCode).toBe(403);
    const both = await t.app.inject({ method: 'PATCH', url: `/api/users/${a.user2.id}`, headers: bearer(adminTok), payload: { mechanic: true } });
    expect(both.statusCode).toBe(200);
    const conflict = await t.app.inject({ method: 'PATCH', url: `/api/users/${a.user2.id}`, headers: bearer(adminTok), payload: { advisor: true } });
    expect(conflict.statusCode).toBe(422);
  });

  it('validates away states on the server', async () => {
    const url = `/api/users/${a.agent.id}`;
    const away = (awayState: unknown) => t.app.inject({ method: 'PATCH', url, headers: bearer(agentTok), payload: { awayState } });
    expect((await away({ status: 'AWAY', backAt: null })).statusCode).toBe(422);
    expect((await away({ status: 'AWAY_WITH_TRANSFER', transferToUserId: String(b.agent.id) })).statusCode).toBe(422);
    const ok = await away({ status: 'AWAY_WITH_TRANSFER', transferToUserId: String(a.user2.id), backAt: null });
    expect(ok.json().awayState).toMatchObject({ status: 'AWAY_WITH_TRANSFER', transferToUserId: a.user2.id });
    expect((await away({ status: 'ONLINE' })).json().awayState).toEqual({ status: 'ONLINE', backAt: null, awayText: null, transferToUserId: null });
  });

  it('changes a password (admin for a user, or the user themself)', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${s.user2.id}/change_password`, headers: bearer(tok), payload: { password: 'Changed123' } });
    expect(res.statusCode).toBe(204);
    expect((await login(t.app, s.user2.email, 'Changed123')).token).toBeTruthy();
    const weak = await t.app.inject({ method: 'PUT', url: `/api/users/${s.user2.id}/change_password`, headers: bearer(tok), payload: { password: 'weak' } });
    expect(weak.statusCode).toBe(422);
  });

  it('deleting a user needs a receiving user of the same company', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${s.user2.id}`, headers: bearer(tok) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${s.user2.id}?transferTo=${b.agent.id}`, headers: bearer(tok) })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${s.user2.id}?transferTo=${s.user2.id}`, headers: bearer(tok) })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${s.user2.id}?transferTo=${s.agent.id}`, headers: bearer(tok) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${s.user2.id}`, headers: bearer(tok) })).statusCode).toBe(404);
  });
});

describe('colleagues and roles', () => {
  it('lists enabled colleagues of the same company without the caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/colleagues', headers: bearer(agentTok) });
    const ids = res.json().member.map((u: { id: number }) => u.id);
    expect(ids).toContain(a.admin.id);
    expect(ids).not.toContain(a.agent.id);
    expect(ids).not.toContain(b.admin.id);
    expect(res.json().member[0]).toEqual(expect.objectContaining({ id: expect.any(Number), firstName: expect.any(String), email: expect.any(String) }));
    expect((await t.app.inject({ method: 'GET', url: `/api/users/colleagues?company=${b.companyId}`, headers: bearer(agentTok) })).statusCode).toBe(404);
    const root = await t.app.inject({ method: 'GET', url: `/api/users/colleagues?company=${b.companyId}`, headers: bearer(rootTok) });
    expect(root.json().member.map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining([b.admin.id, b.agent.id, b.user2.id]));
  });

  it('GET /api/roles lists roles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/roles', headers: bearer(agentTok) });
    expect(res.json().member.map((r: { id: string }) => r.id)).toContain('ROLE_COMMUNICATION');
    expect(res.json().member.map((r: { id: string }) => r.id)).not.toContain('ROLE_SUPER_ADMIN');
  });
});

describe('what the users tab relies on', () => {
  const phone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

  it('creates with every dialog field and reads them back; PATCH merges dms and clears nullable fields', async () => {
    const s = await seedCompany(t.db, { availableUserRoles: ['ROLE_COMMUNICATION', 'ROLE_COMPANY_ADMIN'] });
    const tok = (await login(t.app, s.admin.email)).token;
    const body = newUser({
      phone: '+15555550111',
      roles: ['ROLE_COMMUNICATION'],
      mechanic: true,
      department: 'Service',
      dms: { dtPersonId: 'DT-1', cdkServiceAdvisorId: 'CDK-1' },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(tok), payload: body });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    expect(res.json()).toMatchObject({ mechanic: true, advisor: false, department: 'Service', dms: { dtPersonId: 'DT-1', cdkServiceAdvisorId: 'CDK-1' }, enabled: true });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: { ...bearer(tok), 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ dms: { dtPersonId: 'DT-2' }, department: null, phone: null, mechanic: false, advisor: true }),
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ dms: { dtPersonId: 'DT-2', cdkServiceAdvisorId: 'CDK-1' }, department: null, phone: null, mechanic: false, advisor: true });
  });

  it('a company admin reaches no user of another company and no super admin (404, nothing changes)', async () => {
    const s = await seedCompany(t.db);
    const root = await seedSuperAdmin(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    for (const target of [b.agent.id, root.id]) {
      const calls = [
        { method: 'GET' as const, url: `/api/users/${target}` },
        { method: 'PATCH' as const, url: `/api/users/${target}`, payload: { firstName: 'Intruder' } },
        { method: 'PUT' as const, url: `/api/users/${target}/roles`, payload: { roles: ['ROLE_USER'] } },
        { method: 'PUT' as const, url: `/api/users/${target}/change_password`, payload: { password: 'Intrud3rPass' } },
        { method: 'PATCH' as const, url: `/api/users/${target}/enabled`, payload: { enabled: false } },
        { method: 'DELETE' as const, url: `/api/users/${target}?transferTo=${s.agent.id}` },
      ];
      for (const c of calls) {
        const res = await t.app.inject({ ...c, headers: bearer(tok) });
        expect(res.statusCode, `${c.method} ${c.url}`).toBe(404);
      }
    }
    const other = await t.app.inject({ method: 'GET', url: `/api/users/${b.agent.id}`, headers: bearer(rootTok) });
    expect(other.json()).toMatchObject({ enabled: true, firstName: 'agent' });
    const cross = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(tok), payload: newUser({ company: `/api/companies/${b.companyId}` }) });
    expect(cross.statusCode).toBe(404);
  });

  it('plain users cannot manage users (403) but the tab read stays consistent for admins', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.agent.email)).token;
    const calls = [
      { method: 'POST' as const, url: '/api/users', payload: newUser() },
      { method: 'PATCH' as const, url: `/api/users/${s.user2.id}/enabled`, payload: { enabled: false } },
      { method: 'PUT' as const, url: `/api/users/${s.user2.id}/roles`, payload: { roles: ['ROLE_USER'] } },
      { method: 'PUT' as const, url: `/api/users/${s.user2.id}/change_password`, payload: { password: 'Intrud3rPass' } },
      { method: 'DELETE' as const, url: `/api/users/${s.user2.id}?transferTo=${s.admin.id}` },
      { method: 'PATCH' as const, url: `/api/users/${s.agent.id}`, payload: { roles: ['ROLE_COMPANY_ADMIN'] } },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: bearer(tok) });
      expect([403, 422], `${c.method} ${c.url}`).toContain(res.statusCode);
    }
    const roles = await t.app.inject({ method: 'GET', url: `/api/users/${s.agent.id}`, headers: bearer(tok) });
    expect(roles.json().roles).not.toContain('ROLE_COMPANY_ADMIN');
  });

  it('bad input to every route the tab calls is 400/422, never 500', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const u = s.user2.id;
    const calls: { method: 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'POST', url: '/api/users', payload: { ...newUser(), roles: 'ROLE_USER' } },
      { method: 'POST', url: '/api/users', payload: { ...newUser(), company: 'acme' } },
      { method: 'POST', url: '/api/users', payload: { ...newUser(), dms: { other: 1 } } },
      { method: 'POST', url: '/api/users', payload: [] },
      { method: 'PATCH', url: `/api/users/${u}`, payload: { email: 'no-at' } },
      { method: 'PATCH', url: `/api/users/${u}`, payload: { phone: 12345 } },
      { method: 'PATCH', url: `/api/users/${u}`, payload: { enabled: false } },
      { method: 'PATCH', url: `/api/users/${u}`, payload: { email: s.agent.email } },
      { method: 'PATCH', url: '/api/users/abc', payload: { firstName: 'X' } },
      { method: 'PUT', url: `/api/users/${u}/roles`, payload: { roles: ['ROLE_NOPE'] } },
      { method: 'PUT', url: `/api/users/${u}/roles`, payload: {} },
      { method: 'PUT', url: `/api/users/${u}/change_password`, payload: { password: 12345678 } },
      { method: 'PUT', url: `/api/users/${u}/change_password`, payload: {} },
      { method: 'PATCH', url: `/api/users/${u}/enabled`, payload: { enabled: 'yes' } },
      { method: 'PATCH', url: `/api/users/${u}/enabled`, payload: {} },
      { method: 'PATCH', url: '/api/users/0/enabled', payload: { enabled: true } },
      { method: 'DELETE', url: `/api/users/${u}?transferTo=abc` },
      { method: 'DELETE', url: `/api/users/${u}?transferTo=-1` },
      { method: 'DELETE', url: `/api/users/${u}?transferTo=99999999999` },
      { method: 'DELETE', url: `/api/users/x?transferTo=${s.agent.id}` },
    ];
    for (const c of calls) {
      const res = await t.app.inject({ ...c, headers: bearer(tok) });
      expect([400, 404, 422], `${c.method} ${c.url} ${JSON.stringify(c.payload)} → ${res.body}`).toContain(res.statusCode);
    }
    const still = await t.app.inject({ method: 'GET', url: `/api/users/${u}`, headers: bearer(tok) });
    expect(still.json()).toMatchObject({ enabled: true, roles: ['ROLE_USER', 'ROLE_APPOINTMENTS'] });
  });

  it('disabling signs the user out and blocks sign-in; enabling lets them back in', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const userTok = (await login(t.app, s.user2.email)).token;
    const off = await t.app.inject({ method: 'PATCH', url: `/api/users/${s.user2.id}/enabled`, headers: bearer(tok), payload: { enabled: false } });
    expect(off.json().enabled).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(userTok) })).statusCode).toBe(401);
    const listed = await t.app.inject({ method: 'GET', url: '/api/users?pagination=false', headers: bearer(tok) });
    expect(listed.json().member.find((u: { id: number }) => u.id === s.user2.id).enabled).toBe(false);
    const on = await t.app.inject({ method: 'PATCH', url: `/api/users/${s.user2.id}/enabled`, headers: bearer(tok), payload: { enabled: true } });
    expect(on.json().enabled).toBe(true);
    expect((await login(t.app, s.user2.email)).token).toBeTruthy();
  });

  it('deleting hands the customers to the receiving user, who must be enabled', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const created = await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(tok), payload: { phone: phone(), user: `/api/users/${s.user2.id}` } });
    expect(created.statusCode).toBe(201);
    await t.app.inject({ method: 'PATCH', url: `/api/users/${s.agent.id}/enabled`, headers: bearer(tok), payload: { enabled: false } });
    const toDisabled = await t.app.inject({ method: 'DELETE', url: `/api/users/${s.user2.id}?transferTo=${s.agent.id}`, headers: bearer(tok) });
    expect(toDisabled.statusCode).toBe(422);
    expect(toDisabled.json().violations[0].propertyPath).toBe('transferTo');
    const ok = await t.app.inject({ method: 'DELETE', url: `/api/users/${s.user2.id}?transferTo=/api/users/${s.admin.id}`, headers: bearer(tok) });
    expect(ok.statusCode).toBe(204);
    const customer = await t.app.inject({ method: 'GET', url: `/api/customers/${created.json().id}`, headers: bearer(tok) });
    expect(customer.json().user).toBe(`/api/users/${s.admin.id}`);
  });

  it('a super admin needs an existing company to create in, and cannot delete themselves', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(rootTok), payload: newUser({ company: '/api/companies/99999999' }) });
    expect(missing.statusCode).toBe(404);
    const root = await seedSuperAdmin(t.db);
    const tok = (await login(t.app, root.email)).token;
    const self = await t.app.inject({ method: 'DELETE', url: `/api/users/${root.id}?transferTo=${a.admin.id}`, headers: bearer(tok) });
    expect([403, 422]).toContain(self.statusCode);
  });

  it('an impersonated session cannot set the impersonated user’s password unless a company admin is behind it', async () => {
    const s = await seedCompany(t.db);
    const agent = (await login(t.app, s.agent.email)).token;
    const url = `/api/users/${s.user2.id}/change_password?impersonate=${encodeURIComponent(s.user2.email)}`;
    const res = await t.app.inject({ method: 'PUT', url, headers: bearer(agent), payload: { password: 'Hijack123' } });
    expect(res.statusCode).toBe(403);
    const admin = (await login(t.app, s.admin.email)).token;
    const ok = await t.app.inject({ method: 'PUT', url, headers: bearer(admin), payload: { password: 'Changed123' } });
    expect(ok.statusCode).toBe(204);
  });
});

describe('live events for the company user list', () => {
  it('create, directory edits, roles, enable and delete tell the company topic (ids and field names only)', async () => {
    const s = await seedCompany(t.db);
    const admin = (await login(t.app, s.admin.email)).token;
    const created = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(admin), payload: newUser({ phone: '+15555550177' }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const call = (method: 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: { ...bearer(admin), ...(method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {}) }, ...(payload ? { payload: JSON.stringify(payload) } : {}) });
    expect((await call('PATCH', `/api/users/${id}`, { department: 'Body shop', theme: 'light' })).statusCode).toBe(200);
    // Personal settings alone are no news for colleagues.
    expect((await call('PATCH', `/api/users/${id}`, { language: 'bs' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${id}/roles`, headers: bearer(admin), payload: { roles: ['ROLE_USER'] } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${id}/enabled`, headers: { ...bearer(admin), 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify({ enabled: false }) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${id}?transferTo=${s.agent.id}`, headers: bearer(admin) })).statusCode).toBe(204);

    const rows = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
      const r = await tx.execute(sql`select topics, payload::text as raw from live_events where company_id = ${s.companyId} and payload->>'entity' = 'company_user' order by id`);
      return r.rows as { topics: string[]; raw: string }[];
    });
    const events = rows.map((r) => JSON.parse(r.raw) as { event: string; changes: string[] | null; data: { id: number } });
    expect(events.map((e) => [e.event, e.changes])).toEqual([
      ['created', null],
      ['updated', ['department']],
      ['updated', ['roles']],
      ['updated', ['enabled']],
      ['removed', null],
    ]);
    expect(events.every((e) => e.data.id === id)).toBe(true);
    expect(rows.every((r) => r.topics.length === 1 && r.topics[0] === companyTopic(s.companyId))).toBe(true);
    expect(rows.map((r) => r.raw).join('')).not.toContain('555550177');
  });
});
