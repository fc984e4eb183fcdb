import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInScope } from '../db/client';
import { bearer, createTestApp, login, type TTestApp } from '../../test/helpers';
import { DEMO_PASSWORD, seedDemoData } from './seed';
import { DEMO_WEBHOOK_URL, DEMO_WIDGET_KEY } from './seed-issue21-integrations';

let t: TTestApp;
let auth: Record<string, string>;
let seedMs = 0;
// One seeded database for the file; every check reads it through the API the demo's screens use.
beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  expect(await seedDemoData({ db: t.db, publicUrl: 'http://demo.test', encryptionKey: t.app.deps.config.encryptionKey })).toBe(true);
  seedMs = performance.now() - started;
  auth = bearer((await login(t.app, 'admin@motors.example.com', DEMO_PASSWORD)).token);
}, 180_000);
afterAll(() => t.close());

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  runInScope(t.db, { companyId: null, system: true }, async (tx) => (await tx.execute(query)).rows as T[]);

describe('demo seed: issue 21', () => {
  it('routes recent conversations by the rules, with waits answered in time, warned, breached and one open', async () => {
    expect(seedMs).toBeGreaterThan(0);
    const rules = (await t.app.inject({ method: 'GET', url: '/api/routing/rules', headers: auth })).json();
    expect(rules.member.map((r: { name: string; strategy: string }) => [r.name, r.strategy])).toEqual([
      ['Recalls → service advisor', 'fixed_user'],
      ['New texts: take turns', 'round_robin'],
    ]);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/routing/settings', headers: auth })).json();
    expect(settings).toMatchObject({ firstReplyMinutes: 15, breaches: 1 });

    const waits = await rowsOf<{
      customer_id: unknown;
      first_name: string;
      user_email: string;
      due_at: unknown;
      replied_at: unknown;
      warned_at: unknown;
      breached_at: unknown;
    }>(
      sql`select w.customer_id, c.first_name, u.email as user_email, w.due_at, w.replied_at, w.warned_at, w.breached_at
        from routing_waits w join customers c on c.company_id = w.company_id and c.id = w.customer_id
        join users u on u.company_id = c.company_id and u.id = c.user_id order by w.started_at`,
    );
    const by = (name: string) => waits.find((w) => w.first_name === name)!;
    const ms = (v: unknown) => new Date(String(v instanceof Date ? v.toISOString() : v)).getTime();
    expect(waits).toHaveLength(5);
    for (const name of ['Kevin', 'Nina']) expect(ms(by(name).replied_at)).toBeLessThan(ms(by(name).due_at));
    expect(by('Greg').user_email).toBe('agent@motors.example.com');
    expect(by('Greg').warned_at).not.toBeNull();
    expect(by('Greg').breached_at).toBeNull();
    expect(ms(by('Greg').replied_at)).toBeLessThan(ms(by('Greg').due_at));
    expect(ms(by('Carla').replied_at)).toBeGreaterThan(ms(by('Carla').due_at));
    expect(by('Carla').breached_at).not.toBeNull();
    for (const w of waits.filter((x) => x.replied_at !== null)) expect(ms(w.replied_at)).toBeLessThan(Date.now());
    // Round robin took turns between the two inbox people (the recall went to the advisor by its own rule).
    const turns = ['Kevin', 'Nina', 'Carla', 'Tom'].map((n) => by(n).user_email);
    expect(new Set(turns)).toEqual(new Set(['admin@motors.example.com', 'agent@motors.example.com']));
    expect(turns[0]).not.toBe(turns[1]);

    // The open one: its timer is on the customer, and its warning, breach and reassignment are planned.
    const tom = by('Tom');
    expect(tom.replied_at).toBeNull();
    const customer = (await t.app.inject({ method: 'GET', url: `/api/customers/${Number(tom.customer_id)}`, headers: auth })).json();
    expect(customer.responseDueAt).not.toBeNull();
    const jobs = await rowsOf<{ kind: string }>(
      sql`select kind from outbox_jobs where done_at is null and kind like 'routing_%' and (payload->>'customerId')::bigint = ${Number(tom.customer_id)} order by kind`,
    );
    expect(jobs.map((j) => j.kind)).toEqual(['routing_reassign', 'routing_sla_breach', 'routing_sla_warn']);
    const decisions = (await t.app.inject({ method: 'GET', url: `/api/routing/conversations/${Number(tom.customer_id)}/decisions`, headers: auth })).json();
    expect(decisions.member[0]).toMatchObject({ kind: 'route', reason: 'matched', ruleName: 'New texts: take turns' });
  });

  it('has the website chat on for the local test page, and a past visitor chat in the inbox', async () => {
    const settings = (await t.app.inject({ method: 'GET', url: '/api/webchat/settings', headers: auth })).json();
    expect(settings).toMatchObject({ enabled: true, widgetKey: DEMO_WIDGET_KEY });
    expect(settings.allowedOrigins).toEqual(expect.arrayContaining(['http://localhost:3000', 'http://demo.test']));
    // What web/public/widget-test.html?key=… does first, from http://localhost:3000.
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/public/webchat/sessions',
      headers: { origin: 'http://localhost:3000' },
      payload: { key: DEMO_WIDGET_KEY },
    });
    expect(start.statusCode).toBeLessThan(300);
    const chats = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from messages m join customers c on c.company_id = m.company_id and c.id = m.customer_id
        where m.channel = 'webchat' and c.webchat_visitor_id is not null and c.phone is null`,
    );
    expect(chats[0]!.n).toBe(5);
  });

  it('keeps a disabled webhook endpoint with a settled delivery history and nothing left to send', async () => {
    const endpoints = (await t.app.inject({ method: 'GET', url: '/api/webhook_endpoints', headers: auth })).json();
    expect(endpoints.member).toHaveLength(1);
    const ep = endpoints.member[0];
    expect(ep).toMatchObject({ url: DEMO_WEBHOOK_URL, enabled: false, disabledReason: 'failing' });
    const secret = await t.app.inject({ method: 'GET', url: `/api/webhook_endpoints/${ep.id}/secret`, headers: auth });
    expect(secret.json().secret).toMatch(/^whsec_/);
    const log = (await t.app.inject({ method: 'GET', url: `/api/webhook_endpoints/${ep.id}/deliveries?itemsPerPage=50`, headers: auth })).json();
    const summary = log.member.map((d: { status: string; attempts: number }) => `${d.status}/${d.attempts}`).sort();
    expect(summary).toEqual([...Array(5).fill('failed/8'), ...Array(4).fill('succeeded/1'), 'succeeded/3'].sort());
    const pending = await rowsOf<{ n: number }>(sql`select count(*)::int as n from outbox_jobs where kind = 'outgoing_webhook.deliver' and done_at is null`);
    expect(pending[0]!.n).toBe(0);
  });

  it('lists a read-only API key in use, never its secret, and suggestion figures for /analytics', async () => {
    const keys = (await t.app.inject({ method: 'GET', url: '/api/api_keys', headers: auth })).json();
    const key = keys.member.find((k: { name: string }) => k.name === 'Reporting dashboard');
    expect(key).toMatchObject({ status: 'active' });
    expect(key.lastUsedAt).not.toBeNull();
    expect(key.secret).toBeUndefined();
    expect(key.scopes.every((s: { access: string }) => s.access === 'read')).toBe(true);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/suggested_replies/stats', headers: auth })).json();
    expect(stats.totals.shown).toBeGreaterThan(10);
    expect(stats.totals.sent).toBeGreaterThan(0);
    expect(stats.totals.inserted).toBeGreaterThanOrEqual(stats.totals.sent);
    expect(stats.totals.takenRate).toBeGreaterThan(0);
    expect(stats.totals.takenRate).toBeLessThan(1);
  });
});
