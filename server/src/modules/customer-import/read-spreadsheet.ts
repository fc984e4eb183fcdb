import { createReadStream } from 'node:fs';
import { createCsvParser, CsvParseError } from './parse-csv';

/**
 * Reads the rows of an uploaded customer list — CSV or the first sheet of an .xlsx workbook — as a stream, so
 * a 50,000-row file never sits in memory at once. Rows come out as trimmed strings with their row number as a
 * spreadsheet program shows it; rows with no value at all are skipped (they are neither data nor errors).
 */

export type TSpreadsheetFormat = 'csv' | 'xlsx';

export interface TSheetRow {
  /** 1-based row number in the file (the header row is usually 1). */
  number: number;
  cells: string[];
}

/** The file cannot be read as its format; `format` picks the message ("CSV file not valid" / "Excel file not valid"). */
export class SpreadsheetError extends Error {
  constructor(
    readonly format: TSpreadsheetFormat | null,
    readonly reason: string,
  ) {
    super(`${format === 'xlsx' ? 'Excel file not valid' : format === 'csv' ? 'CSV file not valid' : 'File not valid'}: ${reason}`);
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const EXCEL_NAME = /\.(xlsx|xlsm|xls|xlsb|ods)$/i;

/** Decides from the bytes (the name only helps word the refusal): a zip is a workbook, readable text is CSV. */
export function detectSpreadsheetFormat(opts: { head: Buffer; filename: string }): TSpreadsheetFormat {
  const { head, filename } = opts;
  if (head.length === 0) throw new SpreadsheetError(EXCEL_NAME.test(filename) ? 'xlsx' : 'csv', 'the file is empty.');
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (head.subarray(0, 4).equals(OLE_MAGIC))
    throw new SpreadsheetError('xlsx', 'old .xls workbooks are not supported; save the file as .xlsx or CSV.');
  if (EXCEL_NAME.test(filename)) throw new SpreadsheetError('xlsx', 'the file is not an .xlsx workbook.');
  if (csvEncodingOf(head) === null) throw new SpreadsheetError('csv', 'the file is not text; import a CSV or Excel (.xlsx) file.');
  return 'csv';
}

/**
 * The text encoding of a CSV, from its first bytes: a BOM says it; otherwise UTF-8 when the bytes are valid
 * UTF-8, else Windows-1250 (what Excel writes for Bosnian/Croatian/Serbian Latin; it also covers the ASCII
 * part of Western files). Null when the bytes are binary (NUL bytes outside UTF-16).
 */
export function csvEncodingOf(head: Buffer): string | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head.includes(0)) return null;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  try {
    // stream: true tolerates a character cut at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1250';
  }
}

const SAMPLE_BYTES = 64 * 1024;

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of createReadStream(file, { start: 0, end: bytes - 1 })) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  return Buffer.concat(chunks, length);
}

function isBlankRow(cells: string[]): boolean {
  return cells.every((c) => c === '');
}

async function* readCsvRows(file: string): AsyncGenerator<TSheetRow> {
  const encoding = csvEncodingOf(await readHead(file, SAMPLE_BYTES));
  if (!encoding) throw new SpreadsheetError('csv', 'the file is not text; import a CSV or Excel (.xlsx) file.');
  const decoder = new TextDecoder(encoding);
  const parser = createCsvParser();
  const stream = createReadStream(file, { highWaterMark: SAMPLE_BYTES });
  const rows = (records: { number: number; cells: string[] }[]) =>
    records.map((r) => ({ number: r.number, cells: r.cells.map((c) => c.trim()) })).filter((r) => !isBlankRow(r.cells));
  try {
    for await (const chunk of stream) {
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (text.includes('\u0000')) throw new SpreadsheetError('csv', 'the file is not text; import a CSV or Excel (.xlsx) file.');
      yield* rows(parser.push(text));
    }
    yield* rows(parser.push(decoder.decode()));
    yield* rows(parser.end());
  } catch (err) {
    if (err instanceof CsvParseError) throw new SpreadsheetError('csv', err.message);
    throw err;
  } finally {
    stream.destroy();
  }
}

/** A cell of exceljs' streaming reader as the text a user sees. */
export function excelCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
    if ('result' in v) return excelCellText(v.result);
    if ('text' in v) return excelCellText(v.text);
  }
  return '';
}

interface TExcelRow {
  number: number;
  values: unknown[] | Record<string, unknown>;
}
interface TExcelSheet extends AsyncIterable<TExcelRow> {
  name: string;
}

async function* readXlsxRows(file: string): AsyncGenerator<TSheetRow> {
  // Loaded on first use: most servers never import a workbook.
  const { default: ExcelJS } = await import('exceljs');
  const stream = createReadStream(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader as unknown as AsyncIterable<TExcelSheet>) {
      // Zip order is not sheet order: the first sheet is the first one the workbook lists.
      const first = (reader as unknown as { model?: { sheets?: { name: string }[] } }).model?.sheets?.[0]?.name;
      if (first !== undefined && sheet.name !== first) continue;
      sheets++;
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values : Object.values(row.values);
        // exceljs rows are 1-based sparse arrays (index 0 unused).
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(excelCellText(values[i]).trim());
        if (!isBlankRow(cells)) yield { number: row.number, cells };
      }
      break;
    }
  } catch (err) {
    if (err instanceof SpreadsheetError) throw err;
    throw new SpreadsheetError('xlsx', 'the workbook could not be read; save it again as .xlsx and retry.');
  } finally {
    stream.destroy();
  }
  if (sheets === 0) throw new SpreadsheetError('xlsx', 'the workbook has no worksheet.');
}

/** The non-blank rows of the file, header included, streamed. Throws SpreadsheetError for unreadable files. */
export function readSheetRows(opts: { file: string; format: TSpreadsheetFormat }): AsyncGenerator<TSheetRow> {
  return opts.format === 'xlsx' ? readXlsxRows(opts.file) : readCsvRows(opts.file);
}

/** Column names of the header row: blank ones get a placeholder, repeated ones a suffix, so each names one column. */
export function headerColumns(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((raw, i) => {
    const base = raw.trim() || `Column ${i + 1}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

export interface TSheetSummary {
  columns: string[];
  /** The first data rows, padded to the header's width. */
  sample: string[][];
  /** Data rows (non-blank rows after the header). */
  totalRows: number;
}

/** Header, first rows and row count in one streamed pass (preview and upload checks). */
export async function summarizeSheet(opts: { file: string; format: TSpreadsheetFormat; sampleSize: number }): Promise<TSheetSummary> {
  let columns: string[] | null = null;
  const sample: string[][] = [];
  let totalRows = 0;
  for await (const row of readSheetRows(opts)) {
    if (!columns) {
      columns = headerColumns(row.cells);
      continue;
    }
    totalRows++;
    if (sample.length < opts.sampleSize) sample.push(columns.map((_, i) => row.cells[i] ?? ''));
  }
  if (!columns) throw new SpreadsheetError(opts.format, 'the file has no header row.');
  return { columns, sample, totalRows };
}
