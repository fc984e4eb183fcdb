import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TListTotal } from '../lib/hydra';
import type { TTx } from './client';

/**
 * Above this many rows a list's first page answers "at least N" instead of an exact total: counting every row of a
 * 100k-conversation inbox cost 85–89 % of the page's SQL (docs/performance.md), while counting up to the cap reads
 * at most cap + 1 index entries. `exactTotal=true` asks for the full count when a person wants it.
 */
export const TOTAL_COUNT_CAP = 1000;

/** Counts the rows matching `where`, stopping after `cap` + 1 unless `exact` asks for all of them. */
export async function countRows(tx: TTx, opts: { table: PgTable; where: SQL | undefined; exact?: boolean; cap?: number }): Promise<TListTotal> {
  const cap = opts.cap ?? TOTAL_COUNT_CAP;
  const where = opts.where ? sql` where ${opts.where}` : sql``;
  const res = opts.exact
    ? await tx.execute(sql`select count(*)::int as n from ${opts.table}${where}`)
    : await tx.execute(sql`select count(*)::int as n from (select 1 from ${opts.table}${where} limit ${cap + 1}) capped`);
  const n = Number((res.rows[0] as { n: number | string } | undefined)?.n ?? 0);
  return opts.exact || n <= cap ? { exact: n } : { atLeast: cap };
}
