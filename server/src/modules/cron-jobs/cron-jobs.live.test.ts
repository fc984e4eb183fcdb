import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyTopic, SUPER_ADMINS_TOPIC } from '@cd/contracts/live';
import { bearer, createTestApp, login, seedCompany, seedSuperAdmin, type TSeededCompany, type TTestApp } from '../../../test/helpers';
import { openStream } from '../../../test/live-stream';
import { runInScope } from '../../db/client';
import { recordLiveEvents } from '../../live/live.repository';

let t: TTestApp;
let base: string;
let s: TSeededCompany;
let root: string;
let companyAdmin: string;
let agent: string;

beforeAll(async () => {
  t = await createTestApp({ LIVE_HEARTBEAT_SECONDS: '1' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${addr.port}`;
  s = await seedCompany(t.db);
  root = (await login(t.app, (await seedSuperAdmin(t.db)).email)).token;
  companyAdmin = (await login(t.app, s.admin.email)).token;
  agent = (await login(t.app, s.agent.email)).token;
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

const hubUrl = (topics: string[]) => `${base}/.well-known/mercure?${topics.map((x) => `topic=${encodeURIComponent(x)}`).join('&')}`;

async function liveToken(api: string): Promise<{ token: string; topics: string[] }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/get_mercure_jwt', headers: bearer(api) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A company event after the system one: once a tenant stream has it, it would have had the system event too. */
async function companyMarker(): Promise<string> {
  const stored = await runInScope(t.db, { companyId: s.companyId }, (tx) =>
    recordLiveEvents(tx, [{ companyId: s.companyId, topics: [companyTopic(s.companyId)], event: 'updated', entity: 'customer', data: { marker: true } }]),
  );
  t.app.deps.live.broadcast(stored);
  return stored[0]!.payload.id;
}

const runNow = (name: string) => t.app.inject({ method: 'POST', url: `/api/cron_jobs/${name}/run`, headers: bearer(root), payload: {} });

describe('live scheduled-job events (super admins only)', () => {
  it('lists the system topic in super admins’ live tokens only', async () => {
    expect((await liveToken(root)).topics).toContain(SUPER_ADMINS_TOPIC);
    for (const tok of [companyAdmin, agent]) expect((await liveToken(tok)).topics).not.toContain(SUPER_ADMINS_TOPIC);
  });

  it('streams a run’s start and end to super admins; company admins and agents never receive them, live or replayed', async () => {
    const rootLive = await liveToken(root);
    const rootStream = await openStream(hubUrl(rootLive.topics), bearer(rootLive.token));
    // Tenant tokens asking for everything, the system topic by name included.
    const tenantStreams = await Promise.all(
      [companyAdmin, agent].map(async (tok) => {
        const live = await liveToken(tok);
        return openStream(hubUrl(['*', SUPER_ADMINS_TOPIC, ...live.topics]), bearer(live.token));
      }),
    );
    try {
      const res = await runNow('payment_request_expiry');
      expect(res.statusCode).toBe(202);
      const runId = res.json().id as number;
      await t.app.deps.jobs.drain();
      const cronEvents = () => rootStream.state.events.filter((e) => e.data.entity === 'cron_job');
      await rootStream.waitFor(() => cronEvents().filter((e) => (e.data.data as { run: { id: number } }).run.id === runId).length >= 2);
      const outcomes = cronEvents().map((e) => (e.data.data as { run: { outcome: string } }).run.outcome);
      expect(outcomes).toContain('running');
      expect(outcomes.at(-1)).toMatch(/succeeded|failed/);
      expect(cronEvents()[0]!.data).toMatchObject({ event: 'updated', entity: 'cron_job', data: { name: 'payment_request_expiry' } });

      const marker = await companyMarker();
      for (const st of tenantStreams) {
        await st.waitFor(() => st.hasEvent(marker));
        expect(st.state.events.filter((e) => e.data.entity === 'cron_job')).toEqual([]);
      }

      // Replay: the super admin reconnecting just before the first run event gets them again; tenants replaying
      // from the start get their company's events but no system event.
      const firstId = cronEvents()[0]!.id;
      const again = await openStream(hubUrl(rootLive.topics), { ...bearer(rootLive.token), 'last-event-id': String(BigInt(firstId) - 1n) });
      try {
        await again.waitFor(() => again.hasEvent(firstId));
      } finally {
        again.close();
      }
      for (const tok of [companyAdmin, agent]) {
        const live = await liveToken(tok);
        const replay = await openStream(hubUrl(['*', SUPER_ADMINS_TOPIC]), { ...bearer(live.token), 'last-event-id': 'earliest' });
        try {
          await replay.waitFor(() => replay.hasEvent(marker));
          expect(replay.state.events.filter((e) => e.data.entity === 'cron_job')).toEqual([]);
        } finally {
          replay.close();
        }
      }
    } finally {
      rootStream.close();
      for (const st of tenantStreams) st.close();
    }
  });

  it('streams a recurring report’s run (its generated child) to super admins as a run of report:{id}', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(companyAdmin),
      payload: {
        type: 'recurring',
        kind: 'usage_and_response_time',
        period: 'last_7_days',
        schedule: { frequency: 'weekly', weekdays: ['monday'], time: '07:00' },
        recipients: ['gm@dealer.example'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const name = `report:${created.json().id}`;
    const rootLive = await liveToken(root);
    const rootStream = await openStream(hubUrl(rootLive.topics), bearer(rootLive.token));
    try {
      expect((await runNow(name)).statusCode).toBe(202);
      await t.app.deps.jobs.drain();
      const runs = () =>
        rootStream.state.events
          .filter((e) => e.data.entity === 'cron_job' && (e.data.data as { name: string }).name === name)
          .map((e) => (e.data.data as { run: { outcome: string } }).run.outcome);
      await rootStream.waitFor(() => runs().includes('succeeded'));
      expect(runs()[0]).toBe('running');
    } finally {
      rootStream.close();
    }
  });

  it('keeps system rows out of every tenant scope (row-level security)', async () => {
    await runNow('payment_refund_reconcile');
    await t.app.deps.jobs.drain();
    const count = (scope: Parameters<typeof runInScope>[1]) =>
      runInScope(t.db, scope, async (tx) => Number((await tx.execute(sql`select count(*)::int as n from live_events where company_id is null`)).rows[0]!.n));
    expect(await count({ companyId: null, system: true })).toBeGreaterThan(0);
    expect(await count({ companyId: s.companyId })).toBe(0);
    // A tenant cannot write a system row either.
    await expect(
      runInScope(t.db, { companyId: s.companyId }, (tx) =>
        recordLiveEvents(tx, [{ companyId: null, topics: [SUPER_ADMINS_TOPIC], event: 'updated', entity: 'cron_job', data: {} }]),
      ),
    ).rejects.toThrow();
  });
});
