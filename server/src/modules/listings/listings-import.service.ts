import { parseMoney } from '@cd/contracts/payment-money';
import {
  LISTING_IMPORT_FIELDS,
  LISTING_IMPORT_MAX_ROWS,
  LISTING_IMPORT_REQUIRED,
  LISTING_MESSAGES,
  LISTING_STATUSES,
  ZListingCreateSchema,
  type TListingImportField,
  type TListingImportMapping,
  type TListingImportPreview,
  type TListingImportResult,
  type TListingStatus,
} from '@cd/contracts/listings';
import type { z } from 'zod';
import type { TRequestContext } from '../../context';
import type { TTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { validationError } from '../../lib/errors';
import type { TStagedFile } from '../../lib/storage';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { detectSpreadsheetFormat, headerColumns, readSheetRows, SpreadsheetError } from '../customer-import/read-spreadsheet';
import { findKeywordByName, loadRealEstateCompany } from '../keywords/keywords.api';
import { realEstateCompanyOf } from './listings.access';
import { listingEvent } from './listings.presenter';
import * as repo from './listings.repository';

/**
 * Listings from an Excel (.xlsx) or CSV file (docs/real-estate.md "Import"): columns matched by header name or by the
 * caller's mapping; every bad row is reported with its row number and the good ones are created. Keywords are named
 * by their text and must be AVAILABLE (keywords are handed out by the super admin, never created by an import).
 */

export const LISTING_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Live events for at most this many created rows: the screens refetch the list on the first one anyway. */
const LIVE_EVENTS_MAX = 50;
const SAMPLE_ROWS = 5;

/** Header names people use (lower-case, letters and digits only) → field. */
const HEADERS: Record<string, TListingImportField> = {
  name: 'name',
  title: 'name',
  listing: 'name',
  listingname: 'name',
  property: 'name',
  url: 'url',
  link: 'url',
  website: 'url',
  listingurl: 'url',
  keyword: 'keyword',
  code: 'keyword',
  textcode: 'keyword',
  location: 'location',
  address: 'location',
  city: 'location',
  price: 'price',
  askingprice: 'price',
  listprice: 'price',
  negotiable: 'negotiable',
  obo: 'negotiable',
  status: 'status',
  agent: 'agent',
  agentemail: 'agent',
  photo: 'photoUrl',
  photourl: 'photoUrl',
  image: 'photoUrl',
  imageurl: 'photoUrl',
  description: 'description',
  notes: 'description',
};

const keyOf = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const issuesOf = (error: z.ZodError) => error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));

/** Per header, the field it feeds: the caller's mapping first, then the header's usual name. */
function mappingOf(headers: string[], mapping: TListingImportMapping): (TListingImportField | null)[] {
  const used = new Set<TListingImportField>();
  return headers.map((h) => {
    const field = h in mapping ? mapping[h]! : (HEADERS[keyOf(h)] ?? null);
    // A field fed by two columns takes the first one.
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

/** The `mapping` form field: JSON of header → field (or null to ignore a column); 422 when malformed. */
export function parseImportMapping(text: string | undefined): TListingImportMapping {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw validationError([{ propertyPath: 'mapping', message: 'The mapping is not valid JSON.' }]);
  }
  const fields = new Set<string>(LISTING_IMPORT_FIELDS);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || Object.keys(raw).length > 100)
    throw validationError([{ propertyPath: 'mapping', message: 'The mapping is an object of column name → field.' }]);
  for (const [k, v] of Object.entries(raw))
    if (k.length > 200 || (v !== null && (typeof v !== 'string' || !fields.has(v))))
      throw validationError([{ propertyPath: 'mapping', message: `Unknown field for column "${k.slice(0, 50)}".` }]);
  return raw as TListingImportMapping;
}

type TRecord = { row: number; values: Map<TListingImportField, string> };

/** The reader's message already starts with "Excel file not valid" / "CSV file not valid" (spec part 2 §5). */
function fileError(err: SpreadsheetError) {
  return validationError([{ propertyPath: 'file', message: err.message }]);
}

async function readFile(opts: { staged: TStagedFile; filename: string; mapping: TListingImportMapping }) {
  let headers: string[] | null = null;
  let columns: (TListingImportField | null)[] = [];
  const records: TRecord[] = [];
  const sample: string[][] = [];
  try {
    const format = detectSpreadsheetFormat({ head: opts.staged.head, filename: opts.filename });
    for await (const row of readSheetRows({ file: opts.staged.tempPath, format })) {
      if (!headers) {
        headers = headerColumns(row.cells);
        columns = mappingOf(headers, opts.mapping);
        continue;
      }
      if (records.length >= LISTING_IMPORT_MAX_ROWS)
        throw validationError([{ propertyPath: 'file', message: `At most ${LISTING_IMPORT_MAX_ROWS} rows can be imported at once.` }]);
      if (sample.length < SAMPLE_ROWS) sample.push(headers.map((_, i) => row.cells[i] ?? ''));
      const values = new Map<TListingImportField, string>();
      columns.forEach((field, i) => {
        if (field) values.set(field, (row.cells[i] ?? '').trim());
      });
      records.push({ row: row.number, values });
    }
  } catch (err) {
    if (err instanceof SpreadsheetError) throw fileError(err);
    throw err;
  }
  if (!headers) throw validationError([{ propertyPath: 'file', message: `${LISTING_MESSAGES.fileNotValid} The file has no header row.` }]);
  const missing = LISTING_IMPORT_REQUIRED.filter((f) => !columns.includes(f));
  return { headers, columns, records, sample, missing };
}

/** What the file holds and how its columns would be read, without importing anything. */
export async function previewListingImport(opts: {
  ctx: TRequestContext;
  staged: TStagedFile;
  filename: string;
  mapping: TListingImportMapping;
}): Promise<TListingImportPreview> {
  realEstateCompanyOf(opts.ctx);
  const file = await readFile(opts);
  return { headers: file.headers, mapping: file.columns, missing: [...file.missing], sample: file.sample, rows: file.records.length };
}

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'obo', 'negotiable']);
const NO = new Set(['no', 'n', 'false', '0', '']);
const STATUS_BY_KEY = new Map<string, TListingStatus>(LISTING_STATUSES.map((s) => [s.replace(/_/g, ''), s]));

/** One row → a create body, or its reasons. Keyword and agent are looked up by the caller. */
function bodyOf(values: Map<TListingImportField, string>): { body?: Record<string, unknown>; reasons: string[] } {
  const reasons: string[] = [];
  const get = (f: TListingImportField) => values.get(f) ?? '';
  let priceCents: number | null = null;
  if (get('price')) {
    const p = parseMoney(get('price'));
    if (p.ok) priceCents = p.value;
    else reasons.push('price: This price is not valid.');
  }
  const negotiable = get('negotiable').toLowerCase();
  if (!YES.has(negotiable) && !NO.has(negotiable)) reasons.push('negotiable: Expected yes or no.');
  let status: TListingStatus | undefined;
  if (get('status')) {
    status = STATUS_BY_KEY.get(
      get('status')
        .toLowerCase()
        .replace(/[^a-z]/g, ''),
    );
    if (!status) reasons.push(`status: Expected one of ${LISTING_STATUSES.join(', ')}.`);
  }
  if (reasons.length) return { reasons };
  return {
    reasons,
    body: {
      name: get('name'),
      url: get('url'),
      keyword: 1, // replaced by the keyword's id once looked up
      location: get('location'),
      priceCents,
      negotiable: YES.has(negotiable),
      status,
      photoUrl: get('photoUrl') || null,
      description: get('description'),
    },
  };
}

async function importRow(
  tx: TTx,
  opts: { companyId: number; record: TRecord; seenKeywords: Map<string, number>; agents: Map<string, number> },
): Promise<{ id?: number; reasons: string[] }> {
  const { companyId, record } = opts;
  const { body, reasons } = bodyOf(record.values);
  const parsed = body ? ZListingCreateSchema.safeParse(body) : null;
  if (parsed && !parsed.success) reasons.push(...issuesOf(parsed.error));
  const keywordText = (record.values.get('keyword') ?? '').toUpperCase();
  const keyword = keywordText ? await findKeywordByName(tx, { companyId, name: keywordText }) : null;
  if (!keywordText) reasons.push(`keyword: ${LISTING_MESSAGES.keywordRequired}`);
  else if (!keyword) reasons.push(`keyword: ${LISTING_MESSAGES.keywordNotFound}`);
  else if (opts.seenKeywords.has(keywordText)) reasons.push(`keyword: also on row ${opts.seenKeywords.get(keywordText)} of this file.`);
  else if (keyword.status === 'USED') reasons.push(`keyword: ${LISTING_MESSAGES.keywordTaken}`);
  const agentEmail = (record.values.get('agent') ?? '').toLowerCase();
  const agentId = agentEmail ? opts.agents.get(agentEmail) : undefined;
  if (agentEmail && agentId === undefined) reasons.push(`agent: ${LISTING_MESSAGES.agentNotFound}`);
  if (reasons.length || !parsed?.success || !keyword) return { reasons };
  opts.seenKeywords.set(keywordText, record.row);
  const b = parsed.data;
  try {
    // A savepoint per row: a keyword taken by a parallel request fails this row only.
    const id = await tx.transaction((sp) =>
      repo.insertListing(sp as TTx, {
        companyId,
        values: {
          name: b.name,
          url: b.url,
          keywordId: keyword.id,
          location: b.location ?? '',
          priceCents: b.priceCents ?? null,
          negotiable: b.negotiable ?? false,
          status: b.status ?? 'for_sale',
          agentId: agentId ?? null,
          photoUrl: b.photoUrl ?? null,
          description: b.description ?? '',
        },
      }),
    );
    return { id, reasons };
  } catch (err) {
    if (isUniqueViolation(err)) return { reasons: [`keyword: ${LISTING_MESSAGES.keywordTaken}`] };
    throw err;
  }
}

export async function importListingsFile(opts: {
  ctx: TRequestContext;
  staged: TStagedFile;
  filename: string;
  mapping: TListingImportMapping;
}): Promise<TListingImportResult> {
  const companyId = realEstateCompanyOf(opts.ctx);
  const file = await readFile(opts);
  if (file.missing.length) throw validationError([{ propertyPath: 'file', message: `Columns missing: ${file.missing.join(', ')}.` }]);
  return runWithLiveEvents({
    deps: opts.ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      await loadRealEstateCompany(tx, companyId);
      const emails = [...new Set(file.records.map((r) => (r.values.get('agent') ?? '').toLowerCase()).filter(Boolean))];
      const agents = await repo.findUserIdsByEmail(tx, { companyId, emails });
      const result: TListingImportResult = { rows: file.records.length, created: 0, skipped: 0, errors: [] };
      const seenKeywords = new Map<string, number>();
      for (const record of file.records) {
        const { id, reasons } = await importRow(tx, { companyId, record, seenKeywords, agents });
        if (id === undefined) {
          result.errors.push({ row: record.row, reasons });
          result.skipped++;
          continue;
        }
        result.created++;
        if (result.created <= LIVE_EVENTS_MAX) {
          const row = await repo.findListing(tx, { companyId, id });
          if (row) emit([listingEvent(row, 'listing.created')]);
        }
      }
      return result;
    },
  });
}
