import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { runInScope } from '../../db/client';
import { companies } from '../companies/companies.schema';
import { consentEvents, customers } from '../customers/customers.schema';
import { messages } from '../messages/messages.schema';
import { OPT_IN_MAX_PER_IP } from './public-pages.routes';
import { enableAppointments } from '../../../test/appointment-fixtures';

let t: TTestApp;
let a: TSeededCompany;
let adminTok: string;
let phoneSeq = 3000000;
const phone = () => `+1555${String(phoneSeq++).padStart(7, '0')}`;
let ipSeq = 1;
/** Each test submits from its own address so the per-IP limit never couples them. */
const nextIp = () => `10.0.0.${ipSeq++}`;

const WELCOME = 'Welcome to our shop! Text STOP to opt out.';

beforeAll(async () => {
  t = await createTestApp();
  a = await seedCompany(t.db);
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx
      .update(companies)
      .set({
        welcomeMessage: WELCOME,
        welcomeMessageEnabled: true,
        accentColor: '#0a7d5a',
        customerView: { beforeNameInputText: 'Tell us your name', afterSubmitText: 'Thanks, we will text you.' },
        ocs: { safeMode: false, twilioAuthToken: 'secret-token-value' },
      })
      .where(eq(companies.id, a.companyId)),
  );
  adminTok = (await login(t.app, a.admin.email)).token;
});
afterAll(() => t.close());

const submit = (slug: string, payload: unknown, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: `/api/public/companies/${slug}/opt_in`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload), remoteAddress: ip });

const rowsOf = (p: string) =>
  runInScope(t.db, { companyId: a.companyId }, async (tx) => {
    const cs = await tx.select().from(customers).where(and(eq(customers.companyId, a.companyId), eq(customers.phone, p)));
    const ids = cs.map((c) => c.id);
    const consent = ids.length ? await tx.select().from(consentEvents).where(eq(consentEvents.customerId, ids[0]!)) : [];
    const msgs = ids.length ? await tx.select().from(messages).where(eq(messages.customerId, ids[0]!)) : [];
    return { cs, consent, msgs };
  });

describe('public opt-in page', () => {
  it('says whether the company takes appointments on its booking page', async () => {
    const c = await seedCompany(t.db);
    const booking = async () => (await t.app.inject({ method: 'GET', url: `/api/public/companies/${c.slug}` })).json().bookingEnabled;
    expect(await booking()).toBe(false);
    await enableAppointments(t, c.companyId);
    expect(await booking()).toBe(true);
    await enableAppointments(t, c.companyId, { settings: { acceptNewAppointments: false } });
    expect(await booking()).toBe(false);
  });

  it('GET answers only what the page needs, no secrets or settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/companies/${a.slug}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      name: `Company ${a.slug}`,
      slug: a.slug,
      accentColor: '#0a7d5a',
      termsOfService: null,
      heroMobileUrl: null,
      logoMobileUrl: null,
      bookingEnabled: false,
      texts: { beforeNameInputText: 'Tell us your name', beforePhoneInputText: null, submitPhoneNumberButtonText: null, afterSubmitText: 'Thanks, we will text you.' },
    });
    expect(res.body).not.toContain('secret-token-value');
    expect(res.body).not.toContain(WELCOME);
    expect(res.body).not.toContain(String(a.admin.email));
  });

  it('unknown, malformed and disabled slugs answer 404 / 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/public/companies/no-such-company' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/companies/Bad%20Slug!' })).statusCode).toBe(400);
    expect((await submit('no-such-company', { firstName: 'A', phone: phone(), consent: true })).statusCode).toBe(404);
    const b = await seedCompany(t.db);
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.update(companies).set({ enabled: false }).where(eq(companies.id, b.companyId)));
    expect((await t.app.inject({ method: 'GET', url: `/api/public/companies/${b.slug}` })).statusCode).toBe(404);
    expect((await submit(b.slug, { firstName: 'A', phone: phone(), consent: true })).statusCode).toBe(404);
  });

  it('creates the customer, records consent, queues the welcome message; the admin sees them at the top of the inbox', async () => {
    const p = phone();
    const res = await submit(a.slug, { firstName: 'Qr', lastName: 'Visitor', phone: p, consent: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ messageQueued: true });
    const { cs, consent, msgs } = await rowsOf(p);
    expect(cs).toHaveLength(1);
    expect(cs[0]).toMatchObject({ firstName: 'Qr', lastName: 'Visitor', optOut: false });
    expect(consent).toMatchObject([{ kind: 'opt_in', source: 'qr_opt_in' }]);
    expect(msgs).toMatchObject([{ direction: 'OUTBOUND', type: 'WELCOME_MESSAGE', content: WELCOME, status: 'SENDING' }]);
    const list = await t.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(adminTok) });
    expect(list.statusCode).toBe(200);
    expect(list.json().member[0]).toMatchObject({ phone: p, firstName: 'Qr' });
    await t.app.deps.jobs.drain();
    expect((await rowsOf(p)).msgs[0]!.status).not.toBe('SENDING');
  });

  it('a second submit finds the same customer, lifts a STOP, and sends a confirmation instead of a second welcome', async () => {
    const p = phone();
    expect((await submit(a.slug, { firstName: 'Again', phone: p, consent: true })).statusCode).toBe(201);
    await runInScope(t.db, { companyId: a.companyId }, (tx) =>
      tx.update(customers).set({ optOut: true, optedOutAt: new Date(), firstName: 'Edited' }).where(eq(customers.phone, p)),
    );
    expect((await submit(a.slug, { firstName: 'Other', lastName: 'Name', phone: p, consent: true })).statusCode).toBe(201);
    const { cs, consent, msgs } = await rowsOf(p);
    expect(cs).toHaveLength(1);
    expect(cs[0]).toMatchObject({ firstName: 'Edited', lastName: 'Name', optOut: false, optedOutAt: null });
    expect(consent).toHaveLength(2);
    expect(msgs.map((m) => m.type).sort()).toEqual(['OPT_IN', 'WELCOME_MESSAGE']);
  });

  it('bad input answers 400/422, never 500, and creates nothing', async () => {
    const p = phone();
    const bad: unknown[] = [
      { firstName: 'A', phone: p, consent: false },
      { firstName: 'A', phone: p },
      { firstName: 'A', phone: '12', consent: true },
      { firstName: '', phone: p, consent: true },
      { firstName: 'A', phone: p, consent: 'yes' },
      { firstName: 'A', phone: p, consent: true, extra: 1 },
      { firstName: 'x'.repeat(101), phone: p, consent: true },
      [],
      'text',
    ];
    for (const body of bad) {
      const res = await submit(a.slug, body);
      expect([400, 422]).toContain(res.statusCode);
    }
    const noConsent = await submit(a.slug, { firstName: 'A', phone: p, consent: false });
    expect(noConsent.statusCode).toBe(422);
    expect(noConsent.json().violations[0].propertyPath).toBe('consent');
    expect((await rowsOf(p)).cs).toHaveLength(0);
  });

  it('limits submissions per address with 429 and Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < OPT_IN_MAX_PER_IP; i++) expect((await submit(a.slug, { firstName: 'R', phone: phone(), consent: true }, ip)).statusCode).toBe(201);
    const res = await submit(a.slug, { firstName: 'R', phone: phone(), consent: true }, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await submit(a.slug, { firstName: 'R', phone: phone(), consent: true })).statusCode).toBe(201);
  });
});
