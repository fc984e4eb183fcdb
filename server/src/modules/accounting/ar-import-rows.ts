import { parseMoney } from '@cd/contracts/payment-money';

/**
 * How the rows of a DMS's accounts-receivable export become transactions: columns found by their header names
 * (English and Bosnian/Croatian/Serbian spellings), each row checked on its own so one bad row is reported and the
 * rest imported. Pure: no database, no I/O.
 */

export const AR_IMPORT_FIELDS = [
  'accountNumber',
  'name',
  'phone',
  'email',
  'documentNumber',
  'transactionNumber',
  'sequenceNumber',
  'date',
  'amount',
  'journal',
  'source',
  'reconciled',
] as const;
export type TArImportField = (typeof AR_IMPORT_FIELDS)[number];
export const AR_REQUIRED_FIELDS: readonly TArImportField[] = ['accountNumber', 'documentNumber', 'date', 'amount'];

const normalizeHeader = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const SYNONYMS: Record<TArImportField, string[]> = {
  accountNumber: ['account', 'accountnumber', 'accountno', 'acct', 'acctno', 'customernumber', 'customerno', 'custno', 'konto', 'sifrakupca', 'brojkupca'],
  name: ['name', 'customer', 'customername', 'accountname', 'kupac', 'naziv', 'nazivkupca'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'telefon'],
  email: ['email', 'emailaddress', 'mail', 'eposta'],
  documentNumber: [
    'document',
    'documentnumber',
    'docno',
    'docnumber',
    'doc',
    'invoice',
    'invoicenumber',
    'invoiceno',
    'reference',
    'dokument',
    'brojdokumenta',
    'faktura',
  ],
  transactionNumber: ['transaction', 'transactionnumber', 'transno', 'txn', 'txnno', 'trans', 'transakcija', 'brojtransakcije'],
  sequenceNumber: ['sequence', 'sequencenumber', 'seq', 'seqno', 'line', 'lineno', 'rednibroj', 'redni'],
  date: ['date', 'transactiondate', 'transactionat', 'postingdate', 'posted', 'datum', 'datumtransakcije'],
  amount: ['amount', 'amt', 'total', 'iznos'],
  journal: ['journal', 'journalcode', 'jrnl', 'dnevnik'],
  source: ['source', 'src', 'izvor'],
  reconciled: ['reconciled', 'cleared', 'paid', 'uskladjeno', 'placeno'],
};

/** Column index per field found in the header; required fields missing are listed. */
export function mapArColumns(columns: string[]): { index: Map<TArImportField, number>; missing: TArImportField[] } {
  const normalized = columns.map(normalizeHeader);
  const index = new Map<TArImportField, number>();
  for (const field of AR_IMPORT_FIELDS) {
    const i = normalized.findIndex((n, idx) => SYNONYMS[field].includes(n) && ![...index.values()].includes(idx));
    if (i !== -1) index.set(field, i);
  }
  return { index, missing: AR_REQUIRED_FIELDS.filter((f) => !index.has(f)) };
}

/** A transaction's day or instant as written: ISO date or date-time, or the US `MM/DD/YYYY` the DMS exports. */
export type TArWhen = { day: string } | { instant: Date };

const validDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900 && y <= 2200;
};
const pad = (n: number) => String(n).padStart(2, '0');

export function parseArDate(value: string): TArWhen | null {
  const v = value.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m) return validDay(+m[1]!, +m[2]!, +m[3]!) ? { day: v } : null;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (m) return validDay(+m[3]!, +m[1]!, +m[2]!) ? { day: `${m[3]}-${pad(+m[1]!)}-${pad(+m[2]!)}` } : null;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : { instant: d };
  }
  return null;
}

/** The UTC instant of midnight of `day` in `timeZone` (a date-only row is the start of that day for the company). */
export function zonedDayStart(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (t: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(t))
      .reduce<Record<string, string>>((acc, p) => ((acc[p.type] = p.value), acc), {});
    return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - t;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

const TRUE = new Set(['yes', 'y', 'true', '1', 'x', 'da', 'd']);
const FALSE = new Set(['no', 'n', 'false', '0', '', 'ne']);

export interface TArImportRow {
  accountNumber: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  documentNumber: string;
  transactionNumber: string;
  sequenceNumber: number;
  when: TArWhen;
  amountCents: number;
  journal: string;
  source: string;
  reconciled: boolean;
}

/** One row checked: the transaction, or the first problem in words the screen shows next to the row number. */
export function readArRow(cells: string[], index: Map<TArImportField, number>): { ok: true; row: TArImportRow } | { ok: false; message: string } {
  const cell = (f: TArImportField) => {
    const i = index.get(f);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const within = (f: TArImportField, max: number) => (cell(f).length > max ? `${f} is longer than ${max} characters.` : null);
  const accountNumber = cell('accountNumber');
  const documentNumber = cell('documentNumber');
  if (!accountNumber) return { ok: false, message: 'The account number is empty.' };
  if (!documentNumber) return { ok: false, message: 'The document number is empty.' };
  const tooLong =
    within('accountNumber', 50) ??
    within('documentNumber', 50) ??
    within('transactionNumber', 50) ??
    within('journal', 50) ??
    within('source', 50) ??
    within('name', 200) ??
    within('email', 200) ??
    within('phone', 30);
  if (tooLong) return { ok: false, message: tooLong };
  const seqText = cell('sequenceNumber');
  const sequenceNumber = seqText === '' ? 1 : /^\d{1,9}$/.test(seqText) ? Number(seqText) : NaN;
  if (!Number.isSafeInteger(sequenceNumber)) return { ok: false, message: `The sequence number "${seqText}" is not a whole number.` };
  const when = parseArDate(cell('date'));
  if (!when) return { ok: false, message: `The date "${cell('date')}" is not a date (YYYY-MM-DD or MM/DD/YYYY).` };
  const money = parseMoney(cell('amount'), { allowNegative: true });
  if (!money.ok) return { ok: false, message: `The amount "${cell('amount')}" is not an amount (${money.error}).` };
  const rec = cell('reconciled').toLowerCase();
  if (!TRUE.has(rec) && !FALSE.has(rec)) return { ok: false, message: `Reconciled "${cell('reconciled')}" is not yes or no.` };
  return {
    ok: true,
    row: {
      accountNumber,
      name: cell('name') || null,
      phone: cell('phone') || null,
      email: cell('email') || null,
      documentNumber,
      transactionNumber: cell('transactionNumber'),
      sequenceNumber,
      when,
      amountCents: money.value,
      journal: cell('journal'),
      source: cell('source'),
      reconciled: TRUE.has(rec),
    },
  };
}

/** The idempotency key of a row within one charge customer (the database's unique constraint). */
export const arRowKey = (r: Pick<TArImportRow, 'accountNumber' | 'documentNumber' | 'transactionNumber' | 'sequenceNumber'>) =>
  JSON.stringify([r.accountNumber, r.documentNumber, r.transactionNumber, r.sequenceNumber]);
