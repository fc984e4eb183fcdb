import type PDFDocument from 'pdfkit';
import { pdfSafeText } from '../accounting/statement-pdf';

/**
 * Drawing pieces of the report PDF (pdfkit vector primitives, no image library): cards, bar charts and tables that
 * break across pages with their header repeated. Text goes through pdfSafeText (built-in Helvetica, Windows-1252).
 */

type TDoc = InstanceType<typeof PDFDocument>;

export const PAGE = { margin: 40, width: 612, height: 792 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Lowest y content may reach before a new page (the footer lives below). */
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 24;

export const COLORS = {
  ink: '#1d2733',
  muted: '#5f6b7a',
  rule: '#d5dbe3',
  band: '#1f4e79',
  zebra: '#f3f6f9',
  inbound: '#3b82c4',
  outbound: '#f29f3d',
  automated: '#9aa7b6',
  under5: '#2e9e5b',
  from5to15: '#e6a700',
  over15: '#d64545',
  business: '#7b61c9',
} as const;

export const t = pdfSafeText;

/** Moves to a new page unless `height` still fits on this one. */
export function ensureSpace(doc: TDoc, height: number): void {
  if (doc.y + height > CONTENT_BOTTOM) {
    doc.addPage();
    doc.y = PAGE.margin;
  }
}

/** One line of text in a cell: the font shrinks (down to 6 pt) rather than wrap, then an ellipsis cuts what is left. */
export function fitText(doc: TDoc, text: string, x: number, y: number, opts: { width: number; size: number; align?: 'left' | 'right' | 'center' }): void {
  const s = t(text);
  doc.fontSize(opts.size);
  const w = doc.widthOfString(s);
  if (w > opts.width) doc.fontSize(Math.max(6, (opts.size * opts.width) / w));
  doc.text(s, x, y, { width: opts.width, height: opts.size + 2, align: opts.align ?? 'left', lineBreak: false, ellipsis: true });
}

export function sectionTitle(doc: TDoc, text: string, note?: string): void {
  // Room for the title and the first rows of what follows: a title never ends a page alone.
  ensureSpace(doc, (note ? 60 : 44) + 70);
  doc.y += 10;
  doc.font('Helvetica-Bold').fontSize(13).fillColor(COLORS.band).text(t(text), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  if (note) doc.font('Helvetica').fontSize(8.5).fillColor(COLORS.muted).text(t(note), { width: CONTENT_WIDTH });
  doc.y += 6;
  doc.fillColor(COLORS.ink);
}

/** A row of figure cards: label above, large value, optional small line below. */
export function cards(doc: TDoc, items: { label: string; value: string; sub?: string }[]): void {
  const gap = 8;
  const perRow = Math.min(items.length, 4);
  const w = (CONTENT_WIDTH - gap * (perRow - 1)) / perRow;
  for (let i = 0; i < items.length; i += perRow) {
    const rowItems = items.slice(i, i + perRow);
    const h = rowItems.some((item) => item.sub) ? 58 : 46;
    ensureSpace(doc, h + gap);
    const y = doc.y;
    rowItems.forEach((item, j) => {
      const x = PAGE.margin + j * (w + gap);
      doc.roundedRect(x, y, w, h, 4).fillAndStroke(COLORS.zebra, COLORS.rule);
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(COLORS.muted)
        .text(t(item.label.toUpperCase()), x + 10, y + 8, { width: w - 20, lineBreak: false, ellipsis: true });
      doc
        .font('Helvetica-Bold')
        .fontSize(17)
        .fillColor(COLORS.ink)
        .text(t(item.value), x + 10, y + 20, { width: w - 20, lineBreak: false, ellipsis: true });
      if (item.sub)
        doc
          .font('Helvetica')
          .fontSize(7.5)
          .fillColor(COLORS.muted)
          .text(t(item.sub), x + 10, y + 42, { width: w - 20, height: 10, ellipsis: true });
    });
    doc.y = y + h + gap;
  }
  doc.fillColor(COLORS.ink);
}

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

export function legend(doc: TDoc, x: number, y: number, items: { name: string; color: string }[]): void {
  let cx = x;
  doc.font('Helvetica').fontSize(8);
  for (const item of items) {
    doc.rect(cx, y + 1, 8, 8).fill(item.color);
    doc.fillColor(COLORS.muted).text(t(item.name), cx + 11, y, { lineBreak: false });
    cx += 11 + doc.widthOfString(t(item.name)) + 14;
  }
  doc.fillColor(COLORS.ink);
}

/** Vertical stacked bars, one per category (days), with a value axis of four gridlines. */
export function columnChart(doc: TDoc, opts: { height: number; categories: string[]; series: { name: string; color: string; values: number[] }[] }): void {
  const h = opts.height;
  ensureSpace(doc, h + 40);
  const top = doc.y;
  legend(doc, PAGE.margin, top, opts.series);
  const axisW = 34;
  const x0 = PAGE.margin + axisW;
  const y0 = top + 16;
  const plotW = CONTENT_WIDTH - axisW;
  const totals = opts.categories.map((_, i) => opts.series.reduce((s, se) => s + (se.values[i] ?? 0), 0));
  const max = niceMax(Math.max(0, ...totals));
  doc.font('Helvetica').fontSize(7).fillColor(COLORS.muted);
  for (let g = 0; g <= 4; g++) {
    const gy = y0 + h - (h * g) / 4;
    doc
      .moveTo(x0, gy)
      .lineTo(x0 + plotW, gy)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.text(String(Math.round((max * g) / 4)), PAGE.margin, gy - 3.5, { width: axisW - 4, align: 'right', lineBreak: false });
  }
  const n = Math.max(1, opts.categories.length);
  const slot = plotW / n;
  const barW = Math.max(1.5, Math.min(28, slot * 0.7));
  // Label every k-th day so labels never collide.
  const every = Math.max(1, Math.ceil(n / Math.floor(plotW / 34)));
  opts.categories.forEach((cat, i) => {
    const bx = x0 + i * slot + (slot - barW) / 2;
    let by = y0 + h;
    for (const se of opts.series) {
      const v = se.values[i] ?? 0;
      if (v <= 0) continue;
      const bh = (h * v) / max;
      doc.rect(bx, by - bh, barW, bh).fill(se.color);
      by -= bh;
    }
    if (i % every === 0)
      doc
        .font('Helvetica')
        .fontSize(6.5)
        .fillColor(COLORS.muted)
        .text(t(cat), x0 + i * slot - 10, y0 + h + 4, { width: slot + 20, align: 'center', lineBreak: false });
  });
  doc.y = y0 + h + 18;
  doc.fillColor(COLORS.ink);
}

/** Horizontal bars: one row per item, each item one or more bars side by side (grouped), value printed at the end. */
export function barChart(
  doc: TDoc,
  opts: { items: { label: string; values: number[] }[]; series: { name: string; color: string }[]; format?: (v: number) => string; caption?: string },
): void {
  const rowH = 8 * opts.series.length + 8;
  const labelW = 130;
  const valueW = 50;
  const plotW = CONTENT_WIDTH - labelW - valueW;
  const max = niceMax(Math.max(0, ...opts.items.flatMap((i) => i.values)));
  const fmt = opts.format ?? ((v: number) => String(v));
  ensureSpace(doc, 20 + Math.min(opts.items.length, 6) * rowH);
  if (opts.caption) {
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(COLORS.muted).text(t(opts.caption), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.y += 4;
  }
  if (opts.series.length > 1) {
    legend(doc, PAGE.margin + labelW, doc.y, opts.series);
    doc.y += 14;
  }
  for (const item of opts.items) {
    ensureSpace(doc, rowH);
    const y = doc.y;
    doc.font('Helvetica').fillColor(COLORS.ink);
    fitText(doc, item.label, PAGE.margin, y + rowH / 2 - 5, { width: labelW - 8, size: 8.5 });
    item.values.forEach((v, k) => {
      const by = y + 4 + k * 8;
      doc.rect(PAGE.margin + labelW, by, plotW, 6).fill(COLORS.zebra);
      if (v > 0) doc.rect(PAGE.margin + labelW, by, Math.max(1, (plotW * v) / max), 6).fill(opts.series[k]!.color);
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .fillColor(COLORS.muted)
        .text(fmt(v), PAGE.margin + labelW + plotW + 4, by - 1, { width: valueW - 4, lineBreak: false });
    });
    doc.y = y + rowH;
  }
  doc.y += 6;
  doc.fillColor(COLORS.ink);
}

export interface TColumn {
  label: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
}

/** A table with a shaded header, zebra rows and the header repeated on each new page; an optional bold last row (totals). */
export function table(doc: TDoc, opts: { columns: TColumn[]; rows: string[][]; totals?: string[]; empty?: string }): void {
  const rowH = 15;
  const widths = opts.columns.map((c) => c.width * CONTENT_WIDTH);
  const header = () => {
    const y = doc.y;
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, rowH + 2).fill(COLORS.band);
    let x = PAGE.margin;
    doc.font('Helvetica-Bold').fillColor('#ffffff');
    opts.columns.forEach((c, i) => {
      fitText(doc, c.label, x + 5, y + 5, { width: widths[i]! - 10, size: 8, align: c.align });
      x += widths[i]!;
    });
    doc.y = y + rowH + 2;
  };
  const row = (cells: string[], i: number, bold = false) => {
    if (doc.y + rowH > CONTENT_BOTTOM) {
      doc.addPage();
      doc.y = PAGE.margin;
      header();
    }
    const y = doc.y;
    if (bold) doc.rect(PAGE.margin, y, CONTENT_WIDTH, rowH).fill('#e4eaf1');
    else if (i % 2 === 1) doc.rect(PAGE.margin, y, CONTENT_WIDTH, rowH).fill(COLORS.zebra);
    let x = PAGE.margin;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fillColor(COLORS.ink);
    cells.forEach((cell, k) => {
      fitText(doc, cell, x + 5, y + 4, { width: widths[k]! - 10, size: 8, align: opts.columns[k]?.align });
      x += widths[k]!;
    });
    doc.y = y + rowH;
  };
  ensureSpace(doc, rowH * 3);
  header();
  if (!opts.rows.length) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(t(opts.empty ?? 'Nothing in this period.'), PAGE.margin + 5, doc.y + 5);
    doc.y += 6;
  }
  opts.rows.forEach((cells, i) => row(cells, i));
  if (opts.totals) row(opts.totals, 0, true);
  doc
    .moveTo(PAGE.margin, doc.y)
    .lineTo(PAGE.margin + CONTENT_WIDTH, doc.y)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y += 8;
  doc.fillColor(COLORS.ink);
}
