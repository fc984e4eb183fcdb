import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runInScope, type TDatabase } from '../db/client';
import { createTestApp } from '../../test/helpers';
import { createOutboxWorker } from './outbox';
import { outboxJobs } from './outbox.schema';
import { CRON_RUNS_KEPT, setJobEnabled } from './cron-runs';
import { cronJobRuns } from './cron-runs.schema';
import { createRecurringJobHandlers, ensureRecurringJobs, nextSlotOf, recurringKindOf, startManualRun, type TRecurringJob } from './recurring';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function open(): Promise<TDatabase> {
  const t = await createTestApp();
  close = t.close;
  return t.db;
}

const waitingSlots = (db: TDatabase, name: string) =>
  runInScope(db, { companyId: null, system: true }, (tx) =>
    tx
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, recurringKindOf(name)), isNull(outboxJobs.doneAt))),
  );

describe('recurring jobs', () => {
  it('computes the next slot of a UTC pattern', () => {
    expect(nextSlotOf({ cron: '0 * * * *', after: new Date('2026-11-24T10:15:00Z') }).toISOString()).toBe('2026-11-24T11:00:00.000Z');
    expect(nextSlotOf({ cron: '*/15 * * * *', after: new Date('2026-11-24T10:15:00Z') }).toISOString()).toBe('2026-11-24T10:30:00.000Z');
  });

  it('plans one waiting slot per definition, however often (and by however many processes at once) it is ensured', async () => {
    const db = await open();
    const job: TRecurringJob = { name: 'tick', cron: '0 * * * *', description: 'test', run: async () => undefined };
    await Promise.all([ensureRecurringJobs({ db, jobs: [job] }), ensureRecurringJobs({ db, jobs: [job] })]);
    await ensureRecurringJobs({ db, jobs: [job] });
    const slots = await waitingSlots(db, 'tick');
    expect(slots).toHaveLength(1);
    expect(slots[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('runs a due slot once, then plans the next one even when the work failed', async () => {
    const db = await open();
    const runs: Date[] = [];
    let fail = true;
    const job: TRecurringJob = {
      name: 'flaky',
      cron: '*/5 * * * *',
      description: 'test',
      run: async ({ slot }) => {
        runs.push(slot);
        if (fail) throw new Error('vendor down');
      },
    };
    const errors: unknown[] = [];
    const worker = createOutboxWorker({ db, handlers: createRecurringJobHandlers({ db, jobs: [job], log: { error: (o) => errors.push(o) } }) });
    // A slot already due (the process was down when it came).
    await ensureRecurringJobs({ db, jobs: [job], now: new Date(Date.now() - 3_600_000) });
    await runInScope(db, { companyId: null, system: true }, (tx) =>
      tx
        .update(outboxJobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(outboxJobs.kind, recurringKindOf('flaky'))),
    );
    expect(await worker.drain()).toBe(1);
    expect(runs).toHaveLength(1);
    expect(errors).toHaveLength(1);
    const [next] = await waitingSlots(db, 'flaky');
    // Missed slots collapse into the next future one.
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(await worker.drain()).toBe(0);
    fail = false;
  });
});

const runsOf = (db: TDatabase, job: string) =>
  runInScope(db, { companyId: null, system: true }, (tx) => tx.select().from(cronJobRuns).where(eq(cronJobRuns.job, job)).orderBy(cronJobRuns.id));

/** Makes the waiting slot of a job due now (as if its time had come). */
const makeDue = (db: TDatabase, name: string) =>
  runInScope(db, { companyId: null, system: true }, (tx) =>
    tx
      .update(outboxJobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(outboxJobs.kind, recurringKindOf(name)), isNull(outboxJobs.doneAt))),
  );

describe('recurring job runs', () => {
  // One database for these tests: each uses jobs of its own names.
  const shared = {} as { db: TDatabase; close: () => Promise<void> };
  beforeAll(async () => {
    const t = await createTestApp();
    Object.assign(shared, { db: t.db, close: t.close });
  });
  afterAll(() => shared.close());

  it('plans in the job’s time zone across a daylight-saving change', () => {
    const local = { cron: '0 7 * * *', timeZone: 'Europe/Sarajevo' };
    // 07:00 CEST is 05:00 UTC; after clocks go back on 25 Oct, 07:00 CET is 06:00 UTC.
    expect(nextSlotOf({ ...local, after: new Date('2026-10-23T12:00:00Z') }).toISOString()).toBe('2026-10-24T05:00:00.000Z');
    expect(nextSlotOf({ ...local, after: new Date('2026-10-24T12:00:00Z') }).toISOString()).toBe('2026-10-25T06:00:00.000Z');
  });

  it('records each run: running, then succeeded or failed with its duration and error', async () => {
    const db = shared.db;
    let fail = false;
    const job: TRecurringJob = {
      name: 'recorded',
      cron: '*/5 * * * *',
      description: 'test',
      run: async () => {
        if (fail) throw new Error('vendor down');
      },
    };
    const seen: string[] = [];
    const worker = createOutboxWorker({ db, handlers: createRecurringJobHandlers({ db, jobs: [job], onRun: (r) => void seen.push(r.outcome) }) });
    await ensureRecurringJobs({ db, jobs: [job] });
    await makeDue(db, 'recorded');
    await worker.drain();
    fail = true;
    await makeDue(db, 'recorded');
    await worker.drain();
    const runs = await runsOf(db, 'recorded');
    expect(runs.map((r) => [r.trigger, r.outcome])).toEqual([
      ['schedule', 'succeeded'],
      ['schedule', 'failed'],
    ]);
    expect(runs[1]!.error).toBe('vendor down');
    expect(runs[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(runs[0]!.slot).not.toBeNull();
    expect(seen).toEqual(['running', 'succeeded', 'running', 'failed']);
  });

  it('records the slot of a disabled job as skipped and plans the next one', async () => {
    const db = shared.db;
    const ran: Date[] = [];
    const job: TRecurringJob = { name: 'switched-off', cron: '*/5 * * * *', description: 'test', run: async ({ slot }) => void ran.push(slot) };
    const worker = createOutboxWorker({ db, handlers: createRecurringJobHandlers({ db, jobs: [job] }) });
    await ensureRecurringJobs({ db, jobs: [job] });
    await runInScope(db, { companyId: null, system: true }, (tx) => setJobEnabled(tx, { job: 'switched-off', enabled: false, userId: null }));
    await makeDue(db, 'switched-off');
    await worker.drain();
    expect(ran).toHaveLength(0);
    expect((await runsOf(db, 'switched-off')).map((r) => r.outcome)).toEqual(['skipped']);
    const [next] = await waitingSlots(db, 'switched-off');
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('at start, catches up a slot missed by more than a period once (catch_up) or records it skipped (skip)', async () => {
    const db = shared.db;
    const ran: string[] = [];
    const mk = (name: string, missedSlots: 'catch_up' | 'skip'): TRecurringJob => ({
      name,
      cron: '0 * * * *',
      missedSlots,
      description: 'test',
      run: async () => void ran.push(name),
    });
    const jobs = [mk('rollup', 'catch_up'), mk('greeting', 'skip')];
    // Planned three hours ago, then every process was down.
    await ensureRecurringJobs({ db, jobs, now: new Date(Date.now() - 3 * 3_600_000) });
    await ensureRecurringJobs({ db, jobs });
    const worker = createOutboxWorker({ db, handlers: createRecurringJobHandlers({ db, jobs }) });
    await worker.drain();
    expect(ran).toEqual(['rollup']);
    expect((await runsOf(db, 'rollup')).map((r) => [r.trigger, r.outcome])).toEqual([['catch_up', 'succeeded']]);
    expect((await runsOf(db, 'greeting')).map((r) => [r.trigger, r.outcome])).toEqual([['schedule', 'skipped']]);
    for (const name of ['rollup', 'greeting']) {
      const waiting = await waitingSlots(db, name);
      expect(waiting).toHaveLength(1);
      expect(waiting[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('runs a due slot once when two workers on the same database race for it: one run row per slot', async () => {
    const db = shared.db;
    let calls = 0;
    const job: TRecurringJob = {
      name: 'raced',
      cron: '*/5 * * * *',
      description: 'test',
      run: async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 50));
      },
    };
    // Two processes' workers: each its own handlers over the same database (on PostgreSQL each its own pool).
    const dbs = db.kind === 'postgres' ? [db, db.worker] : [db, db];
    const workers = dbs.map((d) => createOutboxWorker({ db: d, handlers: createRecurringJobHandlers({ db: d, jobs: [job] }), concurrency: 2 }));
    await Promise.all(dbs.map((d) => ensureRecurringJobs({ db: d, jobs: [job] })));
    await makeDue(db, 'raced');
    const drained = await Promise.all([...workers, ...workers].map((w) => w.drain()));
    expect(drained.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(calls).toBe(1);
    const runs = await runsOf(db, 'raced');
    expect(runs).toHaveLength(1);
    expect(runs[0]!.outcome).toBe('succeeded');
    expect(await waitingSlots(db, 'raced')).toHaveLength(1);
  });

  it('runs now once at a time (a second ask while it runs is refused), beside the waiting slot', async () => {
    const db = shared.db;
    const job: TRecurringJob = { name: 'on-demand', cron: '0 3 * * *', description: 'test', run: async () => undefined };
    const worker = createOutboxWorker({ db, handlers: createRecurringJobHandlers({ db, jobs: [job] }) });
    await ensureRecurringJobs({ db, jobs: [job] });
    const results = await Promise.all([startManualRun({ db, job, userId: null }), startManualRun({ db, job, userId: null })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'running' });
    await worker.drain();
    expect((await runsOf(db, 'on-demand')).map((r) => [r.trigger, r.outcome])).toEqual([['manual', 'succeeded']]);
    // The daily slot still waits, untouched.
    const waiting = await waitingSlots(db, 'on-demand');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it(`keeps the last ${CRON_RUNS_KEPT} runs of a job`, async () => {
    const db = shared.db;
    await runInScope(db, { companyId: null, system: true }, (tx) =>
      tx.execute(sql`
        insert into cron_job_runs (job, trigger, started_at, outcome, process)
        select 'busy', 'manual', now() - make_interval(mins => g), 'succeeded', 'test' from generate_series(1, ${CRON_RUNS_KEPT + 20}) g`),
    );
    const job: TRecurringJob = { name: 'busy', cron: '0 3 * * *', description: 'test', run: async () => undefined };
    const worker = createOutboxWorker({ db, handlers: createRecurringJobHandlers({ db, jobs: [job] }) });
    const started = await startManualRun({ db, job, userId: null });
    await worker.drain();
    const runs = await runsOf(db, 'busy');
    expect(runs).toHaveLength(CRON_RUNS_KEPT);
    expect(started.ok && runs.some((r) => r.id === started.run.id)).toBe(true);
  });
});
