import { DEV_LOG_LIMITS, type TDevStats, type TStatsQuery } from '@cd/contracts/dev-logs';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { readOutboxDepth, totalOutboxDepth } from '../../jobs/outbox-depth';
import { validationError } from '../../lib/errors';
import { flushOutsideCalls } from '../../lib/outside-calls/recorder';
import { requireArea } from '../../lib/require-area';
import * as repo from './stats.repository';
import { flushWebhookLog } from './webhook-log.sink';

const SYSTEM = { companyId: null, system: true } as const;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const DEFAULT_STATS_RANGE_MS = DAY_MS;

/** The contract's bucket rule: minutes up to 6 h, hours up to 7 days, days beyond. */
export function bucketSecondsFor(rangeMs: number): number {
  if (rangeMs <= 6 * HOUR_MS) return 60;
  if (rangeMs <= 7 * DAY_MS) return 3600;
  return 86_400;
}

/** Default: the 24 hours before `to`, and `to` defaults to now. */
export function resolveStatsRange(opts: { from?: string; to?: string; now?: Date }): { from: Date; to: Date } {
  const to = opts.to ? new Date(opts.to) : (opts.now ?? new Date());
  const from = opts.from ? new Date(opts.from) : new Date(to.getTime() - DEFAULT_STATS_RANGE_MS);
  if (from >= to) throw validationError([{ propertyPath: 'from', message: '`from` must be before `to`.' }]);
  if (to.getTime() - from.getTime() > DEV_LOG_LIMITS.statsMaxDays * DAY_MS)
    throw validationError([{ propertyPath: 'to', message: `The range may span at most ${DEV_LOG_LIMITS.statsMaxDays} days.` }]);
  return { from, to };
}

const rate = (errors: number, calls: number) => (calls ? Math.round((errors / calls) * 10_000) / 10_000 : 0);

/**
 * Every bucket of the range, oldest first, with zeroes where nothing was called (charts need the gaps). The first
 * bucket is the aligned one holding `from`.
 */
function fillSeries(opts: { from: Date; to: Date; bucketSeconds: number; rows: Awaited<ReturnType<typeof repo.readCallSeries>> }): TDevStats['series'] {
  const step = opts.bucketSeconds * 1000;
  const byAt = new Map(opts.rows.map((r) => [r.at.getTime(), r]));
  const out: TDevStats['series'] = [];
  for (let at = Math.floor(opts.from.getTime() / step) * step; at < opts.to.getTime(); at += step) {
    const r = byAt.get(at);
    out.push({ at: new Date(at).toISOString(), calls: r?.calls ?? 0, errors: r?.errors ?? 0, p95Ms: r?.p95Ms ?? null });
  }
  return out;
}

/**
 * GET /api/development/stats (super admin): outside calls per vendor and company over the range, a time series,
 * webhooks received, and the job queue now. Four statements in one transaction, whatever the range or data.
 */
export async function readDevStats(opts: { ctx: TRequestContext; query: TStatsQuery; now?: Date }): Promise<TDevStats> {
  requireArea({ ctx: opts.ctx, area: 'development', message: 'Only a super admin may read the development stats.' });
  const { from, to } = resolveStatsRange({ ...opts.query, now: opts.now });
  const bucketSeconds = bucketSecondsFor(to.getTime() - from.getTime());
  const filter = { from, to, companyId: opts.query.company, vendor: opts.query.vendor };
  // Calls and webhooks of the last moment are still in their writers' buffers.
  await Promise.all([flushOutsideCalls(), flushWebhookLog()]);
  const { figures, series, webhooks, queue } = await runInScope(opts.ctx.db, SYSTEM, async (tx) => ({
    figures: await repo.readCallFigures(tx, filter),
    series: await repo.readCallSeries(tx, { ...filter, bucketSeconds }),
    webhooks: await repo.readWebhookFigures(tx, filter),
    queue: await readOutboxDepth(tx),
  }));
  const minutes = (to.getTime() - from.getTime()) / 60_000;
  const shape = (f: repo.TFiguresRow) => ({
    calls: f.calls,
    errors: f.errors,
    errorRate: rate(f.errors, f.calls),
    callsPerMinute: Math.round((f.calls / minutes) * 1000) / 1000,
    p50Ms: f.p50Ms,
    p95Ms: f.p95Ms,
  });
  const totals = totalOutboxDepth(queue);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    bucketSeconds,
    total: shape(figures.total),
    byVendor: figures.byVendor.map((v) => ({ ...shape(v), vendor: v.vendor })),
    byCompany: figures.byCompany.map((c) => ({ ...shape(c), companyId: c.companyId, companyName: c.companyName })),
    series: fillSeries({ from, to, bucketSeconds, rows: series }),
    webhooks,
    queue: {
      due: totals.due,
      scheduled: totals.scheduled,
      running: totals.running,
      failed: totals.failed,
      oldestDueAgeSeconds: totals.oldestDueAgeSeconds,
      byKind: queue.map((k) => ({ kind: k.kind, due: k.due, oldestDueAgeSeconds: k.oldestDueAgeSeconds })),
    },
  };
}
