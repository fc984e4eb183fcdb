import { sql } from 'drizzle-orm';
import { companyTopic } from '@cd/contracts/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../../db/client';
import { bearer, patchCompany, createTestApp, login, seedCompany, seedSuperAdmin, unique, type TSeededCompany, type TTestApp } from '../../../test/helpers';

let t: TTestApp;
let a: TSeededCompany;
let rootTok: string;
let adminTok: string;
let agentTok: string;

const patch = (id: number, token: string, body: unknown) => patchCompany(t.app, { id, token, body });

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  rootTok = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  adminTok = (await login(t.app, a.admin.email)).token;
  agentTok = (await login(t.app, a.agent.email)).token;
});
afterAll(() => t.close());

describe('companies as super admin', () => {
  it('creates, lists with search and paging, reads and deletes a company', async () => {
    const slug = unique('acme').toLowerCase();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: bearer(rootTok),
      payload: { name: '  Acme Auto  ', slug, phone: '+15555550123', modules: { automotive: true } },
    });
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({ '@type': 'Company', name: 'Acme Auto', slug, enabled: true, phone: '+15555550123' });
    expect(c.modules.automotive).toBe(true);
    expect(c.hours.monday.isOffDay).toBe(false);

    const list = await t.app.inject({ method: 'GET', url: `/api/companies?name=${slug}&itemsPerPage=1`, headers: bearer(rootTok) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ '@type': 'Collection', totalItems: 1, member: [{ id: c.id }] });
    expect(list.json().view.first).toContain('page=1');

    const dup = await t.app.inject({ method: 'POST', url: '/api/companies', headers: bearer(rootTok), payload: { name: 'Other', slug } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().violations[0].propertyPath).toBe('slug');

    expect((await t.app.inject({ method: 'DELETE', url: `/api/companies/${c.id}`, headers: bearer(rootTok) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/companies/${c.id}`, headers: bearer(rootTok) })).statusCode).toBe(404);
  });

  it('pages the company list with hydra links', async () => {
    await seedCompany(t.db);
    const res = await t.app.inject({ method: 'GET', url: '/api/companies?itemsPerPage=1&page=2', headers: bearer(rootTok) });
    const body = res.json();
    expect(body.member).toHaveLength(1);
    expect(body.view.previous).toContain('page=1');
    expect(body.totalItems).toBeGreaterThanOrEqual(2);
  });

  it('validates name, slug, phone (+1555 exception) and URLs', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ', slug: 'ok-slug' }, 'name'],
      [{ name: 'X', slug: '' }, 'slug'],
      [{ name: 'X', slug: 'Bad Slug!' }, 'slug'],
      [{ name: 'X', slug: unique('p').toLowerCase(), phone: '12345' }, 'phone'],
    ];
    for (const [payload, path] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/companies', headers: bearer(rootTok), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain(path);
    }
    const nameMsg = await t.app.inject({ method: 'POST', url: '/api/companies', headers: bearer(rootTok), payload: { name: '', slug: 'x-y' } });
    expect(nameMsg.json().violations[0].message).toBe('name_is_required');
    expect((await patch(a.companyId, rootTok, { phone: '+15550000000' })).statusCode).toBe(200);
    expect((await patch(a.companyId, rootTok, { phone: '+1212000000' })).statusCode).toBe(422);
    expect((await patch(a.companyId, rootTok, { phone: '+12015550123' })).statusCode).toBe(200);
    expect((await patch(a.companyId, rootTok, { termsOfService: 'example.com/terms?x=1' })).statusCode).toBe(200);
    expect((await patch(a.companyId, rootTok, { termsOfService: 'not a url' })).statusCode).toBe(422);
    expect((await patch(a.companyId, rootTok, { termsOfService: 'ftp://example.com' })).statusCode).toBe(422);
  });

  it('toggles a module and enables/disables a company; a disabled company cannot sign in', async () => {
    const s = await seedCompany(t.db);
    const tog = await t.app.inject({ method: 'PUT', url: `/api/companies/${s.companyId}/toggle_module`, headers: bearer(rootTok), payload: { module: 'realEstate', toggle: true } });
    expect(tog.statusCode).toBe(200);
    expect(tog.json().modules.realEstate).toBe(true);
    const badModule = await t.app.inject({ method: 'PUT', url: `/api/companies/${s.companyId}/toggle_module`, headers: bearer(rootTok), payload: { module: 'nope', toggle: true } });
    expect(badModule.statusCode).toBe(422);

    const userTok = (await login(t.app, s.agent.email)).token;
    expect((await patch(s.companyId, rootTok, { enabled: false })).json().enabled).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(userTok) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: s.agent.email, password: 'Passw0rd1' } })).statusCode).toBe(401);
    expect((await patch(s.companyId, rootTok, { enabled: true })).json().enabled).toBe(true);
    expect((await login(t.app, s.agent.email)).token).toBeTruthy();
  });
});

describe('company status (spec part 2 §4)', () => {
  it('is active by default; only a super admin sets inactive or inactive with client forwarding; other values are 422', async () => {
    const s = await seedCompany(t.db);
    const tok = (await login(t.app, s.admin.email)).token;
    const get = async () => (await t.app.inject({ method: 'GET', url: `/api/companies/${s.companyId}`, headers: bearer(tok) })).json();
    expect((await get()).status).toBe('active');
    const byAdmin = await patch(s.companyId, tok, { status: 'inactive' });
    expect(byAdmin.statusCode).toBe(403);
    expect((await get()).status).toBe('active');
    expect((await patch(s.companyId, rootTok, { status: 'paused' })).statusCode).toBe(422);
    expect((await patch(s.companyId, rootTok, { status: null })).statusCode).toBe(422);
    const forwarded = await patch(s.companyId, rootTok, { status: 'inactive_forwarding' });
    expect(forwarded.statusCode).toBe(200);
    expect(forwarded.json().status).toBe('inactive_forwarding');
    expect((await get()).status).toBe('inactive_forwarding');
    // The list shows it too.
    const list = await t.app.inject({ method: 'GET', url: `/api/companies?itemsPerPage=100&name=${encodeURIComponent(`Company ${s.slug}`)}`, headers: bearer(rootTok) });
    expect(list.json().member.find((c: { id: number }) => c.id === s.companyId)?.status).toBe('inactive_forwarding');
  });
});

describe('merge-patch of nested settings', () => {
  it('changes only the fields sent and merges nested groups', async () => {
    const r1 = await patch(a.companyId, adminTok, { customerView: { accentColor: 'rgb(1,2,3)', afterSubmitText: 'Thanks' } });
    expect(r1.statusCode).toBe(200);
    const r2 = await patch(a.companyId, adminTok, { customerView: { afterSubmitText: 'Thank you!' }, address: '1 Road' });
    expect(r2.json().customerView).toEqual({ accentColor: 'rgb(1,2,3)', afterSubmitText: 'Thank you!' });
    expect(r2.json().address).toBe('1 Road');
    const r3 = await patch(a.companyId, adminTok, { customerView: { accentColor: null } });
    expect(r3.json().customerView).toEqual({ afterSubmitText: 'Thank you!' });
    expect(r3.json().name).toBe(`Company ${a.slug}`);
  });

  it('accent colours: hex or rgb with alpha 0 to 1; anything else is 422 with a clear message', async () => {
    const ok = await patch(a.companyId, adminTok, { customerView: { accentColor: 'rgba(26, 115, 232, 0.8)' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customerView.accentColor).toBe('rgba(26, 115, 232, 0.8)');
    for (const bad of ['rgba(26, 115, 232, 1.5)', 'rgb(300, 0, 0)', 'red; background: url(https://evil.example/x)']) {
      const res = await patch(a.companyId, adminTok, { customerView: { accentColor: bad } });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().violations[0]).toMatchObject({ propertyPath: 'customerView.accentColor', message: expect.stringContaining('alpha from 0 to 1') });
    }
    expect((await patch(a.companyId, adminTok, { accentColor: 'rgb(1,2,3,0)' })).statusCode).toBe(200);
    expect((await patch(a.companyId, adminTok, { accentColor: 'expression(alert(1))' })).statusCode).toBe(422);
    // The refused values were not stored.
    const now = await t.app.inject({ method: 'GET', url: `/api/companies/${a.companyId}`, headers: bearer(adminTok) });
    expect(now.json().customerView.accentColor).toBe('rgba(26, 115, 232, 0.8)');
  });

  it('merges hours per weekday and validates the merged week', async () => {
    const ok = await patch(a.companyId, adminTok, { hours: { monday: { isOffDay: false, intervals: [{ startsAt: '08:00', endsAt: '12:00' }, { startsAt: '13:00', endsAt: '17:00' }] } } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().hours.monday.intervals).toHaveLength(2);
    expect(ok.json().hours.tuesday.isOffDay).toBe(false);
    const overlap = await patch(a.companyId, adminTok, { hours: { monday: { isOffDay: false, intervals: [{ startsAt: '08:00', endsAt: '12:00' }, { startsAt: '11:00', endsAt: '17:00' }] } } });
    expect(overlap.statusCode).toBe(422);
    const backwards = await patch(a.companyId, adminTok, { hours: { friday: { isOffDay: false, intervals: [{ startsAt: '18:00', endsAt: '09:00' }] } } });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().violations[0].propertyPath).toContain('hours.friday');
    const off = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, { isOffDay: true, intervals: [] }]));
    const noDays = await patch(a.companyId, adminTok, { hours: off });
    expect(noDays.statusCode).toBe(422);
    expect(noDays.json().detail).toContain('working days');
  });

  it('requires "text stop" in the welcome message', async () => {
    const bad = await patch(a.companyId, adminTok, { welcomeMessage: 'Hello there' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().violations[0]).toMatchObject({ propertyPath: 'welcomeMessage', message: 'welcome_message_should_contain_text_stop' });
    const good = await patch(a.companyId, adminTok, { welcomeMessage: 'Hello! Text STOP to opt out.', welcomeMessageEnabled: true });
    expect(good.statusCode).toBe(200);
  });
});

describe('secrets', () => {
  it('are stored encrypted and never returned in clear', async () => {
    const secret = 'twilio-secret-token-abcdef123456';
    const res = await patch(a.companyId, rootTok, { ocs: { twilioAccountSID: 'AC123', twilioAuthToken: secret, safeMode: true } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(secret);
    expect(res.json().ocs.twilioAuthToken).toBe('••••••••3456');
    expect(res.json().ocs.twilioAccountSID).toBe('AC123');
    const raw = await runInScope(t.db, { companyId: a.companyId }, (tx) => tx.execute(sql`select ocs::text as ocs from companies where id = ${a.companyId}`));
    expect((raw.rows[0] as { ocs: string }).ocs).not.toContain(secret);
    // Echoing the mask back leaves the stored secret as it was.
    const echo = await patch(a.companyId, rootTok, { ocs: { twilioAuthToken: '••••••••3456', smsWhitelist: ['+15555550100'] } });
    expect(echo.json().ocs.twilioAuthToken).toBe('••••••••3456');
    const get = await t.app.inject({ method: 'GET', url: `/api/companies/${a.companyId}`, headers: bearer(adminTok) });
    expect(get.body).not.toContain(secret);

    const pay = await patch(a.companyId, rootTok, { payment: { provider: 'next', appKey: 'app-1', apiSecret: 'very-secret-value-999' } });
    expect(pay.body).not.toContain('very-secret-value-999');
    expect(pay.json().payment.apiSecret).toMatch(/^••••••••/);
  });
});

describe('live events', () => {
  it('a settings change or module toggle tells the company topic which fields changed, without any settings', async () => {
    const s = await seedCompany(t.db);
    expect((await patch(s.companyId, rootTok, { ocs: { twilioAuthToken: 'live-secret-token-1234' }, address: 'Live street 1' })).statusCode).toBe(200);
    const toggled = await t.app.inject({ method: 'PUT', url: `/api/companies/${s.companyId}/toggle_module`, headers: bearer(rootTok), payload: { module: 'offers', toggle: true } });
    expect(toggled.statusCode).toBe(200);
    const rows = await runInScope(t.db, { companyId: null, system: true }, async (tx) => {
      const r = await tx.execute(sql`select topics, payload::text as raw from live_events where company_id = ${s.companyId} and payload->>'entity' = 'company' order by id`);
      return r.rows as { topics: string[]; raw: string }[];
    });
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((r) => JSON.parse(r.raw) as { event: string; changes: string[]; data: Record<string, unknown> });
    expect(first).toMatchObject({ event: 'updated', changes: expect.arrayContaining(['ocs', 'address']), data: { id: s.companyId } });
    expect(second).toMatchObject({ event: 'updated', changes: ['modules'] });
    expect(rows[0]!.topics).toEqual([companyTopic(s.companyId)]);
    for (const r of rows) {
      expect(r.raw).not.toContain('live-secret-token');
      expect(r.raw).not.toContain('Live street');
    }
  });
});

describe('role locks', () => {
  it('company admins cannot change name, slug, modules, ocs, enabled or payment credentials', async () => {
    // Its own company with the default settings, so each body below is a change (safe mode is off by default);
    // the secrets test switches safe mode on for company a.
    const own = await seedCompany(t.db);
    const ownAdmin = (await login(t.app, own.admin.email)).token;
    for (const body of [{ name: 'Renamed' }, { slug: 'renamed' }, { modules: { offers: true } }, { ocs: { safeMode: true } }, { enabled: false }, { payment: { provider: 'current' } }, { availableUserRoles: ['ROLE_USER'] }]) {
      const res = await patch(own.companyId, ownAdmin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    // Sending an unchanged value is not a change.
    expect((await patch(own.companyId, ownAdmin, { name: `Company ${own.slug}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/companies/${own.companyId}/toggle_module`, headers: bearer(ownAdmin), payload: { module: 'offers', toggle: true } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/companies', headers: bearer(ownAdmin), payload: { name: 'N', slug: 'n-n' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/companies/${own.companyId}`, headers: bearer(ownAdmin) })).statusCode).toBe(403);
  });

  it('company admins set payment mode, text and expiry; the provider, terminals and dealer system stay with super admins', async () => {
    const s = await seedCompany(t.db, { modules: { automotive: true } });
    const tok = (await login(t.app, s.admin.email)).token;
    const terminals = [{ serial: 'T-1', description: null, assignedTo: [0] }];
    expect((await patch(s.companyId, rootTok, { payment: { provider: 'next', enabled: true, terminals } })).statusCode).toBe(200);
    const own = await patch(s.companyId, tok, { payment: { mode: 'advanced', markAsExpiredAfterDays: 14, text: 'Pay here: {payment_url}' } });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().payment).toMatchObject({ provider: 'next', enabled: true, mode: 'advanced', markAsExpiredAfterDays: 14, terminals });
    for (const body of [{ payment: { terminals: [] } }, { payment: { enabled: false } }, { dms: { dmsType: 'vendor_b' } }]) {
      expect((await patch(s.companyId, tok, body)).statusCode, JSON.stringify(body)).toBe(403);
    }
    for (const bad of [{ markAsExpiredAfterDays: -1 }, { markAsExpiredAfterDays: 1.5 }, { mode: 'fancy' }]) {
      expect((await patch(s.companyId, tok, { payment: bad })).statusCode, JSON.stringify(bad)).toBe(422);
    }
  });

  it('a payment provider or dealer system taken away switches its connection off', async () => {
    const s = await seedCompany(t.db, { modules: { automotive: true } });
    expect((await patch(s.companyId, rootTok, { dms: { dmsType: 'vendor_a', enabled: true }, payment: { provider: 'current', enabled: true } })).json()).toMatchObject({
      dms: { dmsType: 'vendor_a', enabled: true },
      payment: { provider: 'current', enabled: true },
    });
    const off = await patch(s.companyId, rootTok, { dms: { dmsType: null }, payment: { provider: null } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().dms.enabled).toBe(false);
    expect(off.json().payment.enabled).toBe(false);
  });

  it('plain users cannot change company settings', async () => {
    expect((await patch(a.companyId, agentTok, { address: 'x' })).statusCode).toBe(403);
  });

  it('module-gated groups need their module', async () => {
    const s = await seedCompany(t.db, { modules: { automotive: false } });
    const tok = (await login(t.app, s.admin.email)).token;
    const res = await patch(s.companyId, tok, { automotiveMessages: { vehicleReady: 'Your car is ready' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].message).toContain('automotive');
  });

  it('the default customer user must belong to the company', async () => {
    const b = await seedCompany(t.db);
    expect((await patch(a.companyId, adminTok, { defaultCustomerUser: `/api/users/${b.agent.id}` })).statusCode).toBe(422);
    const ok = await patch(a.companyId, adminTok, { defaultCustomerUser: `/api/users/${a.agent.id}` });
    expect(ok.json().defaultCustomerUser).toBe(`/api/users/${a.agent.id}`);
  });

  it('non super admins see only their own company in the list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/companies', headers: bearer(agentTok) });
    expect(res.json().member.map((c: { id: number }) => c.id)).toEqual([a.companyId]);
  });
});
