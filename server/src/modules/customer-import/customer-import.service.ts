import { existsSync } from 'node:fs';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { idRefOf } from '@cd/contracts/ids';
import { ZCustomerCreateSchema } from '@cd/contracts/customer';
import type { TCustomerImport } from '@cd/contracts/customer-import';
import { companyAdminsTopic, userTopic } from '@cd/contracts/live';
import type { TAppDeps, TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { completeJob, enqueueJob, MAX_JOB_ATTEMPTS, type TJob, type TJobHandler } from '../../jobs/outbox';
import { AppError, validationError, violationsFromZod, type TViolation } from '../../lib/errors';
import { commitStagedFile, deleteStoredFile, resolveStoragePath, type TStagedFile } from '../../lib/storage';
import type { TLiveEventInput } from '../../live/live.types';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { findCompany } from '../companies/companies.api';
import { customerScopeOf } from '../customers/customers.service';
import { findUsersByIds } from '../users/users.api';
import * as repo from './customer-import.repository';
import {
  IMPORT_FIELDS,
  type TCustomerImportRow,
  type TImportField,
  type TImportMapping,
  type TImportOptions,
  type TImportRowError,
} from './customer-import.schema';
import { detectSpreadsheetFormat, headerColumns, readSheetRows, SpreadsheetError, summarizeSheet, type TSheetRow } from './read-spreadsheet';

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
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const PREVIEW_ROWS = 10;
/** Spec part 2 §8 message for an import with rejected rows. */
export const RECORDS_NOT_PROCESSED = 'Records could not be processed';
const OWNED_BY_OTHER = 'A customer with this phone number already exists and belongs to another user.';

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
  if (!actor.isCompanyAdmin && !actor.user.roles.includes('ROLE_COMMUNICATION'))
    throw new AppError('forbidden', 'Only company admins and users with the communication role may import customers.');
  return { companyId, ownerScope: actor.isCompanyAdmin ? null : actor.user.id, isAdmin: actor.isCompanyAdmin };
}

// ---------------------------------------------------------------------------------------------------------------
// Column mapping

const normalizeHeader = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Header names (normalised: lower case, no accents or punctuation) that suggest a field, English and Bosnian. */
const HEADER_SYNONYMS: Record<TImportField, string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'ime', 'imekupca', 'imeklijenta'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'prezime', 'prezimekupca'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'gsm', 'telefon', 'brojtelefona', 'mobitel', 'mobilni', 'mob', 'kontakttelefon', 'broj'],
  email: ['email', 'emailaddress', 'mail', 'emailadresa', 'eposta', 'adresaeposte'],
  notes: ['notes', 'note', 'comment', 'comments', 'remarks', 'napomena', 'napomene', 'biljeska', 'biljeske', 'komentar'],
  tags: ['tags', 'tag', 'labels', 'label', 'oznake', 'oznaka', 'tagovi'],
  street: ['street', 'address', 'streetaddress', 'address1', 'addressline1', 'ulica', 'adresa'],
  city: ['city', 'town', 'grad', 'mjesto', 'mesto'],
  state: ['state', 'province', 'region', 'county', 'kanton', 'regija', 'entitet', 'pokrajina'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode', 'postal', 'postanskibroj', 'pbroj', 'ptt'],
  country: ['country', 'drzava', 'zemlja'],
  preferredBrand: ['preferredbrand', 'brand', 'make', 'marka', 'brend', 'omiljenamarka'],
};

/** Suggests a column per field from the header names; each column is suggested for one field at most. */
export function suggestMapping(columns: string[]): TImportMapping {
  const normalized = columns.map(normalizeHeader);
  const used = new Set<number>();
  const out: TImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const i = normalized.findIndex((n, idx) => !used.has(idx) && HEADER_SYNONYMS[field].includes(n));
    if (i !== -1) {
      out[field] = columns[i]!;
      used.add(i);
    }
  }
  return out;
}

/** Column index per mapped field; a mapped column missing from the header is a violation. */
function resolveMapping(mapping: TImportMapping, columns: string[]): { index: Map<TImportField, number>; violations: TViolation[] } {
  const index = new Map<TImportField, number>();
  const violations: TViolation[] = [];
  for (const [field, column] of Object.entries(mapping) as [TImportField, string][]) {
    let i = columns.indexOf(column);
    if (i === -1) i = columns.findIndex((c) => c.trim().toLowerCase() === column.trim().toLowerCase());
    if (i === -1) violations.push({ propertyPath: `mapping.${field}`, message: `The file has no column "${column}".` });
    else index.set(field, i);
  }
  return { index, violations };
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
// Rows

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'E-mail',
  notes: 'Notes',
  tags: 'Tags',
  address: 'Address',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  country: 'Country',
  preferredBrand: 'Preferred brand',
};

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s);

/**
 * E.164 for a number as people type it: international forms as they are, `00` as `+`, national numbers in the
 * company's country, and bare digits that already carry a country code (Excel drops the `+` of numeric cells).
 */
export function normalizeImportPhone(raw: string, country: string): string {
  const v = raw.trim().replace(/^00/, '+');
  // International form: only the digits count ("+1 (555) 010-0001" is "+15550100001").
  if (v.startsWith('+')) return `+${v.slice(1).replace(/[\s().\-/]/g, '')}`;
  try {
    const national = parsePhoneNumberFromString(v, country.toUpperCase() as CountryCode);
    if (national?.isValid()) return national.number;
  } catch {
    // Not a number libphonenumber can read; the validation below reports it.
  }
  const digits = v.replace(/\D/g, '');
  return digits.length >= 8 ? `+${digits}` : v;
}

type TParsedRow = { row: number; customer: repo.TImportCustomer; reasons?: undefined } | { row: number; customer?: undefined; reasons: string[] };

/** Validates one row with the same rules as creating a customer; reasons name the field and the value. */
export function parseImportRow(opts: { row: TSheetRow; index: Map<TImportField, number>; tags: string[]; country: string }): TParsedRow {
  const { row, index } = opts;
  const get = (f: TImportField) => {
    const i = index.get(f);
    return i === undefined ? '' : (row.cells[i] ?? '').trim();
  };
  const rawPhone = get('phone');
  const fileTags = get('tags')
    .split(/[,;|]/)
    .map((t) => t.trim())
    .filter(Boolean);
  const address = Object.fromEntries((['street', 'city', 'state', 'zip', 'country'] as const).map((f) => [f, get(f)]).filter(([, v]) => v));
  const input = {
    phone: rawPhone ? normalizeImportPhone(rawPhone, opts.country) : '',
    firstName: get('firstName'),
    lastName: get('lastName'),
    email: get('email'),
    notes: get('notes') || null,
    preferredBrand: get('preferredBrand') || null,
    address,
    tags: [...new Set([...opts.tags, ...fileTags])],
  };
  if (!rawPhone) {
    const reasons = ['Phone is required.'];
    const { phone: _none, ...others } = input;
    const rest = ZCustomerCreateSchema.omit({ phone: true }).safeParse(others);
    if (!rest.success) reasons.push(...describeIssues(rest.error, input));
    return { row: row.number, reasons };
  }
  const parsed = ZCustomerCreateSchema.safeParse(input);
  if (!parsed.success) return { row: row.number, reasons: describeIssues(parsed.error, { ...input, phone: rawPhone }) };
  const c = parsed.data;
  return {
    row: row.number,
    customer: {
      phone: c.phone,
      firstName: c.firstName ?? '',
      lastName: c.lastName ?? '',
      email: c.email || null,
      notes: c.notes ?? null,
      preferredBrand: c.preferredBrand ?? null,
      address: Object.fromEntries(Object.entries(c.address ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')),
      tags: c.tags ?? [],
    },
  };
}

function describeIssues(error: z.ZodError, input: Record<string, unknown>): string[] {
  return error.issues.map((issue) => {
    const [top, sub] = issue.path.map(String);
    const key = top === 'address' && sub ? sub : top ?? '';
    const label = FIELD_LABELS[key] ?? key;
    const value = top === 'address' && sub ? (input.address as Record<string, string>)[sub] : top === 'tags' && sub !== undefined ? (input.tags as string[])[Number(sub)] : input[top ?? ''];
    return typeof value === 'string' && value !== '' ? `${label} "${clip(value)}": ${issue.message}` : `${label}: ${issue.message}`;
  });
}

/** Rows of a batch with the same phone become one customer: first values win, empty ones are filled, tags unioned. */
function mergeByPhone(customers: { row: number; customer: repo.TImportCustomer }[]): Map<string, { customer: repo.TImportCustomer; rows: number[] }> {
  const out = new Map<string, { customer: repo.TImportCustomer; rows: number[] }>();
  for (const { row, customer } of customers) {
    const prev = out.get(customer.phone);
    if (!prev) {
      out.set(customer.phone, { customer: { ...customer, address: { ...customer.address }, tags: [...customer.tags] }, rows: [row] });
      continue;
    }
    const c = prev.customer;
    c.firstName ||= customer.firstName;
    c.lastName ||= customer.lastName;
    c.email ||= customer.email;
    c.notes ||= customer.notes;
    c.preferredBrand ||= customer.preferredBrand;
    c.address = { ...customer.address, ...c.address };
    c.tags = [...new Set([...c.tags, ...customer.tags])];
    prev.rows.push(row);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Resource

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

function importEvent(row: TCustomerImportRow, changes: string[]): TLiveEventInput {
  return { companyId: row.companyId, topics: importTopics(row), event: 'updated', entity: 'customer_import', data: toImportResource(row), changes };
}

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
      await enqueueJob(tx, { companyId: scope.companyId, kind: JOB_CUSTOMER_IMPORT, payload: { importId: created.id } });
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

// ---------------------------------------------------------------------------------------------------------------
// The job

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
async function applyBatch(opts: {
  state: TRunState;
  rows: TParsedRow[];
  expected: number;
  then: 'continue' | 'finish' | null;
}): Promise<void> {
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
        await enqueueJob(tx, { companyId, kind: JOB_CUSTOMER_IMPORT, payload: { importId } });
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
    const running = row.status === 'queued' ? (await repo.updateImport(tx, { companyId, id: importId, values: { status: 'running', startedAt: new Date() } }))! : row;
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
