import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
import { countRows } from '../../db/capped-count';
import type { TListTotal } from '../../lib/hydra';
import { errorReports, type TErrorReportRow, type TNewErrorReport } from './error-reports.schema';

export async function insertErrorReports(tx: TTx, rows: TNewErrorReport[]): Promise<void> {
  if (rows.length) await tx.insert(errorReports).values(rows);
}

/** Drops reports older than the retention; cheap on the received_at index when there is nothing to drop. */
export async function deleteErrorReportsBefore(tx: TTx, before: Date): Promise<number> {
  const res = await tx.delete(errorReports).where(lt(errorReports.receivedAt, before)).returning({ id: errorReports.id });
  return res.length;
}

/** Newest first, keyset paged on (receivedAt, id): a page costs the same however deep it is. */
export async function listErrorReports(
  tx: TTx,
  opts: { release?: string; before?: { receivedAt: Date; id?: number }; limit: number; exactTotal?: boolean },
): Promise<{ rows: TErrorReportRow[]; total: TListTotal | null }> {
  const filter = opts.release !== undefined ? eq(errorReports.release, opts.release) : undefined;
  let cursor: SQL | undefined;
  if (opts.before) {
    const at = opts.before.receivedAt;
    // A row comparison bounds the index scan itself (an OR of two conditions would only filter it).
    cursor = opts.before.id ? sql`(${errorReports.receivedAt}, ${errorReports.id}) < (${at}, ${opts.before.id})` : lt(errorReports.receivedAt, at);
  }
  const rows = await tx
    .select()
    .from(errorReports)
    .where(and(filter, cursor))
    .orderBy(desc(errorReports.receivedAt), desc(errorReports.id))
    .limit(opts.limit);
  // Later pages carry no total; the first counts up to a cap.
  const total = opts.before ? null : await countRows(tx, { table: errorReports, where: filter, exact: opts.exactTotal });
  return { rows, total };
}

export async function findErrorReport(tx: TTx, id: number): Promise<TErrorReportRow | undefined> {
  const [row] = await tx.select().from(errorReports).where(eq(errorReports.id, id)).limit(1);
  return row;
}

/** Releases that sent reports, most recently heard from first (the screen's release filter). */
export async function listReportedReleases(tx: TTx, opts: { limit: number }): Promise<string[]> {
  const res = await tx.execute(sql`
    select release from error_reports where release is not null
    group by release order by max(received_at) desc limit ${opts.limit}`);
  return res.rows.map((r: unknown) => String((r as { release: string }).release));
}
