import type { TCustomerImport } from '@cd/contracts/customer-import';
import { companyAdminsTopic, userTopic } from '@cd/contracts/live';
import type { TLiveEventInput } from '../../live/live.types';
import type { TCustomerImportRow } from './customer-import.schema';

/** Spec part 2 §8 message for an import with rejected rows. */
export const RECORDS_NOT_PROCESSED = 'Records could not be processed';

export function toImportResource(row: TCustomerImportRow): TCustomerImport {
  return {
    '@id': `/api/customer_imports/${row.id}`,
    '@type': 'CustomerImport',
    id: row.id,
    status: row.status,
    fileName: row.originalFileName,
    format: row.fileFormat,
    user: row.userId === null ? null : `/api/users/${row.userId}`,
    mapping: row.mapping,
    consentSource: row.options.consentSource,
    optedIn: row.options.optedIn,
    tags: row.options.tags,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdCount: row.createdCount,
    updatedCount: row.updatedCount,
    failedCount: row.failedCount,
    errors: row.errors,
    /** More rows failed than are listed in `errors`. */
    errorsTruncated: row.failedCount > row.errors.length,
    message: row.status === 'failed' ? row.message : row.failedCount > 0 ? RECORDS_NOT_PROCESSED : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
export type TCustomerImportResource = TCustomerImport;

function importTopics(row: TCustomerImportRow): string[] {
  return row.userId === null ? [companyAdminsTopic(row.companyId)] : [companyAdminsTopic(row.companyId), userTopic(row.userId)];
}

export function importEvent(row: TCustomerImportRow, changes: string[]): TLiveEventInput {
  return { companyId: row.companyId, topics: importTopics(row), event: 'updated', entity: 'customer_import', data: toImportResource(row), changes };
}
