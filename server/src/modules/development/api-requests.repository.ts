import { and, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
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

/** The filters but the text search (the indexed part of a list). */
function filterOf(f: TApiCallFilter): SQL | undefined {
  return and(
    f.companyId !== undefined ? eq(apiCalls.companyId, f.companyId) : undefined,
    f.vendor ? eq(apiCalls.vendor, f.vendor) : undefined,
    statusFilter(f.statusClass),
    f.subjectType ? eq(apiCalls.subjectType, f.subjectType) : undefined,
    f.subjectId !== undefined ? eq(apiCalls.subjectId, f.subjectId) : undefined,
    f.from ? gte(apiCalls.createdAt, f.from) : undefined,
    f.to ? lt(apiCalls.createdAt, f.to) : undefined,
  );
}

/** `q` as a case-insensitive substring of URL, operation, error or a body; `%`, `_` and `\` match only themselves. */
function textMatchOf(q: string): SQL {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(apiCalls.url, like),
    ilike(apiCalls.operation, like),
    ilike(apiCalls.error, like),
    ilike(apiCalls.requestBody, like),
    ilike(apiCalls.responseBody, like),
  )!;
}

/**
 * Rows of the newest-first walk a text search looks at before it turns to the trigram indexes: a common term fills
 * the page from the first rows (cheap); a rare one would read the whole range that way.
 */
export const SEARCH_WALK_ROWS = 5000;
const ORDER = [desc(apiCalls.createdAt), desc(apiCalls.id)];

async function pageByIds(tx: TTx, ids: number[]): Promise<TApiCallListRow[]> {
  if (!ids.length) return [];
  return tx
    .select({ ...LIST_COLUMNS, companyName: companies.name })
    .from(apiCalls)
    .leftJoin(companies, eq(companies.id, apiCalls.companyId))
    .where(inArray(apiCalls.id, ids))
    .orderBy(...ORDER);
}

/**
 * A text search's page: first the newest SEARCH_WALK_ROWS rows of the range are walked (index order) and tested; when
 * they hold a full page, or are the whole range, that is the answer. Otherwise the term is rare: the matches are
 * collected through the trigram indexes (migration 0042; a MATERIALIZED CTE, so the planner cannot turn it back into
 * the walk, which its estimate for a rare term would prefer and which read 5M rows in 100 s) and the newest taken.
 */
async function searchPage(tx: TTx, opts: { filter: SQL | undefined; cursor: SQL | undefined; q: string; limit: number }): Promise<TApiCallListRow[]> {
  const match = textMatchOf(opts.q);
  // Lazy: the walk stops at the page's last hit; a sentinel row says the window was used up (rn = SEARCH_WALK_ROWS).
  const res1 = await tx.execute(sql`
    select id, hit, rn from (
      select ${apiCalls.id} as id, coalesce(${match}, false) as hit,
             row_number() over (order by ${apiCalls.createdAt} desc, ${apiCalls.id} desc) as rn
      from ${apiCalls} where ${and(opts.filter, opts.cursor) ?? sql`true`}
      order by ${apiCalls.createdAt} desc, ${apiCalls.id} desc limit ${SEARCH_WALK_ROWS}
    ) w where hit or rn = ${SEARCH_WALK_ROWS} limit ${opts.limit + 1}`);
  const walked = res1.rows as { id: unknown; hit: boolean; rn: unknown }[];
  const hits = walked.filter((r) => r.hit).slice(0, opts.limit);
  const windowUsedUp = walked.some((r) => Number(r.rn) === SEARCH_WALK_ROWS);
  if (hits.length === opts.limit || !windowUsedUp)
    return pageByIds(
      tx,
      hits.map((r) => Number(r.id)),
    );
  const where = and(opts.filter, opts.cursor, match);
  const res = await tx.execute(sql`
    with m as materialized (select ${apiCalls.id} as id, ${apiCalls.createdAt} as created_at from ${apiCalls} where ${where})
    select id from m order by created_at desc, id desc limit ${opts.limit}`);
  return pageByIds(
    tx,
    (res.rows as { id: unknown }[]).map((r) => Number(r.id)),
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
  if (opts.filter.q) return { rows: await searchPage(tx, { filter, cursor, q: opts.filter.q, limit: opts.limit }), total: null };
  const rows = await tx
    .select({ ...LIST_COLUMNS, companyName: companies.name })
    .from(apiCalls)
    .leftJoin(companies, eq(companies.id, apiCalls.companyId))
    .where(and(filter, cursor))
    .orderBy(...ORDER)
    .limit(opts.limit);
  const total = opts.before ? null : await countRows(tx, { table: apiCalls, where: filter });
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
