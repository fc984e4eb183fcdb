import type { TErrorReport } from '@cd/contracts/error-report';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import * as repo from './error-reports.repository';
import type { TErrorReportRow, TNewErrorReport } from './error-reports.schema';
import { clip, EnvelopeError, extractEvent, parseEnvelope } from './sentry-envelope';

const SYSTEM = { companyId: null, system: true } as const;
/** Events stored from one envelope; an SDK sends one, more is someone padding the table. */
const MAX_EVENTS_PER_ENVELOPE = 5;
/** Reports are for fixing the current releases: older ones are dropped as new ones arrive. */
export const ERROR_REPORT_RETENTION_DAYS = 30;

/**
 * Stores the error events of one envelope. `reporter` is the signed-in user when the request carried a valid bearer
 * token; the user id inside the envelope is kept apart, as an unverified hint.
 */
export async function receiveErrorEnvelope(opts: {
  deps: Pick<TAppDeps, 'db'>;
  body: Buffer;
  userAgent: string | undefined;
  reporter: { userId: number; companyId: number | null } | null;
}): Promise<{ id: string | null; stored: number }> {
  let rows: TNewErrorReport[];
  let header: Record<string, unknown>;
  try {
    const envelope = parseEnvelope(opts.body);
    header = envelope.header;
    // Sessions, client reports, transactions… are accepted and dropped: only errors are kept.
    const events = envelope.items.filter((i) => i.type === 'event');
    if (events.length > MAX_EVENTS_PER_ENVELOPE) throw new EnvelopeError(`An envelope holds at most ${MAX_EVENTS_PER_ENVELOPE} events.`);
    rows = events.map((item) => ({
      ...extractEvent(item.payload, header),
      userAgent: clip(opts.userAgent, 500),
      userId: opts.reporter?.userId ?? null,
      companyId: opts.reporter?.companyId ?? null,
    }));
  } catch (err) {
    if (err instanceof EnvelopeError) throw new AppError('bad_request', err.message);
    throw err;
  }
  if (rows.length)
    await runInScope(opts.deps.db, SYSTEM, async (tx) => {
      await repo.deleteErrorReportsBefore(tx, new Date(Date.now() - ERROR_REPORT_RETENTION_DAYS * 86_400_000));
      await repo.insertErrorReports(tx, rows);
    });
  return { id: rows[0]?.eventId ?? clip(header.event_id, 64), stored: rows.length };
}

function requireSuperAdmin(ctx: TRequestContext): void {
  requireArea({ ctx, area: 'error_reports', message: 'Only a super admin may read error reports.' });
}

export function toErrorReportResource(r: TErrorReportRow): TErrorReport {
  return {
    '@id': `/api/error_reports/${r.id}`,
    '@type': 'ErrorReport',
    id: r.id,
    receivedAt: r.receivedAt.toISOString(),
    occurredAt: r.occurredAt?.toISOString() ?? null,
    eventId: r.eventId,
    release: r.release,
    environment: r.environment,
    level: r.level,
    message: r.message,
    exceptionType: r.exceptionType,
    exceptionValue: r.exceptionValue,
    stack: r.stack,
    url: r.url,
    userAgent: r.userAgent,
    userId: r.userId,
    companyId: r.companyId,
    reportedUserId: r.reportedUserId,
  };
}

export async function listErrorReports(opts: {
  ctx: TRequestContext;
  release?: string;
  before?: { receivedAt: Date; id?: number };
  limit: number;
  exactTotal?: boolean;
}) {
  requireSuperAdmin(opts.ctx);
  const { ctx, ...filter } = opts;
  const { rows, total } = await runInScope(ctx.db, SYSTEM, (tx) => repo.listErrorReports(tx, filter));
  return { member: rows.map(toErrorReportResource), total, last: rows.at(-1) ?? null, full: rows.length === opts.limit };
}

export async function getErrorReport(opts: { ctx: TRequestContext; id: number }): Promise<TErrorReport> {
  requireSuperAdmin(opts.ctx);
  const row = await runInScope(opts.ctx.db, SYSTEM, (tx) => repo.findErrorReport(tx, opts.id));
  if (!row) throw new AppError('not_found', 'Error report not found.');
  return toErrorReportResource(row);
}

export async function listErrorReportReleases(opts: { ctx: TRequestContext }): Promise<{ member: string[] }> {
  requireSuperAdmin(opts.ctx);
  return { member: await runInScope(opts.ctx.db, SYSTEM, (tx) => repo.listReportedReleases(tx, { limit: 100 })) };
}
