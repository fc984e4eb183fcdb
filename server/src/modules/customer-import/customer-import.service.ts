import { z } from 'zod';
import { idRefOf } from '@cd/contracts/ids';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError, validationError, violationsFromZod } from '../../lib/errors';
import { requireArea } from '../../lib/require-area';
import { commitStagedFile, deleteStoredFile, type TStagedFile } from '../../lib/storage';
import { customerScopeOf } from '../customers/customers.service';
import { findUsersByIds } from '../users/users.api';
import { enqueueCustomerImport } from './customer-import.jobs';
import { toImportResource } from './customer-import.presenter';
import * as repo from './customer-import.repository';
import { IMPORT_FIELDS, type TImportField, type TImportMapping, type TImportOptions } from './customer-import.schema';
import { resolveMapping, suggestMapping } from './import-rows';
import { detectSpreadsheetFormat, SpreadsheetError, summarizeSheet } from './read-spreadsheet';

export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const PREVIEW_ROWS = 10;

/** An upload staged to a temp file by the route. */
export interface TImportUpload {
  staged: TStagedFile;
  filename: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Who may import

interface TImportActorScope {
  companyId: number;
  /** Non-admins see and own only their imports. */
  ownerScope: number | null;
  isAdmin: boolean;
}

/** Company admins and users with ROLE_COMMUNICATION (those who create customers) may import. */
export function importScopeOf(ctx: TRequestContext): TImportActorScope {
  const { companyId } = customerScopeOf(ctx);
  const { actor } = ctx;
  requireArea({ ctx, area: 'communication', message: 'Only company admins and users with the communication role may import customers.' });
  return { companyId, ownerScope: actor.isCompanyAdmin ? null : actor.user.id, isAdmin: actor.isCompanyAdmin };
}

// ---------------------------------------------------------------------------------------------------------------
// Form fields of POST /api/customers/import

const ZTagSchema = z.string().trim().min(1).max(50);

const jsonField = <T extends z.ZodTypeAny>(schema: T, what: string) =>
  z
    .string()
    .max(20_000)
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `Expected ${what} as JSON.` });
        return z.NEVER;
      }
    })
    .pipe(schema);

const ZMappingSchema = z
  .strictObject(
    Object.fromEntries(IMPORT_FIELDS.map((f) => [f, z.string().max(255).nullable().optional()])) as Record<
      TImportField,
      z.ZodOptional<z.ZodNullable<z.ZodString>>
    >,
  )
  .transform((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as TImportMapping)
  .refine((m) => !!m.phone, { message: 'Map a column to the phone number.', path: ['phone'] });

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const ZImportFieldsSchema = z.object({
  mapping: jsonField(ZMappingSchema, 'an object {field: column name}'),
  consentSource: z.preprocess(blankToUndefined, z.string().trim().min(1).max(50).default('import')),
  tags: z.preprocess(blankToUndefined, jsonField(z.array(ZTagSchema).max(20), 'an array of tags').optional()),
  optedIn: z.preprocess(blankToUndefined, z.enum(['true', 'false', '1', '0', 'on', 'off']).optional()).transform((v) => v === 'true' || v === '1' || v === 'on'),
  /** Admins may name the owner of created customers (`/api/users/{id}`); others own what they import. */
  user: z.preprocess(blankToUndefined, idRefOf('users', 'Expected a user id or IRI.').optional()),
});
// ---------------------------------------------------------------------------------------------------------------
// Preview and upload

function fileViolation(err: SpreadsheetError): AppError {
  return validationError([{ propertyPath: 'file', message: err.message, code: err.format === 'xlsx' ? 'excel_file_not_valid' : 'csv_file_not_valid' }]);
}

async function summarizeUpload(opts: { upload: TImportUpload; sampleSize: number }) {
  try {
    const format = detectSpreadsheetFormat({ head: opts.upload.staged.head, filename: opts.upload.filename });
    return { format, ...(await summarizeSheet({ file: opts.upload.staged.tempPath, format, sampleSize: opts.sampleSize })) };
  } catch (err) {
    if (err instanceof SpreadsheetError) throw fileViolation(err);
    throw err;
  }
}

/** Header, first rows, row count and a suggested mapping. Nothing is stored (the route discards the upload). */
export async function previewCustomerImport(opts: { ctx: TRequestContext; upload: TImportUpload }) {
  importScopeOf(opts.ctx);
  const summary = await summarizeUpload({ upload: opts.upload, sampleSize: PREVIEW_ROWS });
  return { columns: summary.columns, rows: summary.sample, totalRows: summary.totalRows, suggestedMapping: suggestMapping(summary.columns) };
}

/**
 * Checks the file and the mapping, moves the upload into the company's storage and records the import with its
 * job in one transaction; the worker does the rest. The staged file is always consumed.
 */
export async function createCustomerImport(opts: { ctx: TRequestContext; upload: TImportUpload; fields: Record<string, unknown> }) {
  const { ctx, upload } = opts;
  const scope = importScopeOf(ctx);
  const parsed = ZImportFieldsSchema.safeParse(opts.fields);
  if (!parsed.success) throw validationError(violationsFromZod(parsed.error));
  const f = parsed.data;
  const summary = await summarizeUpload({ upload, sampleSize: 0 });
  const { violations } = resolveMapping(f.mapping, summary.columns);
  if (violations.length) throw validationError(violations);
  if (summary.totalRows === 0) throw validationError([{ propertyPath: 'file', message: 'The file has no rows below its header.' }]);

  const storageKey = await commitStagedFile({ config: ctx.config, staged: upload.staged, companyId: scope.companyId, mimeType: 'application/octet-stream' });
  try {
    const row = await runInScope(ctx.db, { companyId: scope.companyId }, async (tx) => {
      let ownerId: number | null = scope.isAdmin ? null : ctx.actor.user.id;
      if (scope.isAdmin && f.user) {
        const id = f.user;
        const [u] = await findUsersByIds(tx, { companyId: scope.companyId, ids: [id] });
        if (!u) throw validationError([{ propertyPath: 'user', message: 'The owner must be a user of this company.' }]);
        ownerId = id;
      }
      const options: TImportOptions = { consentSource: f.consentSource, optedIn: f.optedIn, tags: f.tags ?? [], ownerId, ownOnly: !scope.isAdmin };
      const created = await repo.insertImport(tx, {
        companyId: scope.companyId,
        userId: ctx.actor.user.id,
        fileFormat: summary.format,
        storageKey,
        originalFileName: upload.filename,
        mapping: f.mapping,
        options,
        totalRows: summary.totalRows,
      });
      await enqueueCustomerImport(tx, { companyId: scope.companyId, importId: created.id });
      return created;
    });
    ctx.jobs.wake();
    return toImportResource(row);
  } catch (err) {
    await deleteStoredFile({ config: ctx.config, key: storageKey });
    throw err;
  }
}

export async function getCustomerImport(opts: { ctx: TRequestContext; id: number }) {
  const scope = importScopeOf(opts.ctx);
  const row = await runInScope(opts.ctx.db, { companyId: scope.companyId }, (tx) =>
    repo.findImport(tx, { companyId: scope.companyId, userId: scope.ownerScope, id: opts.id }),
  );
  if (!row) throw new AppError('not_found', 'Customer import not found.');
  return toImportResource(row);
}

export async function listCustomerImports(opts: { ctx: TRequestContext; limit: number; offset: number }) {
  const scope = importScopeOf(opts.ctx);
  const page = await runInScope(opts.ctx.db, { companyId: scope.companyId }, (tx) =>
    repo.listImports(tx, { companyId: scope.companyId, userId: scope.ownerScope, limit: opts.limit, offset: opts.offset }),
  );
  return { member: page.rows.map(toImportResource), total: page.total };
}
