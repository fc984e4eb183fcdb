import { sql } from 'drizzle-orm';
import { runInScope, type TDatabase } from '../db/client';
import { apiCalls, type TNewApiCall } from '../lib/outside-calls/api-calls.schema';
import type { TRecurringJob } from './recurring';

/** Tables the purge may touch: a fixed list, so the table name can go into the statement as an identifier. */
export const PURGEABLE_LOG_TABLES = ['api_calls', 'webhook_requests'] as const;
export type TPurgeableLogTable = (typeof PURGEABLE_LOG_TABLES)[number];

const DEFAULT_BATCH = 5000;
const PAUSE_MS = 50;

async function tableExists(db: TDatabase, table: string): Promise<boolean> {
  const res = await runInScope(db, { companyId: null, system: true }, (tx) => tx.execute(sql`select to_regclass(${`public.${table}`}) is not null as present`));
  return Boolean((res.rows[0] as { present?: boolean } | undefined)?.present);
}

/**
 * Deletes the rows of a log table older than `before`, one short transaction per batch: each batch picks the oldest
 * ids off the (created_at, id) index and deletes them by primary key, so no statement holds locks for long and the
 * table stays writable throughout. A table that does not exist (yet) is skipped. Returns the rows deleted.
 */
export async function purgeOldLogRows(opts: {
  db: TDatabase;
  table: TPurgeableLogTable;
  before: Date;
  batchSize?: number;
  /** Pause between batches, so the purge yields to the product's own writes. */
  pauseMs?: number;
  /** Stop after this many batches (a huge backlog is worked off over several runs). */
  maxBatches?: number;
}): Promise<{ deleted: number; batches: number }> {
  if (!PURGEABLE_LOG_TABLES.includes(opts.table)) throw new Error(`not a log table: ${opts.table}`);
  if (!(await tableExists(opts.db, opts.table))) return { deleted: 0, batches: 0 };
  const batchSize = opts.batchSize ?? DEFAULT_BATCH;
  const table = sql.identifier(opts.table);
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const n = await runInScope(opts.db, { companyId: null, system: true }, async (tx) => {
      const res = await tx.execute(sql`
        delete from ${table} where id in (
          select id from ${table} where created_at < ${opts.before} order by created_at, id limit ${batchSize}
        )`);
      return Number((res as { rowCount?: number | null }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0);
    });
    if (n > 0) batches++;
    deleted += n;
    if (n < batchSize || batches >= (opts.maxBatches ?? Number.POSITIVE_INFINITY)) break;
    await new Promise((r) => setTimeout(r, opts.pauseMs ?? PAUSE_MS));
  }
  return { deleted, batches };
}

/** The hourly retention job of the outgoing API log and the webhook log (OPS_LOG_RETENTION_DAYS). */
export function createOpsLogPurgeJob(opts: { db: TDatabase; retentionDays: number; log?: { info: (o: object, msg: string) => void } }): TRecurringJob {
  return {
    name: 'ops-log-purge',
    cron: '17 * * * *',
    description: `Deletes outgoing API log and webhook log entries older than ${opts.retentionDays} days, in batches.`,
    run: async ({ slot }) => {
      const before = new Date(slot.getTime() - opts.retentionDays * 86_400_000);
      for (const table of PURGEABLE_LOG_TABLES) {
        const { deleted } = await purgeOldLogRows({ db: opts.db, table, before });
        if (deleted) opts.log?.info({ table, deleted }, 'old log rows purged');
      }
    },
  };
}

/** The outgoing API log's writer, handed to lib's recorder by buildApp (lib itself never reaches the database). */
export function apiCallWriterOf(db: TDatabase): (rows: TNewApiCall[]) => Promise<void> {
  return async (rows) => {
    await runInScope(db, { companyId: null, system: true }, (tx) => tx.insert(apiCalls).values(rows));
  };
}
