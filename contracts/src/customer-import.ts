import { z } from 'zod';
import { ZIsoDateTimeSchema } from './refs';

/** Response shapes of the customer import (spec part 1 §6, decisions "Customer import"), wire format. */

/** Customer field → column name of the file. */
const ZImportMappingSchema = z.record(z.string(), z.string());

/** POST /api/customers/import/preview: header, first rows, row count and a suggested mapping (nothing stored). */
export const ZCustomerImportPreviewSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  totalRows: z.number().int().min(0),
  suggestedMapping: ZImportMappingSchema,
});

export const ZCustomerImportSchema = z
  .object({
    '@id': z.string(),
    '@type': z.literal('CustomerImport'),
    id: z.number().int(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    fileName: z.string(),
    format: z.enum(['csv', 'xlsx']),
    /** IRI of the user who imported. */
    user: z.string().nullable(),
    mapping: ZImportMappingSchema,
    consentSource: z.string(),
    optedIn: z.boolean(),
    tags: z.array(z.string()),
    totalRows: z.number().int().min(0).nullable(),
    processedRows: z.number().int().min(0),
    createdCount: z.number().int().min(0),
    updatedCount: z.number().int().min(0),
    failedCount: z.number().int().min(0),
    /** Failed rows (1-based row numbers of the file) with their reasons; at most the first 1,000. */
    errors: z.array(z.object({ row: z.number().int(), reasons: z.array(z.string()) })),
    /** More rows failed than are listed in `errors`. */
    errorsTruncated: z.boolean(),
    message: z.string().nullable(),
    createdAt: ZIsoDateTimeSchema,
    startedAt: ZIsoDateTimeSchema.nullable(),
    finishedAt: ZIsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'CustomerImport' });
export type TCustomerImport = z.infer<typeof ZCustomerImportSchema>;
