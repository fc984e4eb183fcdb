import { AR_IMPORT_MAX_ERRORS, AR_IMPORT_MAX_ROWS, type TArImportResult } from '@cd/contracts/accounting';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { validationError } from '../../lib/errors';
import type { TStagedFile } from '../../lib/storage';
import { resolveReadableCompanyId } from '../../tenant-scope';
import { detectSpreadsheetFormat, headerColumns, readSheetRows, SpreadsheetError } from '../customer-import/read-spreadsheet';
import { requireAccounting } from './accounting.access';
import { arRowKey, mapArColumns, readArRow, zonedDayStart, type TArImportRow } from './ar-import-rows';
import * as repo from './ar-import.repository';
import { clockOf } from './charge-customers.service';

/**
 * Import of transactions from the DMS's accounts-receivable export (CSV or .xlsx). Synchronous: a file of up to
 * AR_IMPORT_MAX_ROWS rows is read as a stream and written in batches, each batch one transaction of four statements.
 * Idempotent: a row is keyed by (account, document, transaction, sequence number), so importing the same file again
 * changes nothing, and a corrected export updates the rows that changed — except those already in a statement or
 * reconciled, which stay as they were (counted as `locked`).
 */

export const AR_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const BATCH = 500;

export function importCompanyOf(ctx: TRequestContext, requested?: number): number {
  requireAccounting(ctx);
  return resolveReadableCompanyId({ ctx, requested });
}

const sameValues = (a: repo.TArImportValues, b: repo.TArImportValues) =>
  a.transactionAt.getTime() === b.transactionAt.getTime() &&
  a.amountCents === b.amountCents &&
  a.journal === b.journal &&
  a.source === b.source &&
  a.reconciled === b.reconciled;

export async function importTransactions(opts: {
  ctx: TRequestContext;
  companyId: number;
  upload: { staged: TStagedFile; filename: string };
}): Promise<TArImportResult> {
  const { ctx, companyId, upload } = opts;
  const result: TArImportResult = { rows: 0, created: 0, updated: 0, unchanged: 0, locked: 0, customersCreated: 0, errorCount: 0, errors: [] };
  const fail = (row: number, message: string) => {
    result.errorCount++;
    if (result.errors.length < AR_IMPORT_MAX_ERRORS) result.errors.push({ row, message });
  };
  const { timeZone } = await runInScope(ctx.db, { companyId }, (tx) => clockOf(tx, companyId));

  const writeBatch = async (batch: { number: number; row: TArImportRow }[]) => {
    if (batch.length === 0) return;
    await runInScope(ctx.db, { companyId }, async (tx) => {
      const accounts = new Map<string, { accountNumber: string; name: string; phone: string | null; email: string | null }>();
      for (const { row } of batch)
        if (!accounts.has(row.accountNumber))
          accounts.set(row.accountNumber, { accountNumber: row.accountNumber, name: row.name ?? row.accountNumber, phone: row.phone, email: row.email });
      const { ids, created } = await repo.ensureChargeCustomers(tx, { companyId, customers: [...accounts.values()] });
      result.customersCreated += created;
      const values: repo.TArImportValues[] = batch.map(({ row }) => ({
        chargeCustomerId: ids.get(row.accountNumber)!,
        documentNumber: row.documentNumber,
        transactionNumber: row.transactionNumber,
        sequenceNumber: row.sequenceNumber,
        transactionAt: 'day' in row.when ? zonedDayStart(row.when.day, timeZone) : row.when.instant,
        amountCents: row.amountCents,
        journal: row.journal,
        source: row.source,
        reconciled: row.reconciled,
      }));
      const existing = await repo.findExistingTransactions(tx, { companyId, values });
      const writes: repo.TArImportValues[] = [];
      for (const v of values) {
        const old = existing.get(repo.importKeyOf(v));
        if (!old) {
          result.created++;
          writes.push(v);
        } else if (sameValues(old, v)) result.unchanged++;
        else if (old.locked) result.locked++;
        else {
          result.updated++;
          writes.push(v);
        }
      }
      await repo.upsertTransactions(tx, { companyId, values: writes });
    });
  };

  try {
    const format = detectSpreadsheetFormat({ head: upload.staged.head, filename: upload.filename });
    let index: ReturnType<typeof mapArColumns>['index'] | null = null;
    const seen = new Map<string, number>();
    let batch: { number: number; row: TArImportRow }[] = [];
    for await (const sheetRow of readSheetRows({ file: upload.staged.tempPath, format })) {
      if (!index) {
        const mapped = mapArColumns(headerColumns(sheetRow.cells));
        if (mapped.missing.length > 0)
          throw validationError(mapped.missing.map((f) => ({ propertyPath: `file.${f}`, message: `The file has no ${f} column.` })));
        index = mapped.index;
        continue;
      }
      result.rows++;
      if (result.rows > AR_IMPORT_MAX_ROWS)
        throw validationError([{ propertyPath: 'file', message: `At most ${AR_IMPORT_MAX_ROWS} rows can be imported at once.` }]);
      const read = readArRow(sheetRow.cells, index);
      if (!read.ok) {
        fail(sheetRow.number, read.message);
        continue;
      }
      const key = arRowKey(read.row);
      const first = seen.get(key);
      if (first !== undefined) {
        fail(sheetRow.number, `The same transaction as row ${first}.`);
        continue;
      }
      seen.set(key, sheetRow.number);
      batch.push({ number: sheetRow.number, row: read.row });
      if (batch.length >= BATCH) {
        await writeBatch(batch);
        batch = [];
      }
    }
    if (!index) throw validationError([{ propertyPath: 'file', message: 'The file has no header row.' }]);
    await writeBatch(batch);
  } catch (err) {
    if (err instanceof SpreadsheetError) throw validationError([{ propertyPath: 'file', message: err.message }]);
    throw err;
  }
  return result;
}
