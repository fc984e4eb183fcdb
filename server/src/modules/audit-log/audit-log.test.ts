import { ZAuditEntrySchema, type TAuditEntry } from '@cd/contracts/audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, patchCompany, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { runInScope } from '../../db/client';
import { AUDIT_HIDDEN_VALUE, diffFields } from '../audit/audit-diff';
import { AUDIT_PAGE_SIZE } from './audit-log.service';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;
let rootTok: string;
let aAdminTok: string;
let bAdminTok: string;

const list = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/audit_log${query}`, headers: { ...bearer(token), 'user-agent': 'AuditTest/2.0' } });
const members = (res: { json(): unknown }) => (res.json() as { member: TAuditEntry[] }).member;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
  const root = await seedSuperAdmin(t.db);
  rootTok = (await login(t.app, root.email)).token;
  aAdminTok = (await login(t.app, a.admin.email)).token;
  bAdminTok = (await login(t.app, b.admin.email)).token;
});
afterAll(() => t.close());

describe('diffFields', () => {
  it('lists only changed fields, with credentials withheld', () => {
    expect(
      diffFields({
        before: { a: 1, b: { x: 1 }, c: 's', p: { key: 'old' } },
        after: { a: 1, b: { x: 2 }, c: 's', p: { key: 'new' } },
        fields: ['a', 'b', 'c', 'p', 'zz'],
        hidden: ['p'],
      }),
    ).toEqual([
      { field: 'b', before: { x: 1 }, after: { x: 2 } },
      { field: 'p', before: AUDIT_HIDDEN_VALUE, after: AUDIT_HIDDEN_VALUE },
    ]);
  });
});

describe('GET /api/audit_log', () => {
  it('records a role change, disable and delete of a user with before/after, ip and user agent, newest first', async () => {
    const headers = { ...bearer(aAdminTok), 'user-agent': 'AdminBrowser/7' };
    const roles = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${a.user2.id}/roles`,
      headers,
      payload: { roles: ['ROLE_USER', 'ROLE_PAYMENT'] },
      remoteAddress: '203.0.113.7',
    });
    expect(roles.statusCode, roles.body).toBe(200);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${a.user2.id}/enabled`,
      headers,
      payload: { enabled: false },
      remoteAddress: '203.0.113.7',
    });
    expect(off.statusCode, off.body).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${a.user2.id}?transferTo=${a.agent.id}`, headers, remoteAddress: '203.0.113.7' });
    expect(del.statusCode, del.body).toBe(204);

    const res = await list(aAdminTok, `?entityType=user&entityId=${a.user2.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = members(res).map((m) => ZAuditEntrySchema.parse(m));
    expect(rows.map((r) => r.action)).toEqual(['user.delete', 'user.disable', 'user.roles']);
    const [deleted, disabled, changed] = rows;
    expect(changed).toMatchObject({
      companyId: a.companyId,
      companyName: `Company ${a.slug}`,
      actor: { id: a.admin.id, name: `admin ${a.slug}` },
      actingAs: null,
      entityType: 'user',
      entityId: a.user2.id,
      ip: '203.0.113.7',
      userAgent: 'AdminBrowser/7',
      changes: [{ field: 'roles', before: ['ROLE_USER', 'ROLE_APPOINTMENTS'], after: ['ROLE_USER', 'ROLE_PAYMENT'] }],
    });
    expect(disabled!.changes).toEqual([{ field: 'enabled', before: true, after: false }]);
    expect(deleted!.detail).toMatchObject({ email: a.user2.email, transferTo: a.agent.id });
  });

  it('records company patches with the changed fields only, credentials withheld, and impersonation with the target', async () => {
    const patched = await patchCompany(t.app, { id: b.companyId, token: rootTok, body: { name: 'Renamed B', phone: null } });
    expect(patched.statusCode, patched.body).toBe(200);
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/me?impersonate=${encodeURIComponent(b.agent.email)}`,
      headers: { ...bearer(bAdminTok), 'user-agent': 'Impersonator/1' },
    });
    expect(seen.statusCode).toBe(200);

    const mine = members(await list(bAdminTok));
    const update = mine.find((m) => m.action === 'company.update')!;
    expect(update).toMatchObject({ entityType: 'company', entityId: b.companyId, entityLabel: 'Renamed B' });
    expect(update.changes).toContainEqual({ field: 'name', before: `Company ${b.slug}`, after: 'Renamed B' });
    // The super admin is outside company B's scope: shown by id, never with data of another scope.
    expect(update.actor?.name).toMatch(/^User #\d+$/);
    const imp = mine.find((m) => m.action === 'impersonated_request')!;
    expect(imp).toMatchObject({
      actor: { id: b.admin.id },
      actingAs: { id: b.agent.id },
      entityType: 'user',
      entityId: b.agent.id,
      userAgent: 'Impersonator/1',
    });
    expect(imp.detail).toMatchObject({ method: 'GET' });
  });

  it('shows a company admin only their own company: never another company’s rows, and naming another company is 403', async () => {
    // Both companies act; company B's admin looks.
    await t.app.inject({ method: 'PUT', url: `/api/users/${a.agent.id}/roles`, headers: bearer(aAdminTok), payload: { roles: ['ROLE_USER', 'ROLE_OFFERS'] } });
    await t.app.inject({
      method: 'PUT',
      url: `/api/users/${b.agent.id}/roles`,
      headers: bearer(bAdminTok),
      payload: { roles: ['ROLE_USER', 'ROLE_MARKETING'] },
    });
    const seenByB = members(await list(bAdminTok));
    expect(seenByB.length).toBeGreaterThan(0);
    expect(seenByB.every((m) => m.companyId === b.companyId)).toBe(true);
    expect(JSON.stringify(seenByB)).not.toContain(a.slug);
    expect((await list(bAdminTok, `?entityType=user&entityId=${a.agent.id}`)).json().member).toEqual([]);
    expect((await list(bAdminTok, `?company=${a.companyId}`)).statusCode).toBe(403);
    expect((await list(bAdminTok, `?company=${b.companyId}`)).statusCode).toBe(200);
    // The super admin reads every company, or the one named.
    const all = members(await list(rootTok));
    expect(all.some((m) => m.companyId === a.companyId) && all.some((m) => m.companyId === b.companyId)).toBe(true);
    expect(members(await list(rootTok, `?company=${a.companyId}`)).every((m) => m.companyId === a.companyId)).toBe(true);
  });

  it('refuses plain users (403) and strangers (401)', async () => {
    const agentTok = (await login(t.app, b.agent.email)).token;
    expect((await list(agentTok)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit_log' })).statusCode).toBe(401);
  });

  it('answers bad filters with 400, never 500', async () => {
    for (const q of [
      '?company=abc',
      '?user=-1',
      '?action=DROP%20TABLE',
      '?entityType=a%20b',
      '?from=yesterday',
      '?createdAt[strictly_before]=x',
      '?id[lt]=0',
      '?unknown=1',
      '?q=%00',
    ])
      expect((await list(rootTok, q)).statusCode, q).toBe(400);
  });

  it('pages newest first by keyset, 50 a page, with filters kept in the next link', async () => {
    const c = await seedCompany(t.db);
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`insert into audit_log (company_id, real_user_id, effective_user_id, action, detail, created_at)
        select ${c.companyId}, ${c.admin.id}, ${c.admin.id}, 'test.bulk', jsonb_build_object('n', g), now() - make_interval(secs => g)
        from generate_series(1, ${AUDIT_PAGE_SIZE + 5}) g`),
    );
    const first = await list(rootTok, `?company=${c.companyId}&action=test.`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.member).toHaveLength(AUDIT_PAGE_SIZE);
    expect(page1.member[0].detail.n).toBe(1);
    expect(page1.view.next).toContain(`company=${c.companyId}`);
    const second = (await t.app.inject({ method: 'GET', url: page1.view.next, headers: bearer(rootTok) })).json();
    expect(second.member.map((m: TAuditEntry) => m.detail.n)).toEqual([51, 52, 53, 54, 55]);
    expect(second.view.next).toBeUndefined();
    const searched = members(await list(rootTok, `?company=${c.companyId}&q=${encodeURIComponent('"n": 7')}`));
    expect(searched.map((m) => m.detail.n)).toEqual([7]);
  });
});
