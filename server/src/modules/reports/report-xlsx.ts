import ExcelJS from 'exceljs';
import type { TResponseStats } from '@cd/contracts/analytics';
import { filtersText, KIND_TITLES, localDateTime, periodText, RESPONSE_CLOCK_NOTE, type TReportDocumentInput } from './report-format';
import {
  perAgentTable,
  perChannelTable,
  perDayTable,
  responseTargetsTable,
  surveysTable,
  type TReportTable,
  type TReportValue,
  type TReportValueKind,
} from './report-tables';

/**
 * The report as a workbook (exceljs): Summary, Per day, Per agent, Per channel and, where the company has surveys,
 * Surveys. Durations are numbers of seconds (so a spreadsheet can sum and chart them), shares are fractions shown as
 * percentages. Every sheet starts with the same title, period, time zone and filters lines as the PDF.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type TCell = string | number | null;

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) is written with a leading
 * apostrophe: agent names come from users.
 */
function safe(v: TCell): TCell {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

function addSheet(
  wb: ExcelJS.Workbook,
  input: TReportDocumentInput,
  name: string,
  columns: { header: string; width: number; format?: string }[],
  rows: TCell[][],
) {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 6 }] });
  ws.columns = columns.map((c) => ({ width: c.width }));
  ws.addRow([`${KIND_TITLES[input.kind]}: ${name}`]).font = { bold: true, size: 14 };
  ws.addRow([`Company: ${input.companyName}`]);
  ws.addRow([`Period: ${periodText(input)}`]);
  ws.addRow([`Time zone: ${input.timeZone} · Filters: ${filtersText(input.filters)}`]);
  ws.addRow([]);
  const head = ws.addRow(columns.map((c) => c.header));
  head.eachCell((cell) => {
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cell.fill = HEADER_FILL;
  });
  for (const r of rows) ws.addRow(r.map(safe));
  columns.forEach((c, i) => {
    if (c.format) ws.getColumn(i + 1).numFmt = c.format;
  });
  return ws;
}

const SECONDS = '0';
const PERCENT = '0.0%';
const avg = (s: TResponseStats) => (s.avgSeconds === null ? null : Math.round(s.avgSeconds));

const FORMATS: Partial<Record<TReportValueKind, string>> = { seconds: SECONDS, share: PERCENT };

/** A shared report table as a sheet: raw numbers (seconds rounded), with the totals as a last row. */
function addTableSheet(wb: ExcelJS.Workbook, input: TReportDocumentInput, spec: TReportTable) {
  const cell = (v: TReportValue, kind: TReportValueKind) => (kind === 'seconds' && typeof v === 'number' ? Math.round(v) : v);
  const row = (r: TReportValue[]) => r.map((v, i) => cell(v, spec.columns[i]!.kind));
  return addSheet(
    wb,
    input,
    spec.name,
    spec.columns.map((c) => ({ header: c.header, width: c.xlsxWidth, format: FORMATS[c.kind] })),
    [...spec.rows.map(row), ...(spec.totals ? [row(spec.totals)] : [])],
  );
}

export async function renderReportXlsx(input: TReportDocumentInput): Promise<Buffer> {
  const m = input.metrics;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Courier Desk';
  wb.created = input.generatedAt;

  const summary: TCell[][] = [
    ['Generated', `${localDateTime(input.generatedAt, input.timeZone)} (${input.timeZone})`],
    ['Report', input.reportId],
    ['Conversations started by customers', m.conversations.inboundStarted],
    ['Conversations started by the team', m.conversations.outboundStarted],
    ['Messages in', m.messages.inbound],
    ['Messages out, by people', m.messages.outboundHuman],
    ['Messages out, automated', m.messages.outboundAutomated],
    ['Opt-outs', m.optOuts],
  ];
  for (const [label, s] of [
    ['First response, wall clock', m.firstResponse.wall],
    ['First response, business hours', m.firstResponse.business],
    ['Every response, wall clock', m.response.wall],
    ['Every response, business hours', m.response.business],
  ] as const) {
    summary.push([`${label}: count`, s.count], [`${label}: average seconds`, avg(s)]);
    summary.push([`${label}: under 5 min`, s.under5], [`${label}: 5 to 15 min`, s.from5to15], [`${label}: over 15 min`, s.over15]);
  }
  if (m.appointments)
    summary.push(
      ['Appointments booked', m.appointments.booked],
      ['Appointments confirmed', m.appointments.confirmed],
      ['Appointments missed', m.appointments.missed],
    );
  if (m.repairOrders)
    summary.push(
      ['Repair orders opened', m.repairOrders.opened],
      ['Repair orders closed', m.repairOrders.closed],
      ['Repair order approval rate', m.repairOrders.approvalRate],
      ['Approved amount (USD)', m.repairOrders.approvedAmountCents / 100],
    );
  if (m.payments)
    summary.push(['Payments requested', m.payments.requested], ['Payments paid', m.payments.paid], ['Amount paid (USD)', m.payments.amountCents / 100]);
  summary.push([], [RESPONSE_CLOCK_NOTE]);
  addSheet(
    wb,
    input,
    'Summary',
    [
      { header: 'Measure', width: 44 },
      { header: 'Value', width: 30 },
    ],
    summary,
  );

  const optional = [...(m.responseTargets?.waits ? [responseTargetsTable(m.responseTargets)] : []), ...(m.surveys ? [surveysTable(m.surveys)] : [])];
  for (const spec of [perDayTable(m), perAgentTable(m), perChannelTable(m), ...optional]) addTableSheet(wb, input, spec);

  return Buffer.from(await wb.xlsx.writeBuffer());
}
