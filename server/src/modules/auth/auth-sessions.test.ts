import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import type { TStoredLiveEvent } from '../../live/live.types';
import { revokeUserSessionsExcept } from './auth.repository';
import { bearer, createTestApp, login, seedCompany, TEST_PASSWORD, type TTestApp } from '../../../test/helpers';

// Credential changes end the user's other sessions (issue 11, point 2).
let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '100000' });
});
afterAll(() => t.close());

type TPair = { token: string; refresh_token: string };

async function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
}
async function refresh(pair: TPair) {
  return t.app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refresh_token: pair.refresh_token } });
}
function patchJson(url: string, token: string, body: unknown) {
  return t.app.inject({ method: 'PATCH', url, headers: { ...bearer(token), 'content-type': 'application/merge-patch+json' }, payload: JSON.stringify(body) });
}
/** Events broadcast while `fn` runs. */
async function eventsDuring(fn: () => Promise<unknown>): Promise<TStoredLiveEvent[]> {
  const seen: TStoredLiveEvent[] = [];
  const off = t.app.deps.live.onEvent((e) => void seen.push(e));
  try {
    await fn();
  } finally {
    off();
  }
  return seen;
}

/** The old session is dead: its access token is refused and its refresh token no longer rotates. */
async function expectEnded(pair: TPair) {
  const res = await me(pair.token);
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe('Expired JWT Token');
  expect((await refresh(pair)).statusCode).toBe(401);
}

describe('a self password change', () => {
  it('ends the other sessions; the session that changed it refreshes into the new version and goes on', async () => {
    const s = await seedCompany(t.db);
    const here = await login(t.app, s.agent.email);
    const elsewhere = await login(t.app, s.agent.email);
    const events = await eventsDuring(async () => {
      const res = await patchJson(`/api/users/${s.agent.id}`, here.token, { password: 'Changed123', firstName: 'Renamed' });
      expect(res.statusCode).toBe(200);
    });

    await expectEnded(elsewhere);
    // The changing session: its old access token is retired too, but its refresh token hands it a fresh pair.
    expect((await me(here.token)).statusCode).toBe(401);
    const fresh = await refresh(here);
    expect(fresh.statusCode).toBe(200);
    expect((await me(fresh.json().token)).json().firstName).toBe('Renamed');

    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: s.agent.email, password: TEST_PASSWORD } })).statusCode).toBe(401);
    expect((await login(t.app, s.agent.email, 'Changed123')).token).toBeTruthy();

    const own = events.filter((e) => e.payload.entity === 'user');
    expect(own).toHaveLength(1);
    expect(own[0]!.payload.changes).toEqual(['firstName', 'credentials']);
    expect(JSON.stringify(events)).not.toMatch(/Changed123|passwordHash|password_hash|tokenVersion/);
  });

  it('a profile change without a password leaves every session alone', async () => {
    const s = await seedCompany(t.db);
    const here = await login(t.app, s.agent.email);
    const elsewhere = await login(t.app, s.agent.email);
    expect((await patchJson(`/api/users/${s.agent.id}`, here.token, { lastName: 'Same' })).statusCode).toBe(200);
    expect((await me(here.token)).statusCode).toBe(200);
    expect((await me(elsewhere.token)).statusCode).toBe(200);
    expect((await refresh(elsewhere)).statusCode).toBe(200);
  });
});

describe('an email change', () => {
  it('ends the other sessions like a new password; the same email again changes nothing', async () => {
    const s = await seedCompany(t.db);
    const here = await login(t.app, s.agent.email);
    const elsewhere = await login(t.app, s.agent.email);
    expect((await patchJson(`/api/users/${s.agent.id}`, here.token, { email: s.agent.email })).statusCode).toBe(200);
    expect((await me(elsewhere.token)).statusCode).toBe(200);

    const newEmail = `moved.${s.agent.email}`;
    const events = await eventsDuring(async () => {
      expect((await patchJson(`/api/users/${s.agent.id}`, here.token, { email: newEmail })).statusCode).toBe(200);
    });
    await expectEnded(elsewhere);
    const fresh = await refresh(here);
    expect(fresh.statusCode).toBe(200);
    expect((await me(fresh.json().token)).json().email).toBe(newEmail);
    expect(events.find((e) => e.payload.entity === 'user')!.payload.changes).toEqual(['email', 'credentials']);
  });

  it('made by an admin ends every session of the user and keeps the admin one', async () => {
    const s = await seedCompany(t.db);
    const admin = await login(t.app, s.admin.email);
    const user = await login(t.app, s.user2.email);
    expect((await patchJson(`/api/users/${s.user2.id}`, admin.token, { email: `renamed.${s.user2.email}` })).statusCode).toBe(200);
    await expectEnded(user);
    expect((await me(admin.token)).statusCode).toBe(200);
  });
});

describe('an admin changing someone else', () => {
  it('change_password ends every session of the user, the admin session is untouched', async () => {
    const s = await seedCompany(t.db);
    const admin = await login(t.app, s.admin.email);
    const victim = [await login(t.app, s.user2.email), await login(t.app, s.user2.email)];
    const events = await eventsDuring(async () => {
      const res = await t.app.inject({ method: 'PUT', url: `/api/users/${s.user2.id}/change_password`, headers: bearer(admin.token), payload: { password: 'Changed123' } });
      expect(res.statusCode).toBe(204);
    });
    for (const pair of victim) await expectEnded(pair);
    // Revoked in the change's own (company-scoped) transaction, not merely outdated.
    const live = await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`select count(*)::int as n from refresh_tokens where user_id = ${s.user2.id} and revoked_at is null`),
    );
    expect((live.rows[0] as { n: number }).n).toBe(0);
    expect((await me(admin.token)).statusCode).toBe(200);
    expect((await refresh(admin)).statusCode).toBe(200);
    const own = events.filter((e) => e.payload.entity === 'user');
    expect(own.map((e) => [(e.payload.data as { id: number }).id, e.payload.changes])).toEqual([[s.user2.id, ['credentials']]]);
    expect(JSON.stringify(events)).not.toContain('Changed123');
  });

  it('a PATCH with a password made while impersonating ends the user sessions, not the admin one', async () => {
    const s = await seedCompany(t.db);
    const admin = await login(t.app, s.admin.email);
    const victim = await login(t.app, s.user2.email);
    const res = await patchJson(`/api/users/${s.user2.id}?impersonate=${encodeURIComponent(s.user2.email)}`, admin.token, { password: 'Changed123' });
    expect(res.statusCode).toBe(200);
    await expectEnded(victim);
    expect((await me(admin.token)).statusCode).toBe(200);
  });

  it('a role change ends the user sessions; the same roles again change nothing', async () => {
    const s = await seedCompany(t.db);
    const admin = await login(t.app, s.admin.email);
    const before = await login(t.app, s.user2.email);
    const roles = (await me(before.token)).json().roles as string[];
    const same = await t.app.inject({ method: 'PUT', url: `/api/users/${s.user2.id}/roles`, headers: bearer(admin.token), payload: { roles } });
    expect(same.statusCode).toBe(200);
    expect((await me(before.token)).statusCode).toBe(200);

    const changed = await t.app.inject({ method: 'PUT', url: `/api/users/${s.user2.id}/roles`, headers: bearer(admin.token), payload: { roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'] } });
    expect(changed.statusCode).toBe(200);
    await expectEnded(before);
    const after = await login(t.app, s.user2.email);
    expect((await me(after.token)).json().roles).toContain('ROLE_COMPANY_ADMIN');
    expect((await me(admin.token)).statusCode).toBe(200);
  });

  it('a token from before a disable stays dead after the user is enabled again', async () => {
    const s = await seedCompany(t.db);
    const admin = await login(t.app, s.admin.email);
    const old = await login(t.app, s.user2.email);
    const url = `/api/users/${s.user2.id}/enabled`;
    expect((await patchJson(url, admin.token, { enabled: false })).statusCode).toBe(200);
    expect((await patchJson(url, admin.token, { enabled: true })).statusCode).toBe(200);
    await expectEnded(old);
    expect((await login(t.app, s.user2.email)).token).toBeTruthy();
  });

  it('a deleted user is refused at once and their streams hear it', async () => {
    const s = await seedCompany(t.db);
    const admin = await login(t.app, s.admin.email);
    const old = await login(t.app, s.user2.email);
    const events = await eventsDuring(async () => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${s.user2.id}?transferTo=${s.agent.id}`, headers: bearer(admin.token) });
      expect(res.statusCode).toBe(204);
    });
    expect((await me(old.token)).statusCode).toBe(401);
    expect((await refresh(old)).statusCode).toBe(401);
    expect(events.some((e) => e.payload.entity === 'user' && e.payload.changes?.includes('credentials'))).toBe(true);
  });
});

describe('a completed password reset', () => {
  it('ends every session of the account', async () => {
    const s = await seedCompany(t.db);
    const old = await login(t.app, s.user2.email);
    const before = t.mails.length;
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: s.user2.email } });
    const token = decodeURIComponent(t.mails[before]!.text.match(/reset_password\?token=([^\s]+)/)![1]!);
    const events = await eventsDuring(async () => {
      expect((await t.app.inject({ method: 'POST', url: `/api/forgot-password/${token}`, payload: { password: 'NewPassw0rd' } })).statusCode).toBe(204);
    });
    await expectEnded(old);
    expect(events.filter((e) => e.payload.entity === 'user').map((e) => e.payload.changes)).toEqual([['credentials']]);
    expect((await login(t.app, s.user2.email, 'NewPassw0rd')).token).toBeTruthy();
  });
});

describe('forged version claims', () => {
  it('a token naming a version the user does not have is refused', async () => {
    const s = await seedCompany(t.db);
    const { SignJWT } = await import('jose');
    const now = Math.floor(Date.now() / 1000);
    const sign = (tv: unknown) =>
      new SignJWT({ tv }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(s.agent.id)).setExpirationTime(now + 60).sign(t.app.deps.config.jwtSecret);
    expect((await me(await sign(5))).json().message).toBe('Expired JWT Token');
    expect((await me(await sign('zero'))).json().message).toBe('Invalid JWT Token');
    expect((await me(await sign(0))).statusCode).toBe(200);
  });
});

describe('revoking sessions from a company transaction', () => {
  it('reaches the system-only refresh tokens, then the company scope holds again', async () => {
    const s = await seedCompany(t.db);
    const other = await seedCompany(t.db);
    await login(t.app, s.user2.email);
    const seen = await runInScope(t.db, { companyId: s.companyId }, async (tx) => {
      await revokeUserSessionsExcept(tx, { userId: s.user2.id, tokenVersion: 0 });
      const users = await tx.execute(sql`select count(*)::int as n from users where company_id = ${other.companyId}`);
      const tokens = await tx.execute(sql`select count(*)::int as n from refresh_tokens`);
      return { otherUsers: (users.rows[0] as { n: number }).n, tokens: (tokens.rows[0] as { n: number }).n };
    });
    expect(seen).toEqual({ otherUsers: 0, tokens: 0 });
    const left = await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`select count(*)::int as n from refresh_tokens where user_id = ${s.user2.id} and revoked_at is null`),
    );
    expect((left.rows[0] as { n: number }).n).toBe(0);
  });
});
