import { existsSync } from 'node:fs';
import { companyAdminsTopic, userTopic } from '@cd/contracts/live';
import type { TAppDeps } from '../../context';
import { runInScope, type TTx } from '../../db/client';
import { completeJob, enqueueJob, MAX_JOB_ATTEMPTS, type TJob, type TJobHandler } from '../../jobs/outbox';
import { deleteStoredFile, resolveStoragePath } from '../../lib/storage';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany } from '../companies/companies.api';
import { importEvent } from './customer-import.presenter';
import * as repo from './customer-import.repository';
import type { TCustomerImportRow, TImportField, TImportOptions, TImportRowError } from './customer-import.schema';
import { mergeByPhone, parseImportRow, resolveMapping, type TParsedRow } from './import-rows';
import { headerColumns, readSheetRows, SpreadsheetError } from './read-spreadsheet';

type TDeps = Pick<TAppDeps, 'config' | 'db' | 'live' | 'jobs'>;

export const JOB_CUSTOMER_IMPORT = 'customer_import';
/** Rows per transaction: small enough that other requests interleave (PGlite is one connection), big enough to be fast. */
export const IMPORT_BATCH_SIZE = 500;
/**
 * A job run works this long, then hands over to a continuation job queued behind the jobs already due, so a big
 * import neither holds up message sends nor outlives its outbox lease.
 */
export const IMPORT_SLICE_MS = 5_000;
/** Failed rows listed on the import (all are counted). */
export const IMPORT_MAX_ERRORS = 1_000;
const OWNED_BY_OTHER = 'A customer with this phone number already exists and belongs to another user.';

/** Queues an import's work (its first run, or the continuation of a run whose time was up), in the caller's transaction. */
export async function enqueueCustomerImport(tx: TTx, opts: { companyId: number; importId: number }): Promise<void> {
  await enqueueJob(tx, { companyId: opts.companyId, kind: JOB_CUSTOMER_IMPORT, payload: { importId: opts.importId } });
}

/** The import cannot go on (file gone or unreadable, mapping no longer fits): mark it failed, do not retry. */
class ImportFailure extends Error {}
/** Another run of this import got further (a lease ran out while this one worked): leave the rest to it. */
class SupersededRun extends Error {}

interface TRunState {
  deps: TDeps;
  job: TJob;
  importId: number;
  companyId: number;
  options: TImportOptions;
  consentDetail: Record<string, unknown>;
}

/**
 * Applies one batch in one transaction: locks the import row (so a batch is applied once even if two runs
 * overlap), upserts the valid rows in one statement, records opt-ins and progress, and — for the last batch of
 * a run — completes this job and either queues its continuation or finishes the import.
 */
async function applyBatch(opts: { state: TRunState; rows: TParsedRow[]; expected: number; then: 'continue' | 'finish' | null }): Promise<void> {
  const { state, rows, expected, then } = opts;
  const { deps, companyId, importId, options } = state;
  const valid = rows.filter((r): r is TParsedRow & { customer: repo.TImportCustomer } => !!r.customer);
  const merged = mergeByPhone(valid);
  await runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const locked = await repo.lockImport(tx, { companyId, id: importId });
      if (!locked || locked.status !== 'running' || locked.processedRows !== expected) throw new SupersededRun();
      const upserted = await repo.upsertCustomers(tx, {
        companyId,
        ownerId: options.ownerId,
        ownOnly: options.ownOnly,
        rows: [...merged.values()].map((m) => m.customer),
      });
      const byPhone = new Map(upserted.map((u) => [u.phone, u]));
      const errors: TImportRowError[] = rows.filter((r) => r.reasons).map((r) => ({ row: r.row, reasons: r.reasons! }));
      let created = 0;
      let updated = 0;
      for (const m of merged.values()) {
        const u = byPhone.get(m.customer.phone);
        if (!u) errors.push(...m.rows.map((row) => ({ row, reasons: [OWNED_BY_OTHER] })));
        // A phone repeated in the file is one customer: the first row created it, the others updated it.
        else if (u.inserted) {
          created++;
          updated += m.rows.length - 1;
        } else updated += m.rows.length;
      }
      errors.sort((a, b) => a.row - b.row);
      if (options.optedIn) {
        // Never for opted-out customers: an import must not undo a STOP.
        const ids = upserted.filter((u) => !u.optOut).map((u) => u.id);
        await repo.insertImportOptIns(tx, { companyId, customerIds: ids, source: options.consentSource, detail: state.consentDetail });
      }
      const room = Math.max(0, IMPORT_MAX_ERRORS - locked.errors.length);
      let row = await repo.recordBatchProgress(tx, {
        companyId,
        id: importId,
        processedRows: expected + rows.length,
        created,
        updated,
        failed: errors.length,
        errors: errors.slice(0, room),
      });
      if (then === 'continue') {
        await enqueueCustomerImport(tx, { companyId, importId });
        await completeJob(tx, state.job.id);
      } else if (then === 'finish') {
        row = (await repo.updateImport(tx, { companyId, id: importId, values: { status: 'done', finishedAt: new Date(), totalRows: row.processedRows } }))!;
        await completeJob(tx, state.job.id);
        emit([
          {
            companyId,
            topics: options.ownerId === null ? [companyAdminsTopic(companyId)] : [companyAdminsTopic(companyId), userTopic(options.ownerId)],
            event: 'trigger',
            entity: 'customer',
            // One refetch hint instead of one event per imported customer.
            action: 'imported',
            data: { importId, created: row.createdCount, updated: row.updatedCount },
          },
        ]);
      }
      emit([importEvent(row, then === 'finish' ? ['status', 'processedRows'] : ['processedRows'])]);
    },
  });
}

async function failImport(opts: { deps: TDeps; job: TJob; companyId: number; importId: number; message: string }): Promise<void> {
  const { deps, companyId, importId } = opts;
  const row = await runWithLiveEvents({
    deps,
    scope: { companyId },
    fn: async (tx, emit) => {
      const current = await repo.lockImport(tx, { companyId, id: importId });
      if (!current || current.status === 'done' || current.status === 'failed') return current;
      const failed = (await repo.updateImport(tx, { companyId, id: importId, values: { status: 'failed', message: opts.message, finishedAt: new Date() } }))!;
      await completeJob(tx, opts.job.id);
      emit([importEvent(failed, ['status'])]);
      return failed;
    },
  });
  if (row) await deleteStoredFile({ config: deps.config, key: row.storageKey });
}

/** Streams the file from the resume point and applies it batch by batch until done or the run's time is up. */
async function processImport(opts: { state: TRunState; row: TCustomerImportRow; country: string }): Promise<'done' | 'continued'> {
  const { state, row, country } = opts;
  const file = resolveStoragePath({ config: state.deps.config, key: row.storageKey });
  if (!file || !existsSync(file)) throw new ImportFailure('The uploaded file is no longer available; upload it again.');
  let index: Map<TImportField, number> | null = null;
  const skip = row.processedRows;
  let seen = 0;
  let processed = row.processedRows;
  let batch: TParsedRow[] = [];
  // The clock starts at the first new row: skipping already applied rows (a re-read) is not this run's work.
  let startedAt: number | null = null;
  for await (const sheetRow of readSheetRows({ file, format: row.fileFormat })) {
    if (!index) {
      const resolved = resolveMapping(row.mapping, headerColumns(sheetRow.cells));
      if (resolved.violations.length) throw new ImportFailure(resolved.violations.map((v) => v.message).join(' '));
      index = resolved.index;
      continue;
    }
    if (seen++ < skip) continue;
    startedAt ??= Date.now();
    batch.push(parseImportRow({ row: sheetRow, index, tags: state.options.tags, country }));
    if (batch.length >= IMPORT_BATCH_SIZE) {
      const timeUp = Date.now() - startedAt >= IMPORT_SLICE_MS;
      await applyBatch({ state, rows: batch, expected: processed, then: timeUp ? 'continue' : null });
      processed += batch.length;
      batch = [];
      if (timeUp) return 'continued';
    }
  }
  if (!index) throw new ImportFailure('The file has no header row.');
  await applyBatch({ state, rows: batch, expected: processed, then: 'finish' });
  return 'done';
}

async function runImportJob(opts: { deps: TDeps; job: TJob }): Promise<void> {
  const { deps, job } = opts;
  const companyId = job.companyId!;
  const importId = Number(job.payload.importId);
  const loaded = await runInScope(deps.db, { companyId }, async (tx) => {
    const row = await repo.lockImport(tx, { companyId, id: importId });
    if (!row || row.status === 'done' || row.status === 'failed') return null;
    const company = await findCompany(tx, companyId);
    const running =
      row.status === 'queued' ? (await repo.updateImport(tx, { companyId, id: importId, values: { status: 'running', startedAt: new Date() } }))! : row;
    return { row: running, country: company?.country ?? 'US' };
  });
  // Gone or finished: the worker completes the job.
  if (!loaded) return;
  const state: TRunState = {
    deps,
    job,
    importId,
    companyId,
    options: loaded.row.options,
    consentDetail: { importId, fileName: loaded.row.originalFileName, userId: loaded.row.userId },
  };
  try {
    const outcome = await processImport({ state, row: loaded.row, country: loaded.country });
    if (outcome === 'done') await deleteStoredFile({ config: deps.config, key: loaded.row.storageKey });
  } catch (err) {
    if (err instanceof SupersededRun) return;
    if (err instanceof SpreadsheetError || err instanceof ImportFailure) {
      await failImport({ deps, job, companyId, importId, message: err.message });
      return;
    }
    if (job.attempts >= MAX_JOB_ATTEMPTS) {
      const reason = err instanceof Error ? err.message : String(err);
      await failImport({ deps, job, companyId, importId, message: `The import stopped after repeated errors: ${reason}` });
    }
    // Transient (database) errors: the outbox retries with backoff; processed_rows makes the retry resume.
    throw err;
  }
}

/** Jobs this module runs through the outbox; spread into the worker's handlers in app.ts. */
export function createCustomerImportJobHandlers(opts: { deps: TDeps }): Record<string, TJobHandler> {
  const { deps } = opts;
  return { [JOB_CUSTOMER_IMPORT]: ({ job }) => runImportJob({ deps, job }) };
}
