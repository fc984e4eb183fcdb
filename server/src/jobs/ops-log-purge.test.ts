import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, unique, type TTestApp } from '../../test/helpers';
import { runInScope } from '../db/client';
import { apiCalls } from '../lib/outside-calls/api-calls.schema';
import { createOpsLogPurgeJob, purgeOldLogRows } from './ops-log-purge';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SYSTEM = { companyId: null, system: true } as const;

async function insertCalls(vendor: string, ages: number[]): Promise<void> {
  await runInScope(t.db, SYSTEM, (tx) =>
    tx.insert(apiCalls).values(
      ages.map((days, i) => ({
        vendor,
        operation: `op${i}`,
        method: 'GET',
        url: 'https://x.example',
        status: 200,
        durationMs: 1,
        requestHeaders: {},
        responseHeaders: {},
        createdAt: new Date(Date.now() - days * 86_400_000),
      })),
    ),
  );
}

async function countOf(vendor: string): Promise<{ old: number; recent: number }> {
  const res = await runInScope(t.db, SYSTEM, (tx) =>
    tx.execute(sql`select count(*) filter (where created_at < now() - interval '10 days')::int as old,
                          count(*) filter (where created_at >= now() - interval '10 days')::int as recent
                   from api_calls where vendor = ${vendor}`),
  );
  return res.rows[0] as { old: number; recent: number };
}

describe('log retention', () => {
  it('deletes old rows in batches and keeps every newer one', async () => {
    const vendor = unique('purge').toLowerCase();
    await insertCalls(vendor, [...Array(7).fill(30), ...Array(4).fill(1), 0]);
    // Rows of other tests may be old too: the cut-off is far in the past so only these (and older) go.
    const before = new Date(Date.now() - 20 * 86_400_000);
    const res = await purgeOldLogRows({ db: t.db, table: 'api_calls', before, batchSize: 3, pauseMs: 0 });
    expect(res.deleted).toBeGreaterThanOrEqual(7);
    expect(res.batches).toBeGreaterThanOrEqual(3);
    expect(await countOf(vendor)).toEqual({ old: 0, recent: 5 });
  });

  it('stops after maxBatches and refuses a table that is no log table', async () => {
    const vendor = unique('purgemax').toLowerCase();
    await insertCalls(vendor, Array(5).fill(400));
    const res = await purgeOldLogRows({
      db: t.db,
      table: 'api_calls',
      before: new Date(Date.now() - 300 * 86_400_000),
      batchSize: 2,
      pauseMs: 0,
      maxBatches: 1,
    });
    expect(res).toEqual({ deleted: 2, batches: 1 });
    expect((await countOf(vendor)).old).toBe(3);
    await expect(purgeOldLogRows({ db: t.db, table: 'nope' as 'api_calls', before: new Date() })).rejects.toThrow();
  });

  it('runs as the hourly ops-log-purge job with the configured retention', async () => {
    const vendor = unique('purgejob').toLowerCase();
    await insertCalls(vendor, [15, 13]);
    const job = createOpsLogPurgeJob({ db: t.db, retentionDays: 14 });
    expect(job.name).toBe('ops-log-purge');
    await job.run({ slot: new Date() });
    expect(await countOf(vendor)).toEqual({ old: 1, recent: 0 });
  });
});
