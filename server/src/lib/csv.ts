import { Readable } from 'node:stream';

/**
 * CSV for exports (RFC 4180: comma, CRLF, quotes doubled). A cell a spreadsheet would read as a formula (starting
 * with = + - @, or a tab or carriage return that some spreadsheets skip before one) is prefixed with an apostrophe so
 * it stays text: CSV injection (OWASP). The surveys export applies the same rule.
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * A CSV body streamed batch by batch: `nextBatch` gets the previous batch's last row (null first) and returns the next
 * rows (an empty array ends). The export never holds more than one batch in memory, and each batch is its own short
 * transaction, so a large export neither blocks the database connection nor buffers megabytes.
 */
export function csvStream<TRow>(opts: {
  header: readonly string[];
  nextBatch: (after: TRow | null) => Promise<TRow[]>;
  toCells: (row: TRow) => readonly unknown[];
  maxRows: number;
}): Readable {
  let after: TRow | null = null;
  let sent = 0;
  let headerSent = false;
  return new Readable({
    async read() {
      try {
        if (!headerSent) {
          headerSent = true;
          this.push(csvLine(opts.header));
          return;
        }
        if (sent >= opts.maxRows) return void this.push(null);
        const rows = (await opts.nextBatch(after)).slice(0, opts.maxRows - sent);
        if (!rows.length) return void this.push(null);
        sent += rows.length;
        after = rows[rows.length - 1]!;
        this.push(rows.map((r) => csvLine(opts.toCells(r))).join(''));
      } catch (err) {
        this.destroy(err as Error);
      }
    },
  });
}
