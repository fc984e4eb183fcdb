import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, countStatements, createTestApp, login, seedCompany, seedSuperAdmin, unique, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { sendTwilioMessage } from '../../channels/sms-provider/twilio-client';
import { runWithCallSubject } from '../../lib/outside-calls/call-subject';
import { flushOutsideCalls, recordOutsideCall } from '../../lib/outside-calls/recorder';

let t: TTestApp;
let a: TSeededCompany;
let rootTok: string;
let adminTok: string;
let agentTok: string;
let fake: Server;
let fakeUrl: string;
const AUTH_TOKEN = 'fakeTwilioAuthToken123';

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  const root = await seedSuperAdmin(t.db);
  rootTok = (await login(t.app, root.email)).token;
  adminTok = (await login(t.app, a.admin.email)).token;
  agentTok = (await login(t.app, a.agent.email)).token;
  // A faithful fake of Twilio's Messages endpoint: 201 with a sid, or 400 for the number 000.
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const bad = body.includes('To=%2B10000000000');
      res.writeHead(bad ? 400 : 201, { 'content-type': 'application/json' });
      res.end(bad ? JSON.stringify({ code: 21211, message: 'Invalid To' }) : JSON.stringify({ sid: 'SM123', status: 'queued', echo: AUTH_TOKEN }));
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => fake.close(r));
  await t.close();
});

const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/development/api_requests${query}`, headers: bearer(token) });

function someCall(vendor: string, over: Partial<Parameters<typeof recordOutsideCall>[0]> = {}) {
  recordOutsideCall({ vendor, operation: 'op', method: 'GET', url: 'https://x.example/a', status: 200, durationMs: 3, ...over });
}

describe('the outgoing API log', () => {
  it('records a real provider call with its company and subject, redacted, and lists and shows it', async () => {
    const creds = { accountSid: 'AC1', authToken: AUTH_TOKEN, baseUrl: fakeUrl };
    await runWithCallSubject({ companyId: a.companyId, subjectType: 'message', subjectId: 4242 }, () =>
      sendTwilioMessage({ creds, from: '+15550002222', to: '+15550001111', body: 'Your car is ready' }),
    );
    const res = await list(rootTok, `?vendor=twilio&company=${a.companyId}&subjectType=message&subjectId=4242`);
    expect(res.statusCode).toBe(200);
    const member = res.json().member as Array<Record<string, unknown>>;
    expect(member).toHaveLength(1);
    expect(member[0]).toMatchObject({
      companyId: a.companyId,
      companyName: `Company ${a.slug}`,
      vendor: 'twilio',
      operation: 'messages.create',
      method: 'POST',
      status: 201,
      statusClass: '2xx',
      subjectType: 'message',
      subjectId: 4242,
      error: null,
    });
    const detail = await t.app.inject({ method: 'GET', url: `/api/development/api_requests/${member[0]!.id}`, headers: bearer(rootTok) });
    expect(detail.statusCode).toBe(200);
    const d = detail.json();
    expect(d.requestHeaders.authorization).toBe('[redacted]');
    expect(d.requestBody).toContain('Body=Your+car+is+ready');
    expect(d.responseBody).toContain('SM123');
    expect(detail.body).not.toContain(AUTH_TOKEN);
  });

  it('records a 4xx answer and a call that got no answer', async () => {
    const creds = { accountSid: 'AC1', authToken: AUTH_TOKEN, baseUrl: fakeUrl };
    const co = await seedCompany(t.db);
    await runWithCallSubject({ companyId: co.companyId }, async () => {
      await expect(sendTwilioMessage({ creds, from: '+15550002222', to: '+10000000000', body: 'x' })).rejects.toThrow();
      await expect(sendTwilioMessage({ creds: { ...creds, baseUrl: 'http://127.0.0.1:1' }, from: '+1555', to: '+1556', body: 'x' })).rejects.toThrow();
    });
    const bad = (await list(rootTok, `?company=${co.companyId}&statusClass=4xx`)).json().member;
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ status: 400, error: 'HTTP 400' });
    const none = (await list(rootTok, `?company=${co.companyId}&statusClass=none`)).json().member;
    expect(none).toHaveLength(1);
    expect(none[0].status).toBeNull();
    expect(none[0].error).toBeTruthy();
  });

  it('pages newest first by keyset, filters by text and time, in a constant number of statements', async () => {
    const vendor = unique('v')
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_');
    for (let i = 0; i < 55; i++) someCall(vendor, { operation: `op${i}`, url: `https://x.example/item/${i}${i === 7 ? '?needle=1' : ''}` });
    await flushOutsideCalls();
    const first = await list(rootTok, `?vendor=${vendor}`);
    const page1 = first.json();
    expect(page1.member).toHaveLength(50);
    expect(page1.member[0].operation).toBe('op54');
    expect(page1.totalItems).toBe(55);
    const next = page1.view['next'] as string;
    expect(next).toContain('id[lt]=');
    const page2 = (await t.app.inject({ method: 'GET', url: next, headers: bearer(rootTok) })).json();
    expect(page2.member.map((m: { operation: string }) => m.operation)).toEqual(['op4', 'op3', 'op2', 'op1', 'op0']);
    const found = (await list(rootTok, `?vendor=${vendor}&q=NEEDLE`)).json().member;
    expect(found.map((m: { operation: string }) => m.operation)).toEqual(['op7']);
    const future = (await list(rootTok, `?vendor=${vendor}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json().member;
    expect(future).toHaveLength(0);
    // Page 1 and page 2 cost the same statements whatever the rows (no per-row company lookup).
    const n1 = await countStatements(t, () => list(rootTok, `?vendor=${vendor}`));
    const n2 = await countStatements(t, () => list(rootTok, `?vendor=${vendor}&q=op5`));
    expect(n2).toBeLessThanOrEqual(n1);
  });

  it('searches literally: LIKE wildcards in `q` match only themselves; terms under 3 characters are refused with 422', async () => {
    const vendor = unique('w')
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_');
    someCall(vendor, { operation: 'lit', url: 'https://x.example/abc%_\\def' });
    someCall(vendor, { operation: 'wild', url: 'https://x.example/abcXdef' });
    someCall(vendor, { operation: 'quote', url: "https://x.example/o'brien" });
    await flushOutsideCalls();
    const ops = async (q: string) => {
      const res = await list(rootTok, `?vendor=${vendor}&q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      return (res.json().member as { operation: string }[]).map((m) => m.operation);
    };
    expect(await ops('abc%_\\def')).toEqual(['lit']);
    expect(await ops('abc%_\\')).toEqual(['lit']);
    expect(await ops('abc%def')).toEqual([]);
    expect(await ops('abc_def')).toEqual([]);
    expect(await ops("o'brien")).toEqual(['quote']);
    expect(await ops("'; drop table api_calls; --")).toEqual([]);
    expect(await ops('Xdef')).toEqual(['wild']);
    // No run of 3 letters or digits: nothing for the trigram index to look up.
    for (const q of ['a', 'ab', ' ab ', '%', '%_\\', '___', "it's", 'a-b-c']) {
      const res = await list(rootTok, `?vendor=${vendor}&q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().detail).toContain('at least 3 letters or digits');
    }
    // Empty means no search.
    expect((await list(rootTok, `?vendor=${vendor}&q=`)).json().member).toHaveLength(3);
  });

  it('is for super admins only', async () => {
    expect((await list(agentTok)).statusCode).toBe(403);
    expect((await list(adminTok, `?company=${a.companyId}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/development/api_requests/1', headers: bearer(adminTok) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/development/api_requests' })).statusCode).toBe(401);
  });

  it('answers bad input with 400 and a missing entry with 404', async () => {
    for (const q of ['?vendor=Not-A-Slug', '?statusClass=6xx', '?company=abc', '?from=yesterday', '?unknown=1', '?subjectType=car', `?q=${'x'.repeat(201)}`])
      expect((await list(rootTok, q)).statusCode, q).toBe(400);
    const from = new Date().toISOString();
    expect((await list(rootTok, `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(from)}`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/development/api_requests/999999999', headers: bearer(rootTok) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/development/api_requests/abc', headers: bearer(rootTok) })).statusCode).toBe(400);
  });
});
