import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, TEST_PASSWORD, type TSeededCompany, type TTestApp } from '../../../test/helpers';

let t: TTestApp;
let a: TSeededCompany;
let b: TSeededCompany;

beforeAll(async () => {
  // A long back-off step keeps the 429 checks independent of how slow the machine is.
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '1000', LOGIN_BACKOFF_BASE_SECONDS: '60' });
  a = await seedCompany(t.db);
  b = await seedCompany(t.db);
});
afterAll(() => t.close());

describe('POST /api/login', () => {
  it('answers a token pair for valid credentials, email case-insensitive', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: a.agent.email.toUpperCase(), password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(20);
  });

  it('refuses a wrong password with the exact message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: a.user2.email, password: 'nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: 'Invalid credentials.' });
  });

  it('refuses an unknown account with the same message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ghost@nowhere.example', password: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid credentials.');
  });

  it('rejects missing fields, wrong types and unknown fields with 422', async () => {
    for (const payload of [{}, { email: 'a@b.c' }, { email: 1, password: 2 }, { email: 'a@b.c', password: 'x', extra: true }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload });
      expect(res.statusCode).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().violations.length).toBeGreaterThan(0);
    }
  });

  it('rate limits an account after repeated failures (429), even with the right password', async () => {
    const s = await seedCompany(t.db);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: s.user2.email, password: 'wrong' } });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: s.user2.email, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is unaffected.
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: s.agent.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
  });
});

describe('rate limit per address', () => {
  it('answers 429 once one address exceeds its attempts', async () => {
    const t2 = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '3' });
    try {
      const s = await seedCompany(t2.db);
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const res = await t2.app.inject({ method: 'POST', url: '/api/login', payload: { email: s.agent.email, password: TEST_PASSWORD }, remoteAddress: '10.0.0.9' });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const other = await t2.app.inject({ method: 'POST', url: '/api/login', payload: { email: s.agent.email, password: TEST_PASSWORD }, remoteAddress: '10.0.0.10' });
      expect(other.statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });
});

describe('bearer token checks', () => {
  it('answers the spec messages for missing, invalid and expired tokens', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 401, message: 'JWT Token not found' });

    const bad = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer('abc.def.ghi') });
    expect(bad.json()).toEqual({ code: 401, message: 'Invalid JWT Token' });

    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ username: a.agent.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(a.agent.id))
      .setIssuedAt(now - 100)
      .setExpirationTime(now - 10)
      .sign(t.app.deps.config.jwtSecret);
    const exp = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(expired) });
    expect(exp.statusCode).toBe(401);
    expect(exp.json()).toEqual({ code: 401, message: 'Expired JWT Token' });

    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(a.admin.id)).setExpirationTime(now + 60).sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(forged) })).json().message).toBe('Invalid JWT Token');
  });

  it('GET /api/me answers the user with company data', async () => {
    const { token } = await login(t.app, a.agent.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({ id: a.agent.id, email: a.agent.email, '@type': 'User', company: `/api/companies/${a.companyId}`, impersonator: null });
    expect(me.companyData).toMatchObject({ id: a.companyId, slug: a.slug });
    expect(me).not.toHaveProperty('passwordHash');
  });
});

describe('modules of the signed-in user (spec part 2 §6)', () => {
  it("are the company's; without a company all on for a super admin", async () => {
    const co = await seedCompany(t.db, { modules: { appointments: true, automotive: false } });
    const agent = (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer((await login(t.app, co.agent.email)).token) })).json();
    expect(agent.modules).toMatchObject({ communication: true, appointments: true, automotive: false });

    const root = await seedSuperAdmin(t.db);
    const rootMe = (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer((await login(t.app, root.email)).token) })).json();
    expect(rootMe.companyData).toBeNull();
    expect(Object.values(rootMe.modules)).not.toContain(false);
    expect(Object.keys(rootMe.modules).length).toBeGreaterThan(5);

    // Anyone else always has a company (users_super_admin_or_company); their side is in contracts/src/company.test.ts.
  });
});

describe('refresh tokens', () => {
  it('rotate: the new pair works, the spent token is refused and ends the session family', async () => {
    const first = await login(t.app, a.agent.email);
    const r1 = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: first.refresh_token } });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(second.token) })).statusCode).toBe(200);

    const reuse = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: first.refresh_token } });
    expect(reuse.statusCode).toBe(401);
    // Reuse revoked the family: the legitimately rotated token no longer refreshes either.
    const after = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: second.refresh_token } });
    expect(after.statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const pair = await login(t.app, a.agent.email);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh_token: pair.refresh_token } });
    expect(out.statusCode).toBe(204);
    const r = await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: pair.refresh_token } });
    expect(r.statusCode).toBe(401);
  });

  it('rejects an unknown or malformed refresh token without a 500', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: 'nope' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: 5 } })).statusCode).toBe(422);
  });
});

describe('disabled users', () => {
  it('cannot sign in and lose existing sessions at once', async () => {
    const s = await seedCompany(t.db);
    const adminTok = (await login(t.app, s.admin.email)).token;
    const victim = await login(t.app, s.user2.email);
    const dis = await t.app.inject({ method: 'PATCH', url: `/api/users/${s.user2.id}/enabled`, headers: bearer(adminTok), payload: { enabled: false } });
    expect(dis.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(victim.token) });
    expect(me.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: victim.refresh_token } })).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: s.user2.email, password: TEST_PASSWORD } });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Invalid credentials.');
  });
});

describe('password reset', () => {
  it('mails a one-time link; the token shows the email, sets the password and cannot be reused', async () => {
    const s = await seedCompany(t.db);
    const before = t.mails.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: s.user2.email } });
    expect(res.statusCode).toBe(204);
    const mail = t.mails[before]!;
    expect(mail.to).toBe(s.user2.email);
    const token = decodeURIComponent(mail.text.match(/reset_password\?token=([^\s]+)/)![1]!);
    expect(mail.text).toContain('http://app.test/reset_password?token=');

    const info = await t.app.inject({ method: 'GET', url: `/api/forgot-password/${token}` });
    expect(info.json()).toEqual({ user: { email: s.user2.email } });

    const weak = await t.app.inject({ method: 'POST', url: `/api/forgot-password/${token}`, payload: { password: 'short' } });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().violations[0].message).toBe('password you entered is not valid.');

    const ok = await t.app.inject({ method: 'POST', url: `/api/forgot-password/${token}`, payload: { password: 'NewPassw0rd' } });
    expect(ok.statusCode).toBe(204);
    expect((await login(t.app, s.user2.email, 'NewPassw0rd')).token).toBeTruthy();
    const reuse = await t.app.inject({ method: 'POST', url: `/api/forgot-password/${token}`, payload: { password: 'OtherPassw0rd' } });
    expect(reuse.statusCode).toBe(404);
  });

  it('answers the same for unknown addresses and sends nothing', async () => {
    const before = t.mails.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'nobody@nowhere.example' } });
    expect(res.statusCode).toBe(204);
    expect(t.mails.length).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/forgot-password/not-a-valid-token-000' })).statusCode).toBe(404);
  });
});

describe('impersonation', () => {
  it('a super admin may impersonate anyone; the effective user changes and the call is audited', async () => {
    const root = await seedSuperAdmin(t.db);
    const { token } = await login(t.app, root.email);
    const res = await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${encodeURIComponent(b.admin.email)}&token=secret-in-query`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: b.admin.id, impersonator: { id: root.id, email: root.email } });
    const { sql } = await import('drizzle-orm');
    const { runInScope } = await import('../../db/client');
    const rows = await runInScope(t.db, { companyId: b.companyId }, (tx) =>
      tx.execute(sql`select real_user_id::int, effective_user_id::int as effective_user_id, detail from audit_log where action = 'impersonated_request' and real_user_id = ${root.id}`),
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ effective_user_id: b.admin.id });
    // The audited address keeps the impersonated email but never a secret from the query string.
    expect(JSON.stringify(rows.rows[0])).not.toContain('secret-in-query');
  });

  it('a company admin may impersonate users of their company but not of another', async () => {
    const { token } = await login(t.app, a.admin.email);
    const ok = await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${a.user2.email}`, headers: bearer(token) });
    expect(ok.json().id).toBe(a.user2.id);
    const other = await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${b.user2.email}`, headers: bearer(token) });
    expect(other.statusCode).toBe(403);
  });

  it('a user may impersonate a non-admin colleague only, never an admin or a super admin', async () => {
    const root = await seedSuperAdmin(t.db);
    const { token } = await login(t.app, a.agent.email);
    expect((await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${a.user2.email}`, headers: bearer(token) })).json().id).toBe(a.user2.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${a.admin.email}`, headers: bearer(token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${root.email}`, headers: bearer(token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${b.user2.email}`, headers: bearer(token) })).statusCode).toBe(403);
  });

  it('enforces every rank case on the server, whatever the client offers', async () => {
    const s = await seedCompany(t.db);
    const root = await seedSuperAdmin(t.db);
    const root2 = await seedSuperAdmin(t.db);
    const tok = {
      root: (await login(t.app, root.email)).token,
      admin: (await login(t.app, s.admin.email)).token,
      agent: (await login(t.app, s.agent.email)).token,
    };
    // A second admin of the same company.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(tok.admin),
      payload: { firstName: 'Second', lastName: 'Admin', email: `admin2.${s.slug}@test.example`, password: 'Welcome12', roles: ['ROLE_COMPANY_ADMIN'] },
    });
    expect(created.statusCode).toBe(201);
    const admin2 = created.json().email as string;
    const cases: [keyof typeof tok, string, number][] = [
      ['root', s.admin.email, 200],
      ['root', s.agent.email, 200],
      ['root', b.agent.email, 200],
      ['root', root2.email, 200],
      ['admin', s.agent.email, 200],
      ['admin', admin2, 200],
      ['admin', b.agent.email, 403],
      ['admin', b.admin.email, 403],
      ['admin', root.email, 403],
      ['agent', s.user2.email, 200],
      ['agent', s.admin.email, 403],
      ['agent', admin2, 403],
      ['agent', b.user2.email, 403],
      ['agent', root.email, 403],
      ['agent', 'nobody@nowhere.example', 403],
      ['agent', s.agent.email, 200],
    ];
    for (const [who, target, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${encodeURIComponent(target)}`, headers: bearer(tok[who]) });
      expect(res.statusCode, `${who} → ${target}`).toBe(status);
      if (status === 200) expect(res.json().email, `${who} → ${target}`).toBe(target.toLowerCase());
      else expect(res.body).not.toContain('firstName');
    }
    // Disabled users cannot be impersonated, not even by a super admin.
    await t.app.inject({ method: 'PATCH', url: `/api/users/${s.user2.id}/enabled`, headers: bearer(tok.admin), payload: { enabled: false } });
    expect((await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${s.user2.email}`, headers: bearer(tok.agent) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${s.user2.email}`, headers: bearer(tok.root) })).statusCode).toBe(403);
  });

  it('a company admin cannot impersonate a super admin', async () => {
    const root = await seedSuperAdmin(t.db);
    const { token } = await login(t.app, a.admin.email);
    expect((await t.app.inject({ method: 'GET', url: `/api/me?impersonate=${root.email}`, headers: bearer(token) })).statusCode).toBe(403);
  });
});
