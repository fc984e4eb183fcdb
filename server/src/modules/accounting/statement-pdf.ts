import PDFDocument from 'pdfkit';
import type { TArAging } from '@cd/contracts/accounting';
import { formatMoney } from '@cd/contracts/payment-money';
import { localDayOf } from '@cd/contracts/survey-dates';

/**
 * A statement of account as a PDF (pdfkit). The built-in Helvetica needs no font file on the server; it covers
 * Windows-1252, so the few letters of the company's languages outside it are written without their accent
 * (č ć → c, đ → dj) rather than as wrong glyphs. Amounts are `$1,234.56` as everywhere in the product.
 */

export interface TStatementPdfInput {
  company: { name: string; address: string | null; phone: string | null; email: string | null; timeZone: string };
  customer: { name: string; accountNumber: string };
  statement: { id: number; from: string; to: string; amountCents: number; createdAt: Date };
  transactions: { transactionAt: Date; documentNumber: string; transactionNumber: string; sequenceNumber: number; journal: string; amountCents: number }[];
  aging: TArAging;
}

const FOLD: Record<string, string> = { č: 'c', ć: 'c', Č: 'C', Ć: 'C', đ: 'dj', Đ: 'Dj' };

/** Text Helvetica can show: the folds above, then anything outside Latin-1/Windows-1252 as '?'. */
export function pdfSafeText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const folded = text.replace(/[čćČĆđĐ]/g, (ch) => FOLD[ch]!).replace(/[\u0000-\u001f\u007f]/g, ' ');
  return folded.replace(
    /[^\u0020-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/g,
    '?',
  );
}

const MARGIN = 50;
const COLUMNS = [
  { key: 'date', label: 'Date', x: 50, width: 70, align: 'left' },
  { key: 'document', label: 'Document', x: 120, width: 110, align: 'left' },
  { key: 'transaction', label: 'Transaction', x: 230, width: 100, align: 'left' },
  { key: 'sequence', label: 'Seq.', x: 330, width: 40, align: 'right' },
  { key: 'journal', label: 'Journal', x: 380, width: 70, align: 'left' },
  { key: 'amount', label: 'Amount', x: 450, width: 112, align: 'right' },
] as const;

export function renderStatementPdf(input: TStatementPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: pdfSafeText(`Statement ${input.statement.id} - ${input.customer.name}`), Author: pdfSafeText(input.company.name) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const t = pdfSafeText;
  const day = (d: Date) => localDayOf({ instant: d, timeZone: input.company.timeZone });
  const bottom = doc.page.height - MARGIN - 20;

  doc.font('Helvetica-Bold').fontSize(18).text(t(input.company.name));
  doc.font('Helvetica').fontSize(9);
  for (const line of [input.company.address, input.company.phone, input.company.email]) if (line) doc.text(t(line));
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(14).text('Statement of account');
  doc.font('Helvetica').fontSize(10);
  doc.text(t(`Customer: ${input.customer.name}`));
  doc.text(t(`Account: ${input.customer.accountNumber}`));
  doc.text(`Statement no.: ${input.statement.id}    Date: ${day(input.statement.createdAt)}`);
  doc.text(`Period: ${input.statement.from} to ${input.statement.to}`);
  doc.moveDown();

  const header = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9);
    for (const c of COLUMNS) doc.text(c.label, c.x, y, { width: c.width, align: c.align, lineBreak: false });
    doc
      .moveTo(MARGIN, y + 12)
      .lineTo(562, y + 12)
      .stroke();
    doc.font('Helvetica').fontSize(9);
    doc.y = y + 16;
  };
  header();
  for (const row of input.transactions) {
    if (doc.y > bottom) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
      date: day(row.transactionAt),
      document: t(row.documentNumber),
      transaction: t(row.transactionNumber),
      sequence: String(row.sequenceNumber),
      journal: t(row.journal),
      amount: formatMoney(row.amountCents),
    };
    for (const c of COLUMNS) doc.text(cells[c.key], c.x, y, { width: c.width, align: c.align, lineBreak: false, ellipsis: true });
    doc.y = y + 14;
  }
  if (doc.y > bottom - 80) doc.addPage();
  const y = doc.y + 6;
  doc.moveTo(MARGIN, y).lineTo(562, y).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Amount due: ${formatMoney(input.statement.amountCents)}`, MARGIN, y + 8, { width: 512, align: 'right' });
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(10).text('Aging of the account', MARGIN);
  doc.font('Helvetica').fontSize(9);
  const aging: [string, number][] = [
    ['Current', input.aging.current],
    ['30 days', input.aging.days30],
    ['60 days', input.aging.days60],
    ['90+ days', input.aging.days90],
    ['Total', input.aging.total],
  ];
  const ay = doc.y + 4;
  aging.forEach(([label, cents], i) => {
    doc.text(label, MARGIN + i * 102, ay, { width: 100, align: 'right', lineBreak: false });
    doc.text(formatMoney(cents), MARGIN + i * 102, ay + 12, { width: 100, align: 'right', lineBreak: false });
  });
  doc.end();
  return done;
}
