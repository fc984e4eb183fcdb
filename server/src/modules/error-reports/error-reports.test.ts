import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { runInScope } from '../../db/client';
import { ERROR_REPORTS_MAX_PER_IP } from './error-reports.routes';

let t: TTestApp;
let a: TSeededCompany;
let rootTok: string;
let adminTok: string;
let agentTok: string;
let ipSeq = 1;
/** Each test posts from its own addresses, so the per-address limit of one test never touches another. */
const nextIp = () => `10.77.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  const root = await seedSuperAdmin(t.db);
  rootTok = (await login(t.app, root.email)).token;
  adminTok = (await login(t.app, a.admin.email)).token;
  agentTok = (await login(t.app, a.agent.email)).token;
});
afterAll(() => t.close());

function envelope(event: Record<string, unknown>, opts: { withLength?: boolean; extraItems?: string[] } = {}): string {
  const payload = JSON.stringify(event);
  const itemHeader = opts.withLength ? { type: 'event', length: Buffer.byteLength(payload) } : { type: 'event' };
  return [JSON.stringify({ event_id: event.event_id, sent_at: new Date().toISOString() }), ...(opts.extraItems ?? []), JSON.stringify(itemHeader), payload].join('\n') + '\n';
}

function errorEvent(release: string, over: Record<string, unknown> = {}) {
  return {
    event_id: randomBytes(16).toString('hex'),
    timestamp: Date.now() / 1000,
    level: 'error',
    release,
    environment: 'production',
    exception: {
      values: [
        {
          type: 'TypeError',
          value: "Cannot read properties of undefined (reading 'id')",
          stacktrace: { frames: [{ function: 'outer', filename: 'http://app.test/assets/a.js', lineno: 1, colno: 5 }, { function: 'inner', filename: 'http://app.test/assets/a.js', lineno: 9, colno: 2 }] },
        },
      ],
    },
    request: { url: 'http://app.test/communication/5/messenger' },
    user: { id: '424242' },
    ...over,
  };
}

const tunnel = (body: string | Buffer, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url: '/api/public/sentry_tunnel', payload: body, remoteAddress: opts.ip ?? nextIp(), headers: { 'content-type': 'text/plain;charset=UTF-8', ...opts.headers } });
const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/error_reports${query}`, headers: bearer(token) });

describe('the sentry tunnel', () => {
  it('stores an error event with its release, stack and the user of a valid bearer token only', async () => {
    const release = `r-${randomBytes(4).toString('hex')}`;
    const ev = errorEvent(release);
    const res = await tunnel(envelope(ev, { withLength: true, extraItems: ['{"type":"session"}', '{"sid":"x"}'] }), { headers: { ...bearer(agentTok), 'user-agent': 'TestBrowser/1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: ev.event_id, stored: 1 });
    const anon = await tunnel(envelope(errorEvent(release, { message: 'Second', exception: undefined })), { headers: { 'content-type': 'application/x-sentry-envelope', authorization: 'Bearer forged.token.here' } });
    expect(anon.statusCode, anon.body).toBe(200);

    const page = await list(rootTok, `?release=${release}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().totalItems).toBe(2);
    const [second, first] = page.json().member;
    expect(first).toMatchObject({
      release,
      environment: 'production',
      level: 'error',
      exceptionType: 'TypeError',
      exceptionValue: "Cannot read properties of undefined (reading 'id')",
      url: 'http://app.test/communication/5/messenger',
      userAgent: 'TestBrowser/1',
      userId: a.agent.id,
      companyId: a.companyId,
      reportedUserId: '424242',
    });
    // The throwing frame first.
    expect(first.stack).toBe('at inner (http://app.test/assets/a.js:9:2)\nat outer (http://app.test/assets/a.js:1:5)');
    // A forged token makes the report anonymous; the id the envelope claims is kept only as a hint.
    expect(second).toMatchObject({ message: 'Second', exceptionType: null, userId: null, companyId: null, reportedUserId: '424242' });
    const one = await t.app.inject({ method: 'GET', url: `/api/error_reports/${first.id}`, headers: bearer(rootTok) });
    expect(one.json()).toEqual(first);
    expect((await t.app.inject({ method: 'GET', url: '/api/error_reports/releases', headers: bearer(rootTok) })).json().member).toContain(release);
  });

  it('answers 400 for malformed envelopes and stores nothing of them', async () => {
    const release = `bad-${randomBytes(4).toString('hex')}`;
    const ok = JSON.stringify(errorEvent(release));
    const bad = [
      '',
      'not json',
      '[1,2]\n{"type":"event"}\n{}',
      '{}\n{"type":"event"}\n[]',
      '{}\n{"type":"event"}\n{"level":"error"}',
      '{}\n{"notype":1}\n' + ok,
      '{}\n{"type":"event","length":-3}\n' + ok,
      '{}\n{"type":"event","length":99999}\n' + ok,
      '{}\n{"type":"event","length":2}\n' + ok,
      '{}\n{"type":"event"}\n{"message":',
      `{}\n${Array.from({ length: 6 }, () => `{"type":"event"}\n${ok}`).join('\n')}`,
    ];
    for (const body of bad) {
      const res = await tunnel(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400 });
    }
    expect((await list(rootTok, `?release=${release}`)).json().totalItems).toBe(0);
    // NUL characters and hostile strings are stored as text, clipped, never a 500.
    const hostile = await tunnel(envelope(errorEvent(release, { message: `<img src=x onerror=alert(1)>\u0000${'x'.repeat(10_000)}`, exception: undefined })));
    expect(hostile.statusCode, hostile.body).toBe(200);
    const stored = (await list(rootTok, `?release=${release}`)).json().member[0];
    expect(stored.message.startsWith('<img src=x onerror=alert(1)>xxx')).toBe(true);
    expect(stored.message.length).toBe(2000);
    // Envelopes without errors (sessions, client reports) are accepted and dropped.
    const session = await tunnel('{}\n{"type":"session"}\n{"sid":"1"}\n');
    expect(session.json()).toEqual({ id: null, stored: 0 });
  });

  it('answers 413 above 200 KB', async () => {
    const big = envelope(errorEvent('big', { message: 'x'.repeat(210 * 1024) }));
    const res = await tunnel(big);
    expect(res.statusCode).toBe(413);
    expect((await list(rootTok, '?release=big')).json().totalItems).toBe(0);
  });

  it('limits reports per address with 429 and retry-after, other addresses still pass', async () => {
    const ip = nextIp();
    const body = envelope(errorEvent('rate'));
    const codes: number[] = [];
    for (let i = 0; i < ERROR_REPORTS_MAX_PER_IP + 2; i++) codes.push((await tunnel(body, { ip })).statusCode);
    expect(codes.slice(0, ERROR_REPORTS_MAX_PER_IP).every((c) => c === 200)).toBe(true);
    const limited = await tunnel('junk', { ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await tunnel(body)).statusCode).toBe(200);
  });
});

describe('error reports retention', () => {
  it('drops reports older than 30 days when new ones arrive, keeps younger ones', async () => {
    const release = `old-${randomBytes(4).toString('hex')}`;
    // Reports are never updated (the app role may not), so the aged ones are written with their time.
    const ids = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
      const add = async (days: number) =>
        Number(((await tx.execute(sql`insert into error_reports (received_at, release, message) values (now() - make_interval(days => ${days}), ${release}, 'aged') returning id`)).rows[0] as { id: string }).id);
      return [await add(31), await add(29)];
    });
    await tunnel(envelope(errorEvent(`${release}-new`)));
    expect((await list(rootTok, `?release=${release}`)).json().member.map((m: { id: number }) => m.id)).toEqual([ids[1]]);
  });
});

describe('error reports list', () => {
  it('is for super admins only', async () => {
    for (const tok of [adminTok, agentTok]) {
      expect((await list(tok)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/error_reports/releases', headers: bearer(tok) })).statusCode).toBe(403);
    }
    const anyId = (await list(rootTok, '?itemsPerPage=1')).json().member[0]?.id ?? 1;
    expect((await t.app.inject({ method: 'GET', url: `/api/error_reports/${anyId}`, headers: bearer(adminTok) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/error_reports' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/error_reports/999999999', headers: bearer(rootTok) })).statusCode).toBe(404);
  });

  it('pages newest first by time with a keyset cursor, filtered by release', async () => {
    const release = `page-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 5; i++) expect((await tunnel(envelope(errorEvent(release, { message: `m${i}`, exception: undefined })))).statusCode).toBe(200);
    await tunnel(envelope(errorEvent(`${release}-other`, { message: 'other', exception: undefined })));
    const seen: string[] = [];
    let url: string | undefined = `?release=${release}&itemsPerPage=2`;
    while (url) {
      const res = await list(rootTok, url.replace('/api/error_reports', ''));
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().member.map((m: { message: string }) => m.message));
      url = res.json().view.next;
    }
    expect(seen).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
    for (const q of ['?itemsPerPage=0', '?itemsPerPage=1000', '?receivedAt[strictly_before]=yesterday', '?id[lt]=-1'])
      expect((await list(rootTok, q)).statusCode, q).toBe(400);
  });
});
