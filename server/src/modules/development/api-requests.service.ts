import type { TApiRequest, TApiRequestDetail, TApiRequestListQuery, TCallSubjectType } from '@cd/contracts/dev-logs';
import { DEV_LOG_LIMITS } from '@cd/contracts/dev-logs';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import { flushOutsideCalls, statusClassOf } from '../../lib/outside-calls/recorder';
import * as repo from './api-requests.repository';

const SYSTEM = { companyId: null, system: true } as const;
/**
 * Shortest text search: the log's trigram indexes (migration 0042) serve `ILIKE '%term%'` from three letters or digits
 * in a row; any other term (`ab`, `%_\\`, `a-b`) has no trigram to look up and would read every row, so it is refused.
 */
export const MIN_SEARCH_CHARS = 3;
export const SEARCH_TOO_SHORT = `Search for at least ${MIN_SEARCH_CHARS} letters or digits in a row.`;
/** The trigram index only helps when the term holds a run of 3 letters/digits (pg_trgm ignores other characters). */
const INDEXABLE_TERM = new RegExp(`[\\p{L}\\p{N}]{${MIN_SEARCH_CHARS}}`, 'u');

function requireSuperAdmin(ctx: TRequestContext): void {
  if (!ctx.actor.isSuperAdmin) throw new AppError('forbidden', 'Only a super admin may read the outgoing API log.');
}

function toApiRequestResource(r: repo.TApiCallListRow): TApiRequest {
  return {
    '@id': `/api/development/api_requests/${r.id}`,
    '@type': 'ApiRequest',
    id: r.id,
    companyId: r.companyId,
    companyName: r.companyName,
    vendor: r.vendor,
    operation: r.operation,
    method: r.method,
    url: r.url,
    status: r.status,
    statusClass: statusClassOf(r.status),
    durationMs: r.durationMs,
    error: r.error,
    subjectType: (r.subjectType as TCallSubjectType | null) ?? null,
    subjectId: r.subjectId,
    createdAt: r.createdAt.toISOString(),
  };
}

function toApiRequestDetail(r: repo.TApiCallDetailRow): TApiRequestDetail {
  return {
    ...toApiRequestResource(r),
    requestHeaders: r.requestHeaders,
    requestBody: r.requestBody,
    responseHeaders: r.responseHeaders,
    responseBody: r.responseBody,
  };
}

function dateOf(v: string | undefined): Date | undefined {
  return v === undefined ? undefined : new Date(v);
}

export async function listApiRequests(opts: {
  ctx: TRequestContext;
  query: TApiRequestListQuery;
}): Promise<{ member: TApiRequest[]; total: TListTotal | null; full: boolean; last: { at: Date; id: number } | null }> {
  requireSuperAdmin(opts.ctx);
  const q = opts.query;
  const from = dateOf(q.from);
  const to = dateOf(q.to);
  if (from && to && from >= to) throw new AppError('bad_request', '`from` must be before `to`.');
  if (q.q && !INDEXABLE_TERM.test(q.q)) throw new AppError('validation_failed', SEARCH_TOO_SHORT, [{ propertyPath: 'q', message: SEARCH_TOO_SHORT }]);
  // Calls recorded a moment ago are still in the writer's buffer: the list shows them.
  await flushOutsideCalls();
  const strictlyBefore = q['createdAt[strictly_before]'];
  const limit = DEV_LOG_LIMITS.pageSize;
  const { rows, total } = await runInScope(opts.ctx.db, SYSTEM, (tx) =>
    repo.listApiCalls(tx, {
      filter: {
        companyId: q.company,
        vendor: q.vendor,
        statusClass: q.statusClass,
        subjectType: q.subjectType,
        subjectId: q.subjectId,
        from,
        to,
        q: q.q || undefined,
      },
      before: strictlyBefore ? { createdAt: new Date(strictlyBefore), id: q['id[lt]'] } : undefined,
      limit,
    }),
  );
  const lastRow = rows.at(-1);
  return {
    member: rows.map(toApiRequestResource),
    total,
    full: rows.length === limit,
    last: lastRow ? { at: lastRow.createdAt, id: lastRow.id } : null,
  };
}

export async function getApiRequest(opts: { ctx: TRequestContext; id: number }): Promise<TApiRequestDetail> {
  requireSuperAdmin(opts.ctx);
  await flushOutsideCalls();
  const row = await runInScope(opts.ctx.db, SYSTEM, (tx) => repo.findApiCall(tx, opts.id));
  if (!row) throw new AppError('not_found', 'API request not found.');
  return toApiRequestDetail(row);
}
