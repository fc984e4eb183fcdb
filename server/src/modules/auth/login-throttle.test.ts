import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { createTestApp, seedCompany, TEST_PASSWORD, type TTestApp } from '../../../test/helpers';

// Sign-in throttling (issue 11, points 3 and 4). Back-off steps are long so no result depends on machine speed;
// "time passing" is simulated by moving the stored back-off deadline.
let t: TTestApp;
const ACCOUNT_FREE = 5;
const PAIR_FREE = 3;

beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(ACCOUNT_FREE),
    LOGIN_MAX_FAILURES_PER_ADDRESS_ACCOUNT: String(PAIR_FREE),
    LOGIN_BACKOFF_BASE_SECONDS: '60',
    LOGIN_BACKOFF_MAX_SECONDS: '200',
  });
});
afterAll(() => t.close());

function attempt(app: TTestApp['app'], opts: { email: string; password?: string; ip: string; cookie?: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: opts.email, password: opts.password ?? 'wrong-guess' },
    remoteAddress: opts.ip,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
}
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = String(res.headers['set-cookie']);
  return raw.split(';')[0]!;
}
/** As if the back-off of every key of `email` had run out. */
async function letBackoffPass(email: string) {
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update login_throttle set next_at = now() - interval '1 second' where key like ${`%${email}`}`),
  );
}
function statuses(list: { statusCode: number }[]) {
  return { ok: list.filter((r) => r.statusCode === 200).length, denied: list.filter((r) => r.statusCode === 401).length, limited: list.filter((r) => r.statusCode === 429).length };
}

describe('parallel guesses', () => {
  it('on one account from five addresses: at most the account limit is verified, the rest get 429', async () => {
    const s = await seedCompany(t.db);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(t.app, { email: s.user2.email, ip: `10.1.0.${i % 5}` })),
    );
    const c = statuses(results);
    expect(c.denied).toBeGreaterThan(0);
    expect(c.denied).toBeLessThanOrEqual(ACCOUNT_FREE);
    expect(c.denied + c.limited).toBe(40);
    const limited = results.find((r) => r.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds?\.$/);
    expect(limited.json().retryAfter).toBe(Number(limited.headers['retry-after']));
    // The right password from an unknown device waits out the back-off like everyone else.
    expect((await attempt(t.app, { email: s.user2.email, password: TEST_PASSWORD, ip: '10.1.0.9' })).statusCode).toBe(429);
  });

  it('from one address: at most the address limit is verified', async () => {
    const t2 = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '7' });
    try {
      const s = await seedCompany(t2.db);
      // Different accounts, so only the address limit applies.
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => attempt(t2.app, { email: `nobody${i}.${s.slug}@test.example`, ip: '10.2.0.1' })),
      );
      const c = statuses(results);
      expect(c.denied).toBe(7);
      expect(c.limited).toBe(23);
      // Another address is unaffected.
      expect((await attempt(t2.app, { email: s.agent.email, password: TEST_PASSWORD, ip: '10.2.0.2' })).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });
});

describe('back-off', () => {
  it('per account+address starts after fewer failures than per account and doubles, capped', async () => {
    const s = await seedCompany(t.db);
    const email = s.user2.email;
    const ip = '10.3.0.1';
    for (let i = 0; i < PAIR_FREE; i++) expect((await attempt(t.app, { email, ip })).statusCode).toBe(401);
    const first = await attempt(t.app, { email, ip });
    expect(first.statusCode).toBe(429);
    const step1 = Number(first.headers['retry-after']);
    expect(step1).toBeGreaterThan(0);
    expect(step1).toBeLessThanOrEqual(60);
    // Another address may still try the account: the account limit is looser.
    expect((await attempt(t.app, { email, ip: '10.3.0.2' })).statusCode).toBe(401);

    await letBackoffPass(email);
    expect((await attempt(t.app, { email, ip })).statusCode).toBe(401);
    const step2 = Number((await attempt(t.app, { email, ip })).headers['retry-after']);
    expect(step2).toBeGreaterThan(60);
    expect(step2).toBeLessThanOrEqual(120);

    await letBackoffPass(email);
    expect((await attempt(t.app, { email, ip })).statusCode).toBe(401);
    const step3 = Number((await attempt(t.app, { email, ip })).headers['retry-after']);
    expect(step3).toBeGreaterThan(120);
    expect(step3).toBeLessThanOrEqual(200);
  });

  it('a correct password forgets the failures of its keys', async () => {
    const s = await seedCompany(t.db);
    const ip = '10.4.0.1';
    for (let i = 0; i < PAIR_FREE - 1; i++) await attempt(t.app, { email: s.agent.email, ip });
    expect((await attempt(t.app, { email: s.agent.email, password: TEST_PASSWORD, ip })).statusCode).toBe(200);
    for (let i = 0; i < PAIR_FREE; i++) expect((await attempt(t.app, { email: s.agent.email, ip })).statusCode).toBe(401);
  });
});

describe('known device', () => {
  it('signs the owner in while strangers hold the account in back-off; a forged or foreign cookie does not', async () => {
    const s = await seedCompany(t.db);
    const email = s.user2.email;
    const ok = await attempt(t.app, { email, password: TEST_PASSWORD, ip: '10.5.0.1' });
    expect(ok.statusCode).toBe(200);
    const setCookie = String(ok.headers['set-cookie']);
    expect(setCookie).toMatch(/^cd_device=[^;]+; Max-Age=\d+; Path=\/api\/login; HttpOnly; SameSite=Strict/);
    const cookie = deviceCookieOf(ok);

    // An attacker burns through the account limit from many addresses.
    await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(t.app, { email, ip: `10.5.1.${i}` })));
    expect((await attempt(t.app, { email, password: TEST_PASSWORD, ip: '10.5.0.1' })).statusCode).toBe(429);

    // The owner's browser still gets in (from its usual address or a new one).
    expect((await attempt(t.app, { email, password: TEST_PASSWORD, ip: '10.5.0.7', cookie })).statusCode).toBe(200);
    // A tampered cookie, or one issued to another account, counts for nothing.
    const tampered = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await attempt(t.app, { email, password: TEST_PASSWORD, ip: '10.5.0.7', cookie: tampered })).statusCode).toBe(429);
    const other = deviceCookieOf(await attempt(t.app, { email: s.agent.email, password: TEST_PASSWORD, ip: '10.5.0.8' }));
    expect((await attempt(t.app, { email, password: TEST_PASSWORD, ip: '10.5.0.8', cookie: other })).statusCode).toBe(429);
  });

  it('a known device is throttled on its own: guesses through it back off too', async () => {
    const s = await seedCompany(t.db);
    const email = s.agent.email;
    const cookie = deviceCookieOf(await attempt(t.app, { email, password: TEST_PASSWORD, ip: '10.6.0.1' }));
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt(t.app, { email, ip: '10.6.0.1', cookie })));
    const c = statuses(results);
    expect(c.denied).toBeLessThanOrEqual(ACCOUNT_FREE);
    expect(c.limited).toBeGreaterThanOrEqual(20 - ACCOUNT_FREE);
    expect((await attempt(t.app, { email, password: TEST_PASSWORD, ip: '10.6.0.1', cookie })).statusCode).toBe(429);
  });
});

describe('forgot-password', () => {
  it('is limited per address, counted atomically', async () => {
    const t2 = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '4' });
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t2.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: `x${i}@nowhere.example` }, remoteAddress: '10.7.0.1' }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 204)).toHaveLength(4);
      expect(results.filter((r) => r.statusCode === 429)).toHaveLength(8);
    } finally {
      await t2.close();
    }
  });
});
