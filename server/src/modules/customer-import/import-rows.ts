import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { z } from 'zod';
import { ZCustomerCreateSchema } from '@cd/contracts/customer';
import type { TViolation } from '../../lib/errors';
import type * as repo from './customer-import.repository';
import { IMPORT_FIELDS, type TImportField, type TImportMapping } from './customer-import.schema';
import type { TSheetRow } from './read-spreadsheet';

// How a file's columns and rows become customers: the column mapping (suggested from header names), each row
// checked with the same rules as creating a customer, and rows of one phone merged. Pure: no database, no I/O.

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
  phone: [
    'phone',
    'phonenumber',
    'telephone',
    'tel',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cell',
    'cellphone',
    'gsm',
    'telefon',
    'brojtelefona',
    'mobitel',
    'mobilni',
    'mob',
    'kontakttelefon',
    'broj',
  ],
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
export function resolveMapping(mapping: TImportMapping, columns: string[]): { index: Map<TImportField, number>; violations: TViolation[] } {
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

export type TParsedRow = { row: number; customer: repo.TImportCustomer; reasons?: undefined } | { row: number; customer?: undefined; reasons: string[] };

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
    const key = top === 'address' && sub ? sub : (top ?? '');
    const label = FIELD_LABELS[key] ?? key;
    const value =
      top === 'address' && sub
        ? (input.address as Record<string, string>)[sub]
        : top === 'tags' && sub !== undefined
          ? (input.tags as string[])[Number(sub)]
          : input[top ?? ''];
    return typeof value === 'string' && value !== '' ? `${label} "${clip(value)}": ${issue.message}` : `${label}: ${issue.message}`;
  });
}

/** Rows of a batch with the same phone become one customer: first values win, empty ones are filled, tags unioned. */
export function mergeByPhone(customers: { row: number; customer: repo.TImportCustomer }[]): Map<string, { customer: repo.TImportCustomer; rows: number[] }> {
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
