import { and, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TStatusClass } from '@cd/contracts/dev-logs';
import type { TTx } from '../../db/client';
import { countRows } from '../../db/capped-count';
import type { TListTotal } from '../../lib/hydra';
import { apiCalls, type TApiCallRow } from '../../lib/outside-calls/api-calls.schema';
import { companies } from '../companies/companies.schema';

export interface TApiCallFilter {
  companyId?: number;
  vendor?: string;
  statusClass?: TStatusClass;
  subjectType?: string;
  subjectId?: number;
  from?: Date;
  to?: Date;
  q?: string;
}

/** A list row: everything but headers and bodies (they can be 64 KB each; the detail reads them). */
const LIST_COLUMNS = {
  id: apiCalls.id,
  companyId: apiCalls.companyId,
  vendor: apiCalls.vendor,
  operation: apiCalls.operation,
  method: apiCalls.method,
  url: apiCalls.url,
  status: apiCalls.status,
  durationMs: apiCalls.durationMs,
  error: apiCalls.error,
  subjectType: apiCalls.subjectType,
  subjectId: apiCalls.subjectId,
  createdAt: apiCalls.createdAt,
};
export type TApiCallListRow = Pick<TApiCallRow, keyof typeof LIST_COLUMNS> & { companyName: string | null };
export type TApiCallDetailRow = TApiCallRow & { companyName: string | null };

function statusFilter(c: TStatusClass | undefined): SQL | undefined {
  if (!c) return undefined;
  if (c === 'none') return isNull(apiCalls.status);
  const low = Number(c[0]) * 100;
  return and(gte(apiCalls.status, low), lt(apiCalls.status, low + 100));
}

function filterOf(f: TApiCallFilter): SQL | undefined {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    f.companyId !== undefined ? eq(apiCalls.companyId, f.companyId) : undefined,
    f.vendor ? eq(apiCalls.vendor, f.vendor) : undefined,
    statusFilter(f.statusClass),
    f.subjectType ? eq(apiCalls.subjectType, f.subjectType) : undefined,
    f.subjectId !== undefined ? eq(apiCalls.subjectId, f.subjectId) : undefined,
    f.from ? gte(apiCalls.createdAt, f.from) : undefined,
    f.to ? lt(apiCalls.createdAt, f.to) : undefined,
    like
      ? or(
          ilike(apiCalls.url, like),
          ilike(apiCalls.operation, like),
          ilike(apiCalls.error, like),
          ilike(apiCalls.requestBody, like),
          ilike(apiCalls.responseBody, like),
        )
      : undefined,
  );
}

/**
 * Newest first, keyset paged on (created_at, id), company names joined: the page is one statement, the first page a
 * second one counting up to the cap (skipped for a text search, whose count would read the whole range).
 */
export async function listApiCalls(
  tx: TTx,
  opts: { filter: TApiCallFilter; before?: { createdAt: Date; id?: number }; limit: number },
): Promise<{ rows: TApiCallListRow[]; total: TListTotal | null }> {
  const filter = filterOf(opts.filter);
  let cursor: SQL | undefined;
  if (opts.before) {
    const at = opts.before.createdAt;
    // A row comparison bounds the index scan itself (an OR of two conditions would only filter it).
    cursor = opts.before.id ? sql`(${apiCalls.createdAt}, ${apiCalls.id}) < (${at}, ${opts.before.id})` : lt(apiCalls.createdAt, at);
  }
  const rows = await tx
    .select({ ...LIST_COLUMNS, companyName: companies.name })
    .from(apiCalls)
    .leftJoin(companies, eq(companies.id, apiCalls.companyId))
    .where(and(filter, cursor))
    .orderBy(desc(apiCalls.createdAt), desc(apiCalls.id))
    .limit(opts.limit);
  const total = opts.before || opts.filter.q ? null : await countRows(tx, { table: apiCalls, where: filter });
  return { rows, total };
}

export async function findApiCall(tx: TTx, id: number): Promise<TApiCallDetailRow | undefined> {
  const [r] = await tx
    .select({ row: apiCalls, companyName: companies.name })
    .from(apiCalls)
    .leftJoin(companies, eq(companies.id, apiCalls.companyId))
    .where(eq(apiCalls.id, id))
    .limit(1);
  return r && { ...r.row, companyName: r.companyName };
}
