import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { runInScope, type TDatabase } from '../db/client';
import { createTestApp } from '../../test/helpers';
import { createOutboxWorker } from './outbox';
import { outboxJobs } from './outbox.schema';
import { createRecurringJobHandlers, ensureRecurringJobs, nextSlotOf, recurringKindOf, type TRecurringJob } from './recurring';

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
