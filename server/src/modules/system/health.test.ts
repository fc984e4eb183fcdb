import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/helpers';
import { runInScope, type TDatabase } from '../../db/client';
import { createWorkerHeartbeat } from '../../jobs/worker-heartbeat';
import { createReadinessProbe, type TReadiness } from './health.service';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const system = <T>(fn: Parameters<typeof runInScope<T>>[2]) => runInScope(t.db, { companyId: null, system: true }, fn);

/** Each test states the workers it needs: the table is this file's alone, so clear it first. */
beforeEach(async () => {
  await system((tx) => tx.execute(sql`delete from worker_heartbeats`));
});

async function addBeat(opts: { processId: string; ageSeconds: number; worker?: boolean }) {
  await system((tx) =>
    tx.execute(sql`
      insert into worker_heartbeats (process_id, host, pid, started_at, beat_at, worker)
      values (${opts.processId}, 'test-host', 1, now() - interval '1 hour', now() - make_interval(secs => ${opts.ageSeconds}), ${opts.worker ?? true})`),
  );
}

const probeOf = (over: { redisUrl?: string; workerProcessId?: string; db?: TDatabase; timeoutMs?: number } = {}) =>
  createReadinessProbe({
    deps: { db: over.db ?? t.db, config: { ...t.app.deps.config, redisUrl: over.redisUrl } },
    workerProcessId: over.workerProcessId,
    timeoutMs: over.timeoutMs,
  });

async function readOnce(over: Parameters<typeof probeOf>[0] = {}): Promise<TReadiness> {
  const probe = probeOf(over);
  try {
    return await probe.check();
  } finally {
    await probe.close();
  }
}

/** The route's probe may hold a reading of the last second (another test's): wait it out. */
const waitOutCachedReading = () => new Promise((r) => setTimeout(r, 1100));

describe('GET /health/live', () => {
  it('answers 200 ok without a token, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the older /api/public/health answering', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /health/ready', () => {
  it('answers 200 when the database answers and no worker is expected (none ever beat, none in this process)', async () => {
    await waitOutCachedReading();
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.checks.database.status).toBe('ok');
    expect(body.checks.redis).toEqual({ status: 'skipped' });
    expect(body.checks.worker.status).toBe('skipped');
  });

  it('answers 503 naming the worker when the only worker of the deployment stopped beating', async () => {
    await addBeat({ processId: 'gone-worker', ageSeconds: 120 });
    await waitOutCachedReading();
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.status).toBe('fail');
    expect(body.checks.database.status).toBe('ok');
    expect(body.checks.worker.status).toBe('fail');
    expect(body.checks.worker.error).toMatch(/60 s/);
    expect(body.checks.worker.lastBeatAt).toEqual(expect.any(String));
  });
});

describe('a process running the worker', () => {
  it('beats before it is ready, and its readiness rests on its own mark', async () => {
    const w = await createTestApp({ WORKER: 'true' });
    try {
      const res = await w.app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().checks.worker.status).toBe('ok');
      const rows = await runInScope(w.db, { companyId: null, system: true }, (tx) =>
        tx.execute<{ n: number }>(sql`select count(*)::int as n from worker_heartbeats where worker and beat_at > now() - interval '1 minute'`),
      );
      expect(Number(rows.rows[0]!.n)).toBe(1);
    } finally {
      await w.close();
    }
    // A second app (with its own database and a polling worker) starts slowly on a loaded machine.
  }, 120_000);
});

describe('readiness checks', () => {
  it('is ready when some worker beat within 60 s, and not when every mark is stale', async () => {
    await addBeat({ processId: 'stale', ageSeconds: 90 });
    expect((await readOnce()).checks.worker.status).toBe('fail');
    await addBeat({ processId: 'fresh', ageSeconds: 5 });
    const ready = await readOnce();
    expect(ready.status).toBe('ok');
    expect(ready.checks.worker.status).toBe('ok');
  });

  it('ignores API processes (worker = false) and marks older than a day', async () => {
    await addBeat({ processId: 'api-only', ageSeconds: 5, worker: false });
    await addBeat({ processId: 'long-gone', ageSeconds: 2 * 86_400 });
    expect((await readOnce()).checks.worker.status).toBe('skipped');
  });

  it('a process running the worker needs its own fresh mark; the heartbeat writes it and removes it on stop', async () => {
    await addBeat({ processId: 'other-worker', ageSeconds: 1 });
    const hb = createWorkerHeartbeat({ db: t.db, intervalMs: 60_000 });
    expect((await readOnce({ workerProcessId: hb.processId })).checks.worker.status).toBe('fail');
    await hb.beat();
    expect((await readOnce({ workerProcessId: hb.processId })).checks.worker.status).toBe('ok');
    await hb.beat();
    const rows = await system((tx) => tx.execute<{ n: number }>(sql`select count(*)::int as n from worker_heartbeats where process_id = ${hb.processId}`));
    expect(Number(rows.rows[0]!.n)).toBe(1);
    await hb.stop();
    const after = await system((tx) => tx.execute<{ n: number }>(sql`select count(*)::int as n from worker_heartbeats where process_id = ${hb.processId}`));
    expect(Number(after.rows[0]!.n)).toBe(0);
  });

  it('a beat drops marks older than a day', async () => {
    await addBeat({ processId: 'ancient', ageSeconds: 3 * 86_400 });
    const hb = createWorkerHeartbeat({ db: t.db });
    await hb.beat();
    const rows = await system((tx) => tx.execute<{ process_id: string }>(sql`select process_id from worker_heartbeats order by process_id`));
    expect((rows.rows as { process_id: string }[]).map((r) => r.process_id)).toEqual([hb.processId]);
    await hb.stop();
  });

  it('fails the database (and so the worker) when it does not answer within the deadline', async () => {
    const hung = { ...t.db, scopedTransaction: () => new Promise<never>(() => undefined) } as unknown as TDatabase;
    const started = Date.now();
    const ready = await readOnce({ db: hung, timeoutMs: 100 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(ready.status).toBe('fail');
    expect(ready.checks.database).toMatchObject({ status: 'fail', error: 'no answer within 100 ms' });
    expect(ready.checks.worker.status).toBe('fail');
  });

  it('fails Redis when REDIS_URL is set but nothing answers there', async () => {
    const ready = await readOnce({ redisUrl: 'redis://127.0.0.1:1', timeoutMs: 500 });
    expect(ready.status).toBe('fail');
    expect(ready.checks.redis.status).toBe('fail');
    expect(ready.checks.database.status).toBe('ok');
  });

  it.runIf(process.env.REDIS_URL)('passes Redis when it answers PING', async () => {
    const ready = await readOnce({ redisUrl: process.env.REDIS_URL });
    expect(ready.checks.redis.status).toBe('ok');
  });

  it('shares one reading among probes within a second', async () => {
    const probe = probeOf();
    try {
      const [a, b] = await Promise.all([probe.check(), probe.check()]);
      expect(a).toBe(b);
    } finally {
      await probe.close();
    }
  });
});
