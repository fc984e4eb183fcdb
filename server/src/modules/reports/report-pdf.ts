import PDFDocument from 'pdfkit';
import type { TUsageMetrics } from '@cd/contracts/analytics';
import {
  bucketsOf,
  centsText,
  durationText,
  filtersText,
  KIND_TITLES,
  localDateTime,
  percentText,
  periodText,
  RESPONSE_CLOCK_NOTE,
  type TReportDocumentInput,
} from './report-format';
import { barChart, cards, COLORS, columnChart, CONTENT_WIDTH, PAGE, sectionTitle, t, table } from './report-pdf-kit';
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
 * The report as a PDF (pdfkit): a header stating title, company, period, time zone and filters; figure cards;
 * charts drawn as vector bars (messages per day, response-time buckets, per agent); then the tables. A
 * `survey_results` report leads with the surveys and their per-advisor table. docs/reports.md.
 */

type TDoc = InstanceType<typeof PDFDocument>;

function header(doc: TDoc, input: TReportDocumentInput): void {
  doc.rect(0, 0, PAGE.width, 78).fill(COLORS.band);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#c9d8ea')
    .text(t(input.companyName), PAGE.margin, 20, { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true });
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#ffffff').text(t(KIND_TITLES[input.kind]), PAGE.margin, 34, { width: CONTENT_WIDTH, lineBreak: false });
  const rows: [string, string][] = [
    ['Company', input.companyName],
    ['Period', periodText(input)],
    ['Time zone', `${input.timeZone} (days and times are local to it)`],
    ['Filters', filtersText(input.filters)],
    ['Generated', `${localDateTime(input.generatedAt, input.timeZone)} · report #${input.reportId}`],
  ];
  let y = 92;
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(COLORS.muted).text(t(label), PAGE.margin, y, { width: 70, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLORS.ink)
      .text(t(value), PAGE.margin + 72, y, { width: CONTENT_WIDTH - 72 });
    y = Math.max(y + 13, doc.y + 1);
  }
  doc
    .moveTo(PAGE.margin, y + 4)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y + 4)
    .lineWidth(0.75)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y = y + 12;
}

function responseRows(m: TUsageMetrics): string[][] {
  const line = (label: string, s: TUsageMetrics['response']['wall']) => [
    label,
    String(s.count),
    durationText(s.avgSeconds),
    String(s.under5),
    String(s.from5to15),
    String(s.over15),
  ];
  return [
    line('First response, wall clock', m.firstResponse.wall),
    line('First response, business hours', m.firstResponse.business),
    line('Every response, wall clock', m.response.wall),
    line('Every response, business hours', m.response.business),
  ];
}

function pdfCell(value: TReportValue, kind: TReportValueKind): string {
  if (kind === 'seconds') return durationText(value as number | null);
  if (kind === 'share') return percentText(value as number | null);
  return value === null ? '-' : String(value);
}

/** A shared report table in the PDF: its columns with a PDF width, values as text. */
function reportTable(doc: TDoc, spec: TReportTable): void {
  const kept = spec.columns.flatMap((c, i) => (c.pdfWidth === undefined ? [] : [{ c, i }]));
  const cells = (row: TReportValue[]) => kept.map(({ c, i }) => pdfCell(row[i] ?? null, c.kind));
  table(doc, {
    columns: kept.map(({ c }) => ({ label: c.pdfHeader ?? c.header, width: c.pdfWidth!, align: c.kind === 'text' ? undefined : ('right' as const) })),
    rows: spec.rows.map(cells),
    totals: spec.totals && cells(spec.totals),
    empty: spec.empty,
  });
}

function usageSections(doc: TDoc, m: TUsageMetrics): void {
  const outTotal = m.messages.outboundHuman + m.messages.outboundAutomated;
  cards(doc, [
    {
      label: 'Conversations',
      value: String(m.conversations.inboundStarted + m.conversations.outboundStarted),
      sub: `${m.conversations.inboundStarted} inbound · ${m.conversations.outboundStarted} outbound`,
    },
    { label: 'Messages in', value: String(m.messages.inbound), sub: 'from customers' },
    { label: 'Messages out', value: String(outTotal), sub: `${m.messages.outboundHuman} by people, ${m.messages.outboundAutomated} automated` },
    { label: 'Opt-outs', value: String(m.optOuts), sub: 'customers who texted STOP' },
    { label: 'First response (avg)', value: durationText(m.firstResponse.wall.avgSeconds), sub: `wall clock, ${m.firstResponse.wall.count} conversations` },
    { label: 'First response (avg)', value: durationText(m.firstResponse.business.avgSeconds), sub: 'business hours' },
    { label: 'Response (avg)', value: durationText(m.response.wall.avgSeconds), sub: `wall clock, ${m.response.wall.count} replies` },
    { label: 'Response (avg)', value: durationText(m.response.business.avgSeconds), sub: 'business hours' },
  ]);

  sectionTitle(doc, 'Messages per day');
  columnChart(doc, {
    height: 120,
    categories: m.perDay.map((d) => d.day.slice(5)),
    series: [
      { name: 'Inbound', color: COLORS.inbound, values: m.perDay.map((d) => d.inbound) },
      { name: 'Outbound by people', color: COLORS.outbound, values: m.perDay.map((d) => d.outboundHuman) },
      { name: 'Automated', color: COLORS.automated, values: m.perDay.map((d) => d.outboundAutomated) },
    ],
  });

  sectionTitle(doc, 'Response times', RESPONSE_CLOCK_NOTE);
  barChart(doc, {
    caption: 'Replies per response-time bucket',
    items: bucketsOf(m.response.wall).map((b, i) => ({ label: b.label, values: [b.count, bucketsOf(m.response.business)[i]!.count] })),
    series: [
      { name: 'Wall clock', color: COLORS.inbound },
      { name: 'Business hours', color: COLORS.business },
    ],
  });
  table(doc, {
    columns: [
      { label: 'Measure', width: 0.34 },
      { label: 'Count', width: 0.11, align: 'right' },
      { label: 'Average', width: 0.15, align: 'right' },
      { label: 'Under 5 min', width: 0.14, align: 'right' },
      { label: '5 to 15 min', width: 0.13, align: 'right' },
      { label: 'Over 15 min', width: 0.13, align: 'right' },
    ],
    rows: responseRows(m),
  });

  if (m.responseTargets?.waits) {
    sectionTitle(
      doc,
      'Response-time targets',
      "First replies to new conversations against the company's target, counted on the business-hours clock, by owner.",
    );
    reportTable(doc, responseTargetsTable(m.responseTargets));
  }

  sectionTitle(doc, 'Per agent', 'Messages written by each agent, conversations in which they replied, and their response times.');
  if (m.perAgent.length)
    barChart(doc, {
      items: [...m.perAgent].sort((a, b) => b.messagesOut - a.messagesOut).map((a) => ({ label: a.name, values: [a.messagesOut] })),
      series: [{ name: 'Messages out', color: COLORS.outbound }],
      caption: 'Messages written, per agent',
    });
  reportTable(doc, perAgentTable(m));

  sectionTitle(doc, 'Per channel');
  reportTable(doc, perChannelTable(m));

  sectionTitle(doc, 'Per day');
  reportTable(doc, perDayTable(m));
  moduleSections(doc, m);
}

function surveySection(doc: TDoc, m: TUsageMetrics, lead: boolean): void {
  const s = m.surveys;
  sectionTitle(doc, 'Surveys', 'Surveys sent in the period, completed answers, and the share of completed answers that were positive.');
  if (!s) {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(COLORS.muted).text('Surveys are not available for this company.', PAGE.margin);
    return;
  }
  if (lead)
    cards(doc, [
      { label: 'Surveys sent', value: String(s.sent) },
      { label: 'Completed', value: String(s.completed), sub: s.sent ? `${percentText(s.completed / s.sent)} of those sent` : undefined },
      { label: 'Positive', value: percentText(s.positiveShare), sub: 'of completed answers' },
    ]);
  if (lead && s.perAdvisor.length)
    barChart(doc, {
      items: s.perAdvisor.map((a) => ({ label: a.name, values: [Math.round((a.positiveShare ?? 0) * 100)] })),
      series: [{ name: 'Positive share', color: COLORS.under5 }],
      format: (v) => `${v}%`,
      caption: 'Positive share of completed answers, per advisor',
    });
  reportTable(doc, surveysTable(s));
}

function moduleSections(doc: TDoc, m: TUsageMetrics): void {
  if (m.surveys) surveySection(doc, m, false);
  const kv: [string, [string, string][]][] = [];
  if (m.appointments)
    kv.push([
      'Appointments',
      [
        ['Booked', String(m.appointments.booked)],
        ['Confirmed', String(m.appointments.confirmed)],
        ['Missed', String(m.appointments.missed)],
      ],
    ]);
  if (m.repairOrders)
    kv.push([
      'Repair orders',
      [
        ['Opened', String(m.repairOrders.opened)],
        ['Closed', String(m.repairOrders.closed)],
        ['Approval rate', percentText(m.repairOrders.approvalRate)],
        ['Approved amount', centsText(m.repairOrders.approvedAmountCents)],
      ],
    ]);
  if (m.payments)
    kv.push([
      'Payments',
      [
        ['Requested', String(m.payments.requested)],
        ['Paid', String(m.payments.paid)],
        ['Amount paid', centsText(m.payments.amountCents)],
      ],
    ]);
  for (const [title, rows] of kv) {
    sectionTitle(doc, title);
    cards(
      doc,
      rows.map(([label, value]) => ({ label, value })),
    );
  }
}

/** Page footers once every page exists (bufferPages), so each says "page x of y". */
function footers(doc: TDoc, input: TReportDocumentInput): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - PAGE.margin + 8;
    doc
      .moveTo(PAGE.margin, y - 6)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(COLORS.muted)
      .text(t(`${input.companyName} · ${KIND_TITLES[input.kind]} · ${periodText(input)} · ${input.timeZone}`), PAGE.margin, y, {
        width: CONTENT_WIDTH - 80,
        lineBreak: false,
        ellipsis: true,
      });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.margin + CONTENT_WIDTH - 80, y, { width: 80, align: 'right', lineBreak: false });
  }
}

export function renderReportPdf(input: TReportDocumentInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: PAGE.margin, bottom: 0, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: { Title: t(`${KIND_TITLES[input.kind]} - ${input.companyName} - ${periodText(input)}`), Author: t(input.companyName), Creator: 'Courier Desk' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, input);
  if (input.kind === 'survey_results') surveySection(doc, input.metrics, true);
  else usageSections(doc, input.metrics);
  footers(doc, input);
  doc.end();
  return done;
}
