/**
 * Incremental CSV parser (RFC 4180 plus what spreadsheet programs write): comma, semicolon or tab delimiters
 * (detected from the header line, or an Excel `sep=;` first line), quoted fields with `""` escapes and embedded
 * delimiters or newlines, CRLF / LF / CR line ends and a leading BOM. Text arrives in chunks, so a file of any
 * size is parsed with memory bounded by one record.
 *
 * Records are numbered from 1 the way a spreadsheet program shows them: an empty line is a row of its own (it
 * is returned with one empty cell so callers can skip it), a quoted newline does not start a new row.
 */

export type TCsvDelimiter = ',' | ';' | '\t';

export interface TCsvRecord {
  /** 1-based row number as a spreadsheet program shows it (the header is row 1 when the file starts with it). */
  number: number;
  cells: string[];
}

/** A file that cannot be CSV: callers turn it into "CSV file not valid". */
export class CsvParseError extends Error {}

/** A binary file mistaken for text would otherwise make one gigantic field. */
export const CSV_MAX_FIELD_CHARS = 100_000;
export const CSV_MAX_FIELDS = 1_000;
/** A header line longer than this without a line break is not a CSV header. */
const DETECT_MAX_CHARS = 1_000_000;

const DELIMITERS: TCsvDelimiter[] = [',', ';', '\t'];

/** The delimiter used most outside quotes on the first line; comma when there is none (a one-column file). */
export function detectCsvDelimiter(firstLine: string): TCsvDelimiter {
  const counts = new Map<TCsvDelimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as TCsvDelimiter)) counts.set(ch as TCsvDelimiter, counts.get(ch as TCsvDelimiter)! + 1);
  }
  let best: TCsvDelimiter = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** Index just past the first line break outside quotes, or -1 when the text has none yet. */
function endOfFirstLine(text: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) return i;
  }
  return -1;
}

type TState = 'fieldStart' | 'unquoted' | 'quoted' | 'quoteInQuoted';

export interface TCsvParser {
  /** Parses a chunk; returns the records it completed. */
  push(text: string): TCsvRecord[];
  /** Ends the input; returns the last record (if the file does not end with a line break). */
  end(): TCsvRecord[];
  readonly delimiter: TCsvDelimiter | null;
}

export function createCsvParser(opts: { delimiter?: TCsvDelimiter } = {}): TCsvParser {
  let delimiter: TCsvDelimiter | null = opts.delimiter ?? null;
  let pending = '';
  let started = false;
  let state: TState = 'fieldStart';
  let field = '';
  let cells: string[] = [];
  let recordNumber = 0;
  let skipLf = false;
  let out: TCsvRecord[] = [];

  const endField = () => {
    if (cells.length >= CSV_MAX_FIELDS) throw new CsvParseError(`Row ${recordNumber + 1} has more than ${CSV_MAX_FIELDS} columns.`);
    cells.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    recordNumber++;
    out.push({ number: recordNumber, cells });
    cells = [];
    state = 'fieldStart';
  };
  const append = (s: string) => {
    field += s;
    if (field.length > CSV_MAX_FIELD_CHARS)
      throw new CsvParseError(`Row ${recordNumber + 1} has a value longer than ${CSV_MAX_FIELD_CHARS} characters.`);
  };

  const parse = (text: string) => {
    const d = delimiter!;
    let i = 0;
    const n = text.length;
    while (i < n) {
      const ch = text[i]!;
      if (skipLf) {
        skipLf = false;
        if (ch === '\n') {
          i++;
          continue;
        }
      }
      switch (state) {
        case 'fieldStart':
        case 'unquoted': {
          if (state === 'fieldStart' && ch === '"') {
            state = 'quoted';
            i++;
            break;
          }
          // Copy the run of ordinary characters in one slice (the common case, and much faster than per char).
          let j = i;
          while (j < n) {
            const c = text[j];
            if (c === d || c === '\n' || c === '\r') break;
            j++;
          }
          if (j > i) {
            append(text.slice(i, j));
            state = 'unquoted';
          }
          if (j >= n) {
            i = n;
            break;
          }
          const c = text[j];
          if (c === d) {
            endField();
            state = 'fieldStart';
          } else {
            endRecord();
            if (c === '\r') skipLf = true;
          }
          i = j + 1;
          break;
        }
        case 'quoted': {
          const q = text.indexOf('"', i);
          if (q === -1) {
            append(text.slice(i));
            i = n;
          } else {
            append(text.slice(i, q));
            state = 'quoteInQuoted';
            i = q + 1;
          }
          break;
        }
        case 'quoteInQuoted': {
          if (ch === '"') {
            append('"');
            state = 'quoted';
          } else if (ch === d) {
            endField();
            state = 'fieldStart';
          } else if (ch === '\n' || ch === '\r') {
            endRecord();
            if (ch === '\r') skipLf = true;
          } else {
            // `"abc"def`: lenient like spreadsheet programs — the rest of the field is literal text.
            append(ch);
            state = 'unquoted';
          }
          i++;
          break;
        }
      }
    }
  };

  /** Handles the BOM, an Excel `sep=X` line and delimiter detection, which all need the first line. */
  const start = (final: boolean): boolean => {
    if (pending.charCodeAt(0) === 0xfeff) pending = pending.slice(1);
    const eol = endOfFirstLine(pending);
    if (eol === -1 && !final && pending.length < DETECT_MAX_CHARS) return false;
    const firstLine = eol === -1 ? pending : pending.slice(0, eol);
    const sep = /^sep=(.)$/i.exec(firstLine);
    if (sep && DELIMITERS.includes(sep[1] as TCsvDelimiter)) {
      delimiter = sep[1] as TCsvDelimiter;
      // The hint line is not data, and spreadsheet programs do not show it as a row.
      pending = pending.slice(firstLine.length);
      if (pending.startsWith('\r\n')) pending = pending.slice(2);
      else if (pending.startsWith('\n') || pending.startsWith('\r')) pending = pending.slice(1);
    }
    delimiter ??= detectCsvDelimiter(firstLine);
    started = true;
    const text = pending;
    pending = '';
    parse(text);
    return true;
  };

  const take = () => {
    const done = out;
    out = [];
    return done;
  };

  return {
    get delimiter() {
      return delimiter;
    },
    push(text: string) {
      if (!started) {
        pending += text;
        start(false);
        return take();
      }
      parse(text);
      return take();
    },
    end() {
      if (!started) start(true);
      if (state === 'quoted') throw new CsvParseError(`A quoted value starting in row ${recordNumber + 1} is not closed.`);
      // A last line without a line break still is a record; a final line break does not start an empty one.
      if (state !== 'fieldStart' || cells.length > 0 || field !== '') endRecord();
      return take();
    },
  };
}

/** Parses a whole string (tests, small inputs). */
export function parseCsv(text: string, opts: { delimiter?: TCsvDelimiter } = {}): TCsvRecord[] {
  const parser = createCsvParser(opts);
  return [...parser.push(text), ...parser.end()];
}
