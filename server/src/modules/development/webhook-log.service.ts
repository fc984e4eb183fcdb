import { randomUUID } from 'node:crypto';
import type {
  TWebhookOutcome,
  TWebhookRequest,
  TWebhookRequestDetail,
  TWebhookRequestListQuery,
  TWebhookSource,
  TWebhookVerification,
} from '@cd/contracts/dev-logs';
import { DEV_LOG_LIMITS } from '@cd/contracts/dev-logs';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { REDACTED } from '../../lib/secret-redact';
import { replayHeaders } from './webhook-log.api';
import { awaitReplayEntry, webhookTargetOf } from './webhook-log.capture';
import * as repo from './webhook-log.repository';
import { flushWebhookLog } from './webhook-log.sink';

const SYSTEM = { companyId: null, system: true } as const;

function requireSuperAdmin(ctx: TRequestContext): void {
  if (!ctx.actor.isSuperAdmin) throw new AppError('forbidden', 'Only a super admin may read the webhook log.');
}

export function toWebhookRequestResource(r: repo.TWebhookRequestListRow): TWebhookRequest {
  return {
    '@id': `/api/development/webhook_requests/${r.id}`,
    '@type': 'WebhookRequest',
    id: r.id,
    companyId: r.companyId,
    companyName: r.companyName,
    source: r.source as TWebhookSource,
    method: r.method,
    url: r.url,
    status: r.status,
    verification: r.verification as TWebhookVerification,
    outcome: r.outcome as TWebhookOutcome,
    error: r.error,
    durationMs: r.durationMs,
    replayOf: r.replayOf,
    replayCount: r.replayCount,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toWebhookRequestDetail(r: repo.TWebhookRequestListRow): TWebhookRequestDetail {
  return { ...toWebhookRequestResource(r), requestHeaders: r.requestHeaders, contentType: r.contentType, body: r.body, responseBody: r.responseBody };
}

/** Newest first, keyset pages of 50; pending rows of this process are written first so what just arrived is listed. */
export async function listWebhookRequests(opts: { ctx: TRequestContext; query: TWebhookRequestListQuery }) {
  requireSuperAdmin(opts.ctx);
  const q = opts.query;
  if (q.from && q.to && new Date(q.from) >= new Date(q.to))
    throw new AppError('validation_failed', 'from must be before to.', [{ propertyPath: 'from', message: 'from must be before to.' }]);
  await flushWebhookLog();
  const limit = DEV_LOG_LIMITS.pageSize;
  const before = q['createdAt[strictly_before]'];
  const { rows, total } = await runInScope(opts.ctx.db, SYSTEM, (tx) =>
    repo.listWebhookRequests(tx, {
      filter: {
        companyId: q.company,
        source: q.source,
        verification: q.verification,
        outcome: q.outcome,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        q: q.q || undefined,
      },
      before: before ? { createdAt: new Date(before), id: q['id[lt]'] } : undefined,
      limit,
    }),
  );
  const last = rows.at(-1);
  return { member: rows.map(toWebhookRequestResource), total, full: rows.length === limit, last: last ? { at: last.createdAt, id: last.id } : null };
}

export async function getWebhookRequest(opts: { ctx: TRequestContext; id: number }): Promise<TWebhookRequestDetail> {
  requireSuperAdmin(opts.ctx);
  await flushWebhookLog();
  const row = await runInScope(opts.ctx.db, SYSTEM, (tx) => repo.findWebhookRequest(tx, opts.id));
  if (!row) throw new AppError('not_found', 'Webhook request not found.');
  return toWebhookRequestDetail(row);
}

/** Only deliveries whose signature was checked may be re-run without one: a forged request is never replayed. */
const REPLAYABLE: ReadonlySet<string> = new Set(['valid', 'duplicate', 'replayed']);
/** Headers the injected replay must not copy (transport ones, and every value the redactor replaced). */
const NOT_RESENT = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

export type TInject = (opts: { method: 'POST'; url: string; headers: Record<string, string>; payload: string }) => Promise<unknown>;

/**
 * Re-runs a stored delivery through its route (app.inject) as a verified replay: the handler's own de-duplication by
 * provider id makes a second run change nothing. The replay is stored as a new entry (`replayed`, replay_of the
 * original delivery) and the original's replay count goes up.
 */
export async function replayWebhookRequest(opts: { ctx: TRequestContext; id: number; inject: TInject }): Promise<TWebhookRequestDetail> {
  requireSuperAdmin(opts.ctx);
  await flushWebhookLog();
  const row = await runInScope(opts.ctx.db, SYSTEM, (tx) => repo.findWebhookRequest(tx, opts.id));
  if (!row) throw new AppError('not_found', 'Webhook request not found.');
  const refuse = (message: string) => new AppError('validation_failed', message, [{ propertyPath: 'id', message }]);
  if (row.method !== 'POST') throw refuse('Only POST deliveries can be replayed (a GET is a subscription handshake).');
  if (!REPLAYABLE.has(row.verification)) throw refuse(`A delivery that failed verification (${row.verification}) is never replayed.`);
  // Rows are only written for webhook routes; re-checked so a replay can never be aimed anywhere else.
  const path = row.url.split('?')[0]!;
  if (!webhookTargetOf(row.url) || /\/\.|%2e/i.test(path)) throw refuse('Only webhook deliveries can be replayed.');
  if (row.body === null) throw refuse('The body of this delivery was not kept (over 256 KB), so it cannot be replayed.');

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(row.requestHeaders)) if (!NOT_RESENT.has(name) && value !== REDACTED) headers[name] = value;
  const replayId = randomUUID();
  const captured = awaitReplayEntry(replayId);
  await opts.inject({ method: 'POST', url: row.url, headers: { ...headers, ...replayHeaders(replayId) }, payload: row.body });
  const entry = await captured;
  if (!entry) throw new AppError('service_unavailable', 'The replay ran but its answer was not captured.');
  // A replay of a replay counts on the first delivery.
  const original = row.replayOf ?? row.id;
  const stored = await runInScope(opts.ctx.db, SYSTEM, async (tx) => {
    const inserted = await repo.insertReplayEntry(tx, { entry, replayOf: original });
    return repo.findWebhookRequest(tx, inserted.id);
  });
  return toWebhookRequestDetail(stored!);
}
