import type { TApiRequest, TApiRequestDetail, TApiRequestListQuery, TCallSubjectType } from '@cd/contracts/dev-logs';
import { DEV_LOG_LIMITS } from '@cd/contracts/dev-logs';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { TListTotal } from '../../lib/hydra';
import { flushOutsideCalls, statusClassOf } from '../../lib/outside-calls/recorder';
import * as repo from './api-requests.repository';

const SYSTEM = { companyId: null, system: true } as const;

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
