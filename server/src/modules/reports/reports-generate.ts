import { readFile } from 'node:fs/promises';
import { REPORT_LIMITS } from '@cd/contracts/reports';
import type { TUsageMetrics } from '@cd/contracts/analytics';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { completeJob, enqueueJobs, rescheduleJob, type TJob, type TJobHandler } from '../../jobs/outbox';
import { deleteStoredFile, resolveStoragePath, writeStoredBuffer } from '../../lib/storage';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { computeUsageMetrics } from '../analytics/analytics.api';
import type { TReportDocumentInput } from './report-format';
import { composeReportMail } from './report-mail';
import { renderReportPdf } from './report-pdf';
import { renderReportXlsx, XLSX_MIME } from './report-xlsx';
import { reportEvent } from './reports.presenter';
import * as repo from './reports.repository';
import { REPORT_GENERATE_JOB, REPORT_MAIL_JOB } from './reports-planning';
import type { TReportRow } from './reports.schema';

/**
 * Generation of a report (docs/reports.md): pending → generating (its own committed step, so the list shows it) →
 * figures (analytics) → PDF and workbook → stored files → ready, with one mail job per recipient queued in that same
 * transaction. A failed attempt goes back to pending with its error visible and is tried again after a back-off, up
 * to REPORT_LIMITS.attempts; then it stays failed. "Run now" starts the attempts over.
 */

type TDeps = Pick<TAppDeps, 'db' | 'live' | 'config' | 'mailer' | 'jobs'>;

/** Back-off before attempt n + 1: 30 s, then 2 min. */
export function retryDelayMs(attempts: number): number {
  return 30_000 * 4 ** Math.max(0, attempts - 1);
}

async function documentOf(tx: TTx, row: TReportRow, metrics: TUsageMetrics, generatedAt: Date): Promise<TReportDocumentInput> {
  const company = await repo.findCompanyBasics(tx, row.companyId);
  return {
    reportId: row.id,
    kind: row.kind,
    companyName: company?.name ?? '',
    period: row.period,
    from: row.fromDay ?? metrics.from,
    to: row.toDay ?? metrics.to,
    timeZone: row.timeZone,
    generatedAt,
    filters: { agents: await repo.userNames(tx, { companyId: row.companyId, ids: row.filters.userIds ?? [] }), channels: row.filters.channels ?? [] },
    metrics,
  };
}

async function withEvents<T>(deps: TDeps, companyId: number, fn: (tx: TTx, emitRow: (id: number) => Promise<void>) => Promise<T>): Promise<T> {
  return runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) =>
      fn(tx, async (id) => {
        const row = await repo.findReport(tx, { companyId, id });
        if (row) emit([reportEvent(row, 'updated')]);
      }),
  });
}

/**
 * Told after a generated child of a recurring report starts, finishes or fails: the scheduled-jobs registry lists those
 * as runs of `report:{parent}` (app.ts wires the cron-jobs module's publisher; this module cannot import it).
 */
export type TReportRunListener = (run: { companyId: number; reportId: number }) => Promise<void>;

export async function generateReport(opts: { deps: TDeps; job: TJob; now?: Date; onRun?: TReportRunListener }): Promise<'rescheduled' | void> {
  const { deps, job } = opts;
  const companyId = job.companyId!;
  const id = Number(job.payload.reportId);
  const claimed = await withEvents(deps, companyId, async (tx, emitRow) => {
    const row = await repo.findReport(tx, { companyId, id, forUpdate: true });
    // Deleted, or already settled by an earlier run of this job: nothing to do (the worker completes the job).
    if (!row || !(await repo.startGeneration(tx, { companyId, id }))) return null;
    await emitRow(id);
    return { ...row, attempts: row.attempts + 1 };
  });
  if (!claimed) return;
  const told = async () => {
    if (claimed.parentId !== null && opts.onRun) await opts.onRun({ companyId, reportId: id });
  };
  await told();

  let files: { pdfKey: string; xlsxKey: string } | null = null;
  try {
    const generatedAt = opts.now ?? new Date();
    const metrics = await computeUsageMetrics({
      deps,
      companyId,
      from: claimed.fromDay!,
      to: claimed.toDay!,
      userIds: claimed.filters.userIds,
      channels: claimed.filters.channels,
      now: generatedAt,
    });
    const doc = await runInScope(deps.db, { companyId }, (tx) => documentOf(tx, claimed, metrics, generatedAt));
    const [pdf, xlsx] = await Promise.all([renderReportPdf(doc), renderReportXlsx(doc)]);
    const pdfKey = await writeStoredBuffer({ config: deps.config, companyId, mimeType: 'application/pdf', buffer: pdf });
    files = { pdfKey, xlsxKey: await writeStoredBuffer({ config: deps.config, companyId, mimeType: XLSX_MIME, buffer: xlsx }) };
    const stored = files;
    await withEvents(deps, companyId, async (tx, emitRow) => {
      await repo.finishGeneration(tx, { companyId, id, ...stored, metrics, generatedAt });
      if (claimed.notify && claimed.recipients.length)
        await enqueueJobs(
          tx,
          claimed.recipients.map((to) => ({ companyId, kind: REPORT_MAIL_JOB, payload: { reportId: id, to } })),
        );
      await completeJob(tx, job.id);
      await emitRow(id);
    });
  } catch (err) {
    if (files) for (const key of Object.values(files)) await deleteStoredFile({ config: deps.config, key });
    const final = claimed.attempts >= REPORT_LIMITS.attempts;
    const message = err instanceof Error ? err.message : String(err);
    await withEvents(deps, companyId, async (tx, emitRow) => {
      await repo.failGeneration(tx, { companyId, id, error: message, final });
      if (final) await completeJob(tx, job.id);
      else await rescheduleJob(tx, { jobId: job.id, runAt: new Date(Date.now() + retryDelayMs(claimed.attempts)), error: message });
      await emitRow(id);
    });
    await told();
    return 'rescheduled';
  }
  await told();
  // The files of an earlier generation (run again) go once the new ones are committed.
  for (const key of [claimed.pdfKey, claimed.xlsxKey]) if (key) await deleteStoredFile({ config: deps.config, key });
  deps.jobs.wake();
  return 'rescheduled';
}

/** Reads a stored file of a report; null when it is gone. */
export async function readReportFile(opts: { deps: Pick<TAppDeps, 'config'>; key: string }): Promise<Buffer | null> {
  const file = resolveStoragePath({ config: opts.deps.config, key: opts.key });
  if (!file) return null;
  return readFile(file).catch(() => null);
}

/** One recipient's mail. A report deleted or regenerating meanwhile is not mailed (its new generation mails again). */
export async function mailReport(opts: { deps: TDeps; job: TJob; now?: Date }): Promise<void> {
  const { deps, job } = opts;
  const companyId = job.companyId!;
  const id = Number(job.payload.reportId);
  const to = String(job.payload.to);
  const found = await runInScope(deps.db, { companyId }, async (tx) => {
    const row = await repo.findReport(tx, { companyId, id });
    if (!row || row.status !== 'ready' || !row.pdfKey || !row.xlsxKey || !row.recipients.includes(to)) return null;
    const metrics = await repo.findReportMetrics(tx, { companyId, id });
    if (!metrics) return null;
    return { row, doc: await documentOf(tx, row, metrics, row.generatedAt ?? new Date()) };
  });
  if (!found) return;
  const [pdf, xlsx] = await Promise.all([readReportFile({ deps, key: found.row.pdfKey! }), readReportFile({ deps, key: found.row.xlsxKey! })]);
  if (!pdf || !xlsx) throw new Error('report files are missing');
  await deps.mailer.send(composeReportMail({ config: deps.config, to, companyId, doc: found.doc, pdf, xlsx, now: opts.now }));
}

export function createReportJobHandlers(opts: { deps: TDeps; onRun?: TReportRunListener }): Record<string, TJobHandler> {
  return {
    [REPORT_GENERATE_JOB]: ({ job }) => generateReport({ deps: opts.deps, job, onRun: opts.onRun }),
    [REPORT_MAIL_JOB]: ({ job }) => mailReport({ deps: opts.deps, job }),
  };
}
