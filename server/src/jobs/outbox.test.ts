import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { runInScope, type TDatabase } from '../db/client';
import { createTestApp } from '../../test/helpers';
import { completeJobs, createOutboxWorker, enqueueJobs, type TBatchJobHandler, type TJob } from './outbox';
import { outboxJobs } from './outbox.schema';

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

const enqueue = (db: TDatabase, kind: string, count: number) =>
  runInScope(db, { companyId: null, system: true }, (tx) =>
    enqueueJobs(
      tx,
      Array.from({ length: count }, (_, n) => ({ companyId: null, kind, payload: { n } })),
    ),
  );

const jobsOf = (db: TDatabase, ids: number[]) =>
  runInScope(db, { companyId: null, system: true }, (tx) => tx.select().from(outboxJobs).where(inArray(outboxJobs.id, ids)));

async function waitUntil(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('outbox worker', () => {
  it('keeps claiming while one slow job runs: later jobs do not wait for it', async () => {
    const db = await open();
    let release: () => void = () => undefined;
    const slowDone = new Promise<void>((r) => (release = r));
    const fast: number[] = [];
    const worker = createOutboxWorker({
      db,
      concurrency: 2,
      batchSize: 4,
      handlers: {
        'test.slow': () => slowDone,
        'test.fast': async ({ job }) => void fast.push(job.id),
      },
    });
    await enqueue(db, 'test.slow', 1);
    const fastIds = await enqueue(db, 'test.fast', 12);
    const drained = worker.drain();
    // Claimed four at a time, the twelve fast jobs would otherwise wait behind the slow one.
    await waitUntil(() => fast.length === 12, 'the fast jobs');
    release();
    expect(await drained).toBe(13);
    expect((await jobsOf(db, fastIds)).every((j) => j.doneAt !== null)).toBe(true);
  });

  it('hands a batch handler many jobs per prepare and many results per finish, and retries what finish gives back', async () => {
    const db = await open();
    const prepared: number[] = [];
    const finished: number[] = [];
    let refuse = -1;
    const handler: TBatchJobHandler<number, number> = {
      async prepare({ jobs }) {
        prepared.push(jobs.length);
        return { ready: new Map(jobs.map((j) => [j.id, Number(j.payload.n)])), failed: [] };
      },
      run: async ({ work }) => work * 10,
      async finish({ items }) {
        finished.push(items.length);
        const settled = items.filter((i) => i.outcome.ok && i.outcome.value !== refuse * 10);
        await runInScope(db, { companyId: null, system: true }, (tx) =>
          completeJobs(
            tx,
            settled.map((i) => i.job.id),
          ),
        );
        return items.filter((i) => !settled.includes(i)).map((i) => ({ job: i.job, error: new Error('provider busy') }));
      },
    };
    const worker = createOutboxWorker({ db, concurrency: 4, batchSize: 32, handlers: {}, batchHandlers: { 'test.batch': handler } });
    const ids = await enqueue(db, 'test.batch', 100);
    refuse = 7;
    expect(await worker.drain()).toBe(100);
    expect(prepared.reduce((a, b) => a + b, 0)).toBe(100);
    expect(prepared.length).toBeLessThan(20);
    expect(finished.reduce((a, b) => a + b, 0)).toBe(100);
    expect(finished.length).toBeLessThan(100);
    const rows = await jobsOf(db, ids);
    const retried = rows.filter((j) => j.doneAt === null);
    expect(retried.map((j: TJob) => j.payload.n)).toEqual([7]);
    expect(retried[0]!.lastError).toBe('provider busy');
    expect(retried[0]!.lockedUntil).toBeNull();
    expect(retried[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('leaves the jobs of a failed prepare for a later try and runs the others', async () => {
    const db = await open();
    const ran: number[] = [];
    const handler: TBatchJobHandler<number, number> = {
      async prepare({ jobs }) {
        const failed = jobs.filter((j) => Number(j.payload.n) % 2 === 1).map((job) => ({ job, error: new Error('tenant unavailable') }));
        return { ready: new Map(jobs.filter((j) => Number(j.payload.n) % 2 === 0).map((j) => [j.id, Number(j.payload.n)])), failed };
      },
      run: async ({ work }) => {
        ran.push(work);
        return work;
      },
      async finish({ items }) {
        await runInScope(db, { companyId: null, system: true }, (tx) =>
          completeJobs(
            tx,
            items.map((i) => i.job.id),
          ),
        );
        return [];
      },
    };
    const worker = createOutboxWorker({ db, concurrency: 2, batchSize: 8, handlers: {}, batchHandlers: { 'test.half': handler } });
    const ids = await enqueue(db, 'test.half', 6);
    expect(await worker.drain()).toBe(6);
    expect(ran.sort()).toEqual([0, 2, 4]);
    const waiting = (await jobsOf(db, ids)).filter((j) => j.doneAt === null);
    expect(waiting.map((j) => Number(j.payload.n)).sort()).toEqual([1, 3, 5]);
    expect(waiting.every((j) => j.lastError === 'tenant unavailable' && j.attempts === 1)).toBe(true);
  });
});
