import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedCompany, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { nextSendingTime } from '../../lib/quiet-hours';

let t: TTestApp;
let a: TSeededCompany;
let tok: string;

/** Offsets span more than a day, so some zone is always inside the window and some always outside. */
const ZONES = ['Pacific/Kiritimati', 'Pacific/Auckland', 'Asia/Tokyo', 'Asia/Kolkata', 'Europe/Sarajevo', 'UTC', 'America/Sao_Paulo', 'America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Pacific/Pago_Pago'];
const zoneWhere = (inside: boolean) => ZONES.find((z) => (nextSendingTime({ now: new Date(), timeZone: z }) === null) === inside)!;

beforeAll(async () => {
  t = await createTestApp({ QUIET_HOURS: 'true' });
  a = await seedCompany(t.db);
  tok = (await login(t.app, a.admin.email)).token;
});
afterAll(() => t.close());

async function customerIn(timezone: string, phone: string) {
  return (await t.app.inject({ method: 'POST', url: '/api/customers', headers: bearer(tok), payload: { phone, timezone } })).json() as { id: number };
}
const thread = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/messages?customer=${id}`, headers: bearer(tok) })).json().member as { status: string; sender: string; content: string }[];

describe('quiet hours', () => {
  it('hold automated replies outside the customer’s window but never an agent’s reply', async () => {
    const night = await customerIn(zoneWhere(false), '+15558880001');
    await t.app.inject({ method: 'POST', url: '/api/simulator/reply', headers: bearer(tok), payload: { customerId: night.id, body: 'HELP' } });
    await t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(tok), payload: { customerId: night.id, content: 'Agent answer' } });
    await t.app.deps.jobs.drain();
    const msgs = await thread(night.id);
    expect(msgs.find((m) => m.sender === 'system')!.status).toBe('SENDING');
    expect(msgs.find((m) => m.content === 'Agent answer')!.status).toBe('SENT');
  });

  it('send automated replies right away inside the window', async () => {
    const day = await customerIn(zoneWhere(true), '+15558880002');
    await t.app.inject({ method: 'POST', url: '/api/simulator/reply', headers: bearer(tok), payload: { customerId: day.id, body: 'HELP' } });
    await t.app.deps.jobs.drain();
    expect((await thread(day.id)).find((m) => m.sender === 'system')!.status).toBe('SENT');
  });

  it('never hold a website-chat welcome: the visitor is on the page now', async () => {
    const { sql } = await import('drizzle-orm');
    const { runInScope } = await import('../../db/client');
    const { sha256 } = await import('../../lib/crypto');
    // Its own company, set in a zone where it is night now.
    const own = await seedCompany(t.db);
    await runInScope(t.db, { companyId: null, system: true }, (tx) => tx.execute(sql`update companies set timezone = ${zoneWhere(false)} where id = ${own.companyId}`));
    const ownTok = (await login(t.app, own.admin.email)).token;
    const origin = 'https://night.example.com';
    const settings = await t.app.inject({
      method: 'PATCH',
      url: '/api/webchat/settings',
      headers: { ...bearer(ownTok), 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ enabled: true, allowedOrigins: [origin] }),
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/public/webchat/sessions',
      remoteAddress: '10.7.7.7',
      headers: { 'content-type': 'application/json', origin },
      payload: JSON.stringify({ key: settings.json().widgetKey }),
    });
    expect(session.statusCode, session.body).toBe(201);
    const visitor = session.json().token as string;
    // Past the spam guard's minimum time between opening the chat and writing.
    await runInScope(t.db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`update webchat_sessions set created_at = created_at - interval '1 minute' where token_hash = ${sha256(visitor)}`),
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/public/webchat/messages',
      remoteAddress: '10.7.7.7',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${visitor}`, origin },
      payload: JSON.stringify({ body: 'Anyone there at night?' }),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await t.app.deps.jobs.drain();
    const welcome = await runInScope(t.db, { companyId: null, system: true }, async (tx) =>
      (await tx.execute(sql`select status from messages where company_id = ${own.companyId} and direction = 'OUTBOUND' and channel = 'webchat'`)).rows,
    );
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.status).not.toBe('SENDING');
  });

  it('rejects a company window wider than the default', async () => {
    const { seedSuperAdmin } = await import('../../../test/helpers');
    const root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
    // Its own company: a narrower window on the shared one would hold the other tests' replies (tests run shuffled).
    const own = await seedCompany(t.db);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/companies/${own.companyId}`, headers: bearer(root), payload: { ocs: { quietHoursStart: '07:00' } } });
    expect(res.statusCode).toBe(422);
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/companies/${own.companyId}`, headers: bearer(root), payload: { ocs: { quietHoursStart: '09:00', quietHoursEnd: '18:00' } } });
    expect(ok.statusCode).toBe(200);
  });
});
