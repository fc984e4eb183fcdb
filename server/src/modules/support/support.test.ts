import { SUPPORT_MESSAGES, ZSupportInfoSchema } from '@cd/contracts/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { SUPPORT_MAX_PER_HOUR } from './support.service';

let t: TTestApp;
let off: TTestApp;
let co: TSeededCompany;

beforeAll(async () => {
  t = await createTestApp({
    SUPPORT_EMAIL: 'help@support.test',
    REVISION: 'rev-1234',
    SUPPORT_HELP_LINKS: JSON.stringify([{ title: 'Guide', url: 'https://docs.example/guide' }]),
  });
  co = await seedCompany(t.db);
  off = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await off.close();
});

const ask = (app: TTestApp['app'], token: string, payload: unknown, url = '/api/support') =>
  app.inject({ method: 'POST', url, headers: { ...bearer(token), 'user-agent': 'TestBrowser/1.0' }, payload: payload as object });

describe('GET /api/support', () => {
  it('tells everyone signed in whether the form is on, with the help links', async () => {
    const tok = (await login(t.app, co.user2.email)).token;
    const res = await t.app.inject({ method: 'GET', url: '/api/support', headers: bearer(tok) });
    expect(res.statusCode).toBe(200);
    expect(ZSupportInfoSchema.parse(res.json())).toEqual({ enabled: true, helpLinks: [{ title: 'Guide', url: 'https://docs.example/guide' }] });
    const offCo = await seedCompany(off.db);
    const offTok = (await login(off.app, offCo.agent.email)).token;
    const res2 = await off.app.inject({ method: 'GET', url: '/api/support', headers: bearer(offTok) });
    expect(res2.json()).toEqual({ enabled: false, helpLinks: [{ title: 'API documentation', url: '/api/docs' }] });
    expect((await t.app.inject({ method: 'GET', url: '/api/support' })).statusCode).toBe(401);
  });
});

describe('POST /api/support', () => {
  it('mails the question with its context to the support address, replies going to the user', async () => {
    const tok = (await login(t.app, co.agent.email)).token;
    const res = await ask(t.app, tok, { subject: 'Cannot send', message: 'The send button is grey.', page: '/communication/inbox', viewport: '1280x800' });
    expect(res.statusCode, res.body).toBe(202);
    const { reference } = res.json();
    expect(reference).toMatch(/^SUP-[0-9A-F]{10}$/);
    const mail = t.mails.find((m) => m.subject.includes(reference))!;
    expect(mail).toMatchObject({ to: 'help@support.test', replyTo: co.agent.email, subject: `[${reference}] Cannot send` });
    for (const part of [
      'The send button is grey.',
      `Company: Company ${co.slug} (id ${co.companyId})`,
      `<${co.agent.email}> (id ${co.agent.id})`,
      'Roles: ROLE_USER, ROLE_COMMUNICATION, ROLE_INTERNAL_CHAT',
      'Impersonation: no',
      'App revision: rev-1234',
      'Page: /communication/inbox',
      'Browser: TestBrowser/1.0',
      'Viewport: 1280x800',
    ])
      expect(mail.text).toContain(part);
  });

  it('names the impersonating admin, and replies go to them', async () => {
    const adminTok = (await login(t.app, co.admin.email)).token;
    const res = await ask(
      t.app,
      adminTok,
      { subject: 'For my agent', message: 'Asked as them.' },
      `/api/support?impersonate=${encodeURIComponent(co.user2.email)}`,
    );
    expect(res.statusCode, res.body).toBe(202);
    const mail = t.mails.find((m) => m.subject.includes(res.json().reference))!;
    expect(mail.replyTo).toBe(co.admin.email);
    expect(mail.text).toContain(`<${co.user2.email}>`);
    expect(mail.text).toContain(`Impersonated by: admin ${co.slug} <${co.admin.email}>`);
  });

  it('refuses a subject that would inject mail headers, and keeps CR/LF of the context out of the header lines', async () => {
    const root = await seedSuperAdmin(t.db);
    const tok = (await login(t.app, root.email)).token;
    const before = t.mails.length;
    for (const subject of ['Hi\r\nBcc: victim@evil.test', 'Hi\nX-Injected: 1', 'Hi\rBcc: a@b.c'])
      expect((await ask(t.app, tok, { subject, message: 'x' })).statusCode).toBe(422);
    expect(t.mails.length).toBe(before);
    const res = await ask(t.app, tok, {
      subject: 'Fine',
      message: 'Body\r\nBcc: not-a-header@evil.test',
      page: '/x?y=1',
      userAgent: 'UA\r\nX-Evil: 1',
    });
    expect(res.statusCode, res.body).toBe(202);
    const mail = t.mails.at(-1)!;
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.replyTo).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('Page: /x?y=1\n');
    expect(mail.text).toContain('Browser: UA X-Evil: 1');
    expect(mail.text).toContain('Company: none');
  });

  it('takes the page the user came from only as a path of this site (hostile values 422, nothing mailed or counted)', async () => {
    const own = await seedCompany(t.db);
    const tok = (await login(t.app, own.agent.email)).token;
    const before = t.mails.length;
    for (const page of [
      'https://evil.test/phish',
      '//evil.test/x',
      '/\\evil.test',
      '\\\\evil.test',
      'javascript:alert(1)',
      'inbox',
      '/x\r\nBcc: evil@evil.test',
      '/x\u0000y',
      '/with space',
      '/ünïcode',
      `/${'a'.repeat(500)}`,
      ' /leading-space',
    ])
      // A NUL is refused by the body parser already (400); everything else by the page rule (422).
      expect([400, 422], JSON.stringify(page)).toContain((await ask(t.app, tok, { subject: 'Where', message: 'x', page })).statusCode);
    expect(t.mails.length).toBe(before);
    // Refused pages did not use up the hourly allowance.
    for (const page of ['/communication/inbox?customer=12&tab=open', '/settings/api-keys#new', '/'])
      expect((await ask(t.app, tok, { subject: 'Where', message: 'x', page })).statusCode, page).toBe(202);
    expect(t.mails.at(-1)!.text).toContain('Page: /\n');
    expect(t.mails.at(-3)!.text).toContain('Page: /communication/inbox?customer=12&tab=open\n');
  });

  it('answers bad bodies with 422 and never 500', async () => {
    const tok = (await login(t.app, co.user2.email)).token;
    for (const payload of [
      {},
      { subject: '', message: 'x' },
      { subject: 'x', message: '   ' },
      { subject: 'x'.repeat(151), message: 'x' },
      { subject: 'x', message: 'y', extra: 1 },
      { subject: 1, message: 'y' },
    ])
      expect((await ask(t.app, tok, payload)).statusCode, JSON.stringify(payload)).toBe(422);
  });

  it(`accepts exactly ${SUPPORT_MAX_PER_HOUR} of 8 parallel questions from one user (429 with retry-after for the rest)`, async () => {
    const own = await seedCompany(t.db);
    const tok = (await login(t.app, own.agent.email)).token;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => ask(t.app, tok, { subject: `Burst ${i}`, message: 'x' })));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    const limited = answers.find((r) => r.statusCode === 429)!;
    expect(limited.json().detail).toBe(SUPPORT_MESSAGES.tooMany);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another user of the same company is counted apart.
    const other = (await login(t.app, own.user2.email)).token;
    expect((await ask(t.app, other, { subject: 'Mine', message: 'x' })).statusCode).toBe(202);
  });

  it('answers 422 when no support address is configured', async () => {
    const offCo = await seedCompany(off.db);
    const tok = (await login(off.app, offCo.agent.email)).token;
    const res = await ask(off.app, tok, { subject: 'Hello', message: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(SUPPORT_MESSAGES.notConfigured);
    expect(off.mails).toHaveLength(0);
  });
});
