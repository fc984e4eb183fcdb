import { and, count, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client';
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
  opts: { release?: string; before?: { receivedAt: Date; id?: number }; limit: number },
): Promise<{ rows: TErrorReportRow[]; total: number }> {
  const filter = opts.release !== undefined ? eq(errorReports.release, opts.release) : undefined;
  let cursor: SQL | undefined;
  if (opts.before) {
    const at = opts.before.receivedAt;
    cursor = opts.before.id
      ? or(lt(errorReports.receivedAt, at), and(eq(errorReports.receivedAt, at), lt(errorReports.id, opts.before.id)))
      : lt(errorReports.receivedAt, at);
  }
  const rows = await tx
    .select()
    .from(errorReports)
    .where(and(filter, cursor))
    .orderBy(desc(errorReports.receivedAt), desc(errorReports.id))
    .limit(opts.limit);
  const [{ n }] = (await tx.select({ n: count() }).from(errorReports).where(filter)) as [{ n: number }];
  return { rows, total: Number(n) };
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
