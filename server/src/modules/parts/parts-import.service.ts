import { parseMoney } from '@cd/contracts/payment-money';
import {
  PARTS_IMPORT_MAX_ROWS,
  ZPartsCustomerCreateSchema,
  ZPartsLineInputSchema,
  ZPartsDaySchema,
  type TPartsImportKind,
  type TPartsImportResult,
  type TPartsLineInput,
  type TPartsTicketKind,
} from '@cd/contracts/parts';
import type { z } from 'zod';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import type { TStagedFile } from '../../lib/storage';
import { findCompany } from '../companies/companies.api';
import { normalizeImportPhone } from '../customer-import/import-rows';
import { detectSpreadsheetFormat, headerColumns, readSheetRows, SpreadsheetError } from '../customer-import/read-spreadsheet';
import { computePartsLines } from './parts-tickets.service';
import { partsCompanyOf } from './parts.access';
import * as repo from './parts.repository';

/**
 * Parts customers and tickets from an Excel (.xlsx) or CSV export, read by the customer import's parsers. Small files
 * (the counter's month, a DMS export) are imported at once; every bad row is reported with its row number and nothing
 * of a bad ticket is stored. Re-importing the same file adds nothing twice: customers match on their reference,
 * tickets on their number. Neither DMS protocol the product speaks offers parts (docs/parts-and-accounting.md).
 */

export const PARTS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

type TField = string;
/** Header names people use (compared lower-case without spaces or punctuation) → our field. */
const CUSTOMER_HEADERS: Record<string, TField> = {
  name: 'name',
  customer: 'name',
  customername: 'name',
  company: 'name',
  account: 'name',
  accountname: 'name',
  contact: 'contactName',
  contactname: 'contactName',
  phone: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  phonenumber: 'phone',
  email: 'email',
  emailaddress: 'email',
  terms: 'termsDays',
  termsdays: 'termsDays',
  paymentterms: 'termsDays',
  reference: 'customerReference',
  customerreference: 'customerReference',
  ref: 'customerReference',
  accountnumber: 'customerReference',
  customernumber: 'customerReference',
};
const TICKET_HEADERS: Record<string, TField> = {
  number: 'number',
  ticket: 'number',
  ticketnumber: 'number',
  invoice: 'number',
  invoicenumber: 'number',
  date: 'date',
  ticketdate: 'date',
  invoicedate: 'date',
  customer: 'customer',
  customerreference: 'customer',
  reference: 'customer',
  ref: 'customer',
  accountnumber: 'customer',
  customernumber: 'customer',
  part: 'partNumber',
  partnumber: 'partNumber',
  partno: 'partNumber',
  description: 'description',
  desc: 'description',
  quantity: 'quantity',
  qty: 'quantity',
  unitprice: 'unitPrice',
  price: 'unitPrice',
  taxrate: 'taxRate',
  tax: 'taxRate',
  taxamount: 'taxAmount',
};
const REQUIRED: Record<TPartsImportKind, TField[]> = { customers: ['name'], tickets: ['number', 'customer', 'quantity', 'unitPrice'] };

const keyOf = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const issuesOf = (error: z.ZodError) => error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));

type TRecord = { row: number; values: Map<TField, string> };

/** Header + rows as field maps; 422 for an unreadable file, a missing column or too many rows. */
async function readRecords(opts: { staged: TStagedFile; filename: string; kind: TPartsImportKind }): Promise<TRecord[]> {
  const known = opts.kind === 'customers' ? CUSTOMER_HEADERS : TICKET_HEADERS;
  const records: TRecord[] = [];
  let columns: (TField | null)[] | null = null;
  try {
    const format = detectSpreadsheetFormat({ head: opts.staged.head, filename: opts.filename });
    for await (const row of readSheetRows({ file: opts.staged.tempPath, format })) {
      if (!columns) {
        columns = headerColumns(row.cells).map((h) => known[keyOf(h)] ?? null);
        const missing = REQUIRED[opts.kind].filter((f) => !columns!.includes(f));
        if (missing.length) throw validationError([{ propertyPath: 'file', message: `Columns missing: ${missing.join(', ')}.` }]);
        continue;
      }
      if (records.length >= PARTS_IMPORT_MAX_ROWS)
        throw validationError([{ propertyPath: 'file', message: `At most ${PARTS_IMPORT_MAX_ROWS} rows can be imported at once.` }]);
      const values = new Map<TField, string>();
      columns.forEach((field, i) => {
        if (field && !values.has(field)) values.set(field, row.cells[i] ?? '');
      });
      records.push({ row: row.number, values });
    }
  } catch (err) {
    if (err instanceof SpreadsheetError) throw validationError([{ propertyPath: 'file', message: err.message }]);
    throw err;
  }
  if (!columns) throw validationError([{ propertyPath: 'file', message: 'The file has no header row.' }]);
  return records;
}

export async function importPartsFile(opts: {
  ctx: TRequestContext;
  kind: TPartsImportKind;
  ticketKind?: TPartsTicketKind;
  staged: TStagedFile;
  filename: string;
}): Promise<TPartsImportResult> {
  const companyId = partsCompanyOf(opts.ctx);
  const records = await readRecords(opts);
  return opts.kind === 'customers'
    ? importCustomers({ ctx: opts.ctx, companyId, records })
    : importTickets({ ctx: opts.ctx, companyId, records, kind: opts.ticketKind ?? 'counter_ticket' });
}

async function importCustomers(opts: { ctx: TRequestContext; companyId: number; records: TRecord[] }): Promise<TPartsImportResult> {
  const { companyId, records } = opts;
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const company = await findCompany(tx, companyId);
    if (!company) throw new AppError('not_found', 'Company not found.');
    const result: TPartsImportResult = { kind: 'customers', rows: records.length, created: 0, updated: 0, skipped: 0, errors: [] };
    const seen = new Map<string, number>();
    const valid: { row: number; body: z.infer<typeof ZPartsCustomerCreateSchema> }[] = [];
    for (const r of records) {
      const v = r.values;
      const phone = v.get('phone') ?? '';
      const terms = v.get('termsDays') ?? '';
      const parsed = ZPartsCustomerCreateSchema.safeParse({
        name: v.get('name') ?? '',
        contactName: v.get('contactName') ?? '',
        phone: phone ? normalizeImportPhone(phone, company.country) : null,
        email: v.get('email') || null,
        termsDays: terms === '' ? undefined : /^\d{1,3}$/.test(terms) ? Number(terms) : -1,
        customerReference: v.get('customerReference') ?? '',
      });
      if (!parsed.success) {
        result.errors.push({ row: r.row, reasons: issuesOf(parsed.error) });
        continue;
      }
      const ref = (parsed.data.customerReference ?? '').toLowerCase();
      if (ref && seen.has(ref)) {
        result.errors.push({ row: r.row, reasons: [`customerReference: also on row ${seen.get(ref)} of this file.`] });
        continue;
      }
      if (ref) seen.set(ref, r.row);
      valid.push({ row: r.row, body: parsed.data });
    }
    const existing = await repo.findCustomerIdsByReference(tx, { companyId, references: [...seen.keys()] });
    for (const { body } of valid) {
      const values = {
        name: body.name,
        contactName: body.contactName ?? '',
        phone: body.phone || null,
        email: body.email || null,
        termsDays: body.termsDays ?? 30,
        customerReference: body.customerReference ?? '',
        customerId: null,
      };
      const id = values.customerReference ? existing.get(values.customerReference.toLowerCase()) : undefined;
      if (id !== undefined) {
        // Only the file's columns change an account: a short file never blanks what it does not carry, and the link to
        // a messaging customer is set on the screen, never by a file.
        const present = new Set(records[0]?.values.keys());
        const changed = Object.fromEntries(Object.entries(values).filter(([k]) => k !== 'customerId' && present.has(k)));
        await repo.updatePartsCustomer(tx, { companyId, id, values: changed });
        result.updated++;
      } else {
        await repo.insertPartsCustomer(tx, { companyId, values });
        result.created++;
      }
    }
    return result;
  });
}

/** "12.50", "$1,234.56" → cents (null when it is not an amount). */
const centsOf = (text: string) => {
  const p = parseMoney(text, { allowNegative: true });
  return p.ok ? p.value : null;
};

async function importTickets(opts: { ctx: TRequestContext; companyId: number; records: TRecord[]; kind: TPartsTicketKind }): Promise<TPartsImportResult> {
  const { companyId, records, kind } = opts;
  const result: TPartsImportResult = { kind: 'tickets', rows: records.length, created: 0, updated: 0, skipped: 0, errors: [] };
  // Rows of one ticket share its number; the first row's date and customer count.
  const groups = new Map<string, TRecord[]>();
  for (const r of records) {
    const number = (r.values.get('number') ?? '').trim();
    if (!number || number.length > 40) {
      result.errors.push({ row: r.row, reasons: ['number: a ticket number of 1 to 40 characters is required.'] });
      continue;
    }
    groups.set(number, [...(groups.get(number) ?? []), r]);
  }
  return runInScope(opts.ctx.db, { companyId }, async (tx) => {
    const refs = [...new Set([...groups.values()].map((rows) => (rows[0]!.values.get('customer') ?? '').toLowerCase()).filter(Boolean))];
    const customers = await repo.findCustomerIdsByReference(tx, { companyId, references: refs });
    const existing = await repo.findExistingTicketNumbers(tx, { companyId, kind, numbers: [...groups.keys()] });
    for (const [number, rows] of groups) {
      if (existing.has(number)) {
        result.skipped++;
        continue;
      }
      const first = rows[0]!.values;
      const errors: { row: number; reasons: string[] }[] = [];
      const customerId = customers.get((first.get('customer') ?? '').toLowerCase());
      if (customerId === undefined)
        errors.push({ row: rows[0]!.row, reasons: [`customer: no parts customer has the reference "${(first.get('customer') ?? '').slice(0, 60)}".`] });
      const dateText = (first.get('date') ?? '').slice(0, 10);
      const date = dateText ? ZPartsDaySchema.safeParse(dateText) : null;
      if (date && !date.success) errors.push({ row: rows[0]!.row, reasons: ['date: expected a date YYYY-MM-DD.'] });
      const lines: TPartsLineInput[] = [];
      for (const r of rows) {
        const v = r.values;
        const price = centsOf(v.get('unitPrice') ?? '');
        const taxAmount = v.get('taxAmount') ? centsOf(v.get('taxAmount')!) : undefined;
        const taxRate = (v.get('taxRate') ?? '').replace(/%$/, '').trim();
        const parsed = ZPartsLineInputSchema.safeParse({
          partNumber: v.get('partNumber') ?? '',
          description: v.get('description') ?? '',
          quantity: Number(v.get('quantity') || 'x'),
          unitPriceCents: price ?? 'x',
          taxRate: taxRate === '' ? null : Number(taxRate),
          taxCents: taxAmount === undefined ? null : (taxAmount ?? 'x'),
        });
        if (parsed.success) lines.push(parsed.data);
        else errors.push({ row: r.row, reasons: issuesOf(parsed.error) });
      }
      if (errors.length) {
        result.errors.push(...errors);
        continue;
      }
      let figures;
      try {
        figures = computePartsLines(lines);
      } catch {
        result.errors.push({ row: rows[0]!.row, reasons: ['The ticket’s total is too large.'] });
        continue;
      }
      await repo.insertPartsTicket(tx, {
        companyId,
        values: {
          kind,
          number,
          date: date?.success ? date.data : new Date().toISOString().slice(0, 10),
          partsCustomerId: customerId!,
          notes: '',
          ...figures,
          createdById: opts.ctx.actor.user.id,
        },
      });
      result.created++;
    }
    result.errors.sort((a, b) => a.row - b.row);
    return result;
  });
}
