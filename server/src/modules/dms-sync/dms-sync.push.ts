import type { TAppDeps } from '../../context';
import type { TRepairOrderLinesApproved } from '../repair-orders/repair-orders.api';
import { runInScope, type TTx } from '../../db/client';
import { enqueueJob } from '../../jobs/outbox';
import { DmsError, type TDmsPushedLine } from '../../dms/dms';
import { findCompany } from '../companies/companies.api';
import { buildDmsAdapter, dmsSettingsOf, type TDmsLog } from './dms-sync.adapter';
import * as repo from './dms-sync.repository';
import type { TDmsPushRow } from './dms-sync.schema';

export const DMS_PUSH_JOB = 'dms:push_lines';
/** Back-off between attempts while the vendor is down: 30 s doubling up to an hour, without end (nothing is dropped). */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3600_000;

export function pushRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Queues approved lines for the DMS in the caller's transaction (the repair-orders module calls this when lines
 * are approved; app.ts attaches it to `repairOrderLinesApproved`). Only when the company sends approved lines to
 * its DMS, only approved lines not yet pushed and not from the DMS itself, each at most once (unique per line).
 * The caller wakes the worker (`deps.jobs.wake()`) after its commit.
 */
export async function enqueueApprovedLinePushes(tx: TTx, opts: { companyId: number; repairOrderId: number; lineIds: number[] }): Promise<number> {
  const company = await findCompany(tx, opts.companyId);
  const settings = company ? dmsSettingsOf(company) : null;
  if (!settings?.enabled || !settings.dmsType || !settings.sendApprovedRepairOrderLinesToDms) return 0;
  const order = await repo.findOrder(tx, { companyId: opts.companyId, id: opts.repairOrderId });
  // An order the DMS never had cannot take lines there; staff add them at the DMS by hand.
  if (!order?.dmsKey) return 0;
  const lines = await repo.findPushableLines(tx, opts);
  const queued = await repo.queuePushes(tx, { ...opts, lineIds: lines.map((l) => l.id) });
  if (queued) {
    await repo.refreshOrderDmsState(tx, { companyId: opts.companyId, repairOrderId: opts.repairOrderId });
    await enqueueJob(tx, { companyId: opts.companyId, kind: DMS_PUSH_JOB, payload: { repairOrderId: opts.repairOrderId } });
  }
  return queued;
}

/**
 * One push round for an order: takes its due pending rows (a hold, so two workers never send the same line at once),
 * sends them in one vendor call, and records the outcome. Returns when the order's next pending row is due (null:
 * nothing waits). A retry after a lost answer cannot add a line twice: both adapters read the order's current lines
 * first and report a line whose text is already there as pushed.
 */
export async function runPushRound(opts: { deps: TAppDeps; log: TDmsLog; companyId: number; repairOrderId: number }): Promise<Date | null> {
  const { deps, companyId, repairOrderId } = opts;
  const db = deps.db;
  // The hold outlasts the two vendor calls a push makes (read the order, add the lines).
  const leaseSeconds = Math.max(120, Math.ceil((deps.config.dms.timeoutMs * 3) / 1000));
  const prepared = await runInScope(db, { companyId }, async (tx) => {
    const claimed = await repo.claimDuePushes(tx, { companyId, repairOrderId, leaseSeconds });
    if (!claimed.length) return null;
    const company = await findCompany(tx, companyId);
    const target = await repo.findOrderForPush(tx, { companyId, id: repairOrderId });
    const lines = await repo.findLinesByIds(tx, { companyId, ids: claimed.map((p) => p.lineId) });
    return { claimed, company, target, lines };
  });
  if (!prepared) return null;
  const { claimed, company, target, lines } = prepared;
  const settings = company ? dmsSettingsOf(company) : null;

  const refuse = (error: string) => record({ deps, companyId, repairOrderId, claimed, pushed: [], error, retryable: false });
  if (!company || !settings?.enabled || !settings.dmsType) return refuse('The DMS link of the company is switched off.');
  if (!settings.sendApprovedRepairOrderLinesToDms) return refuse('Sending approved lines to the DMS is switched off.');
  if (!target?.order.dmsKey) return refuse('This repair order did not come from the DMS; add the lines there by hand.');

  const byId = new Map(lines.map((l) => [l.id, l]));
  const sendable = claimed.filter((p) => byId.get(p.lineId)?.status === 'approved');
  try {
    const adapter = buildDmsAdapter({ config: deps.config, company, log: opts.log, subject: { subjectType: 'repair_order', subjectId: repairOrderId } });
    if (!adapter) return refuse('The DMS link of the company is switched off.');
    const pushed = sendable.length
      ? await adapter.pushApprovedLines({
          // The writer is left to the DMS order itself: naming another one makes Dealertrack refuse (RO27).
          repairOrder: { dmsKey: target.order.dmsKey, number: target.order.number, vin: target.vin },
          lines: sendable.map((p) => ({ ref: String(p.lineId), description: byId.get(p.lineId)!.description, priceCents: byId.get(p.lineId)!.priceCents })),
        })
      : [];
    const unsent = claimed.filter((p) => !sendable.includes(p));
    return record({ deps, companyId, repairOrderId, claimed, pushed, error: unsent.length ? 'The line is no longer approved.' : null, retryable: false });
  } catch (err) {
    if (err instanceof DmsError)
      return record({
        deps,
        companyId,
        repairOrderId,
        claimed,
        pushed: err.pushedLines,
        error: err.message,
        retryable: err.retryable,
        retryAfterMs: err.retryAfterMs,
      });
    opts.log.warn({ err, companyId, repairOrderId }, 'DMS push failed unexpectedly');
    return record({ deps, companyId, repairOrderId, claimed, pushed: [], error: 'The push failed unexpectedly; it will be tried again.', retryable: true });
  }
}

/** Writes the outcome of a round: pushed lines done (and stamped), the others waiting for a retry or failed. */
async function record(o: {
  deps: TAppDeps;
  companyId: number;
  repairOrderId: number;
  claimed: TDmsPushRow[];
  pushed: TDmsPushedLine[];
  error: string | null;
  retryable: boolean;
  retryAfterMs?: number | null;
}): Promise<Date | null> {
  const done = new Map(o.pushed.map((p) => [Number(p.ref), p.dmsLineKey]));
  return runInScope(o.deps.db, { companyId: o.companyId }, async (tx) => {
    for (const p of o.claimed) {
      if (done.has(p.lineId)) {
        const dmsLineKey = done.get(p.lineId) ?? null;
        await repo.markPushDone(tx, { companyId: o.companyId, id: p.id, dmsLineKey });
        await repo.markLinePushed(tx, { companyId: o.companyId, lineId: p.lineId, dmsKey: dmsLineKey });
      } else {
        const delay = Math.max(pushRetryDelayMs(p.attempts), o.retryAfterMs ?? 0);
        await repo.markPushWaiting(tx, {
          companyId: o.companyId,
          id: p.id,
          error: o.error ?? 'The DMS did not confirm this line.',
          nextAttemptAt: new Date(Date.now() + delay),
          failed: !o.retryable,
        });
      }
    }
    await repo.refreshOrderDmsState(tx, { companyId: o.companyId, repairOrderId: o.repairOrderId });
    return repo.nextPendingAt(tx, { companyId: o.companyId, repairOrderId: o.repairOrderId });
  });
}

/**
 * The reaction app.ts attaches to repair orders' `repairOrderLinesApproved`: module-level, so attaching it again (a
 * second app in the same process) is a no-op. The outbox worker's poll picks the push up after the commit.
 */
export async function pushApprovedLines(event: TRepairOrderLinesApproved): Promise<void> {
  await enqueueApprovedLinePushes(event.tx, { companyId: event.order.companyId, repairOrderId: event.order.id, lineIds: event.lines.map((l) => l.id) });
}
