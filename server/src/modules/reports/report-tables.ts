import type { TResponseTargets, TUsageMetrics } from '@cd/contracts/analytics';
import { channelLabel } from './report-format';

/**
 * The report's tables, written once for both files: each column says what its values are, and the PDF
 * (report-pdf.ts: formatted text, columns with a `pdfWidth` only) and the workbook (report-xlsx.ts: raw numbers with
 * a number format) render them their own way.
 */

/** `seconds`: an average in seconds or null; `share`: a fraction 0..1 or null. */
export type TReportValueKind = 'text' | 'count' | 'seconds' | 'share';
export type TReportValue = string | number | null;

export interface TReportColumn {
  header: string;
  /** A shorter header where the PDF's narrow columns need one. */
  pdfHeader?: string;
  kind: TReportValueKind;
  /** Share of the PDF's content width; a column without one is in the workbook only. */
  pdfWidth?: number;
  xlsxWidth: number;
}

export interface TReportTable {
  /** The workbook sheet's name. */
  name: string;
  columns: TReportColumn[];
  rows: TReportValue[][];
  /** A bold last row. */
  totals?: TReportValue[];
  /** What the PDF says when there are no rows. */
  empty?: string;
}

const avg = (s: { avgSeconds: number | null }) => s.avgSeconds;
const shareOf = (part: number, whole: number) => (whole ? part / whole : null);

export function perDayTable(m: TUsageMetrics): TReportTable {
  return {
    name: 'Per day',
    columns: [
      { header: 'Day', kind: 'text', pdfWidth: 0.15, xlsxWidth: 12 },
      { header: 'Conversations', kind: 'count', pdfWidth: 0.14, xlsxWidth: 14 },
      { header: 'Inbound', kind: 'count', pdfWidth: 0.11, xlsxWidth: 10 },
      { header: 'Outbound by people', pdfHeader: 'Out by people', kind: 'count', pdfWidth: 0.14, xlsxWidth: 18 },
      { header: 'Automated', kind: 'count', pdfWidth: 0.12, xlsxWidth: 11 },
      { header: 'First responses', kind: 'count', xlsxWidth: 15 },
      { header: 'First response avg s (wall)', pdfHeader: 'First resp. (wall)', kind: 'seconds', pdfWidth: 0.16, xlsxWidth: 24 },
      { header: 'First response avg s (business)', pdfHeader: 'First resp. (business)', kind: 'seconds', pdfWidth: 0.18, xlsxWidth: 28 },
    ],
    rows: m.perDay.map((d) => [
      d.day,
      d.conversations,
      d.inbound,
      d.outboundHuman,
      d.outboundAutomated,
      d.firstResponse.wall.count,
      avg(d.firstResponse.wall),
      avg(d.firstResponse.business),
    ]),
  };
}

export function perAgentTable(m: TUsageMetrics): TReportTable {
  return {
    name: 'Per agent',
    columns: [
      { header: 'Agent', kind: 'text', pdfWidth: 0.2, xlsxWidth: 26 },
      { header: 'Messages out', kind: 'count', pdfWidth: 0.12, xlsxWidth: 13 },
      { header: 'Conversations handled', pdfHeader: 'Conversations', kind: 'count', pdfWidth: 0.13, xlsxWidth: 21 },
      { header: 'First response avg s (wall)', pdfHeader: 'First resp. (wall)', kind: 'seconds', pdfWidth: 0.15, xlsxWidth: 24 },
      { header: 'First response avg s (business)', pdfHeader: 'First resp. (business)', kind: 'seconds', pdfWidth: 0.17, xlsxWidth: 28 },
      { header: 'Response avg s (wall)', pdfHeader: 'Response (wall)', kind: 'seconds', pdfWidth: 0.13, xlsxWidth: 20 },
      { header: 'Response avg s (business)', kind: 'seconds', xlsxWidth: 24 },
      { header: 'Under 5 min', kind: 'count', xlsxWidth: 12 },
      { header: '5 to 15 min', kind: 'count', xlsxWidth: 12 },
      { header: 'Over 15 min', kind: 'count', pdfWidth: 0.1, xlsxWidth: 12 },
    ],
    rows: m.perAgent.map((a) => [
      a.name,
      a.messagesOut,
      a.conversationsHandled,
      avg(a.firstResponse.wall),
      avg(a.firstResponse.business),
      avg(a.response.wall),
      avg(a.response.business),
      a.response.wall.under5,
      a.response.wall.from5to15,
      a.response.wall.over15,
    ]),
    empty: 'No agent replied in this period.',
  };
}

export function perChannelTable(m: TUsageMetrics): TReportTable {
  return {
    name: 'Per channel',
    columns: [
      { header: 'Channel', kind: 'text', pdfWidth: 0.4, xlsxWidth: 16 },
      { header: 'Inbound', kind: 'count', pdfWidth: 0.2, xlsxWidth: 10 },
      { header: 'Outbound by people', kind: 'count', pdfWidth: 0.2, xlsxWidth: 18 },
      { header: 'Automated', kind: 'count', pdfWidth: 0.2, xlsxWidth: 11 },
    ],
    rows: m.perChannel.map((c) => [channelLabel(c.channel), c.inbound, c.outboundHuman, c.outboundAutomated]),
    totals: ['Total', m.messages.inbound, m.messages.outboundHuman, m.messages.outboundAutomated],
  };
}

export function surveysTable(s: NonNullable<TUsageMetrics['surveys']>): TReportTable {
  return {
    name: 'Surveys',
    columns: [
      { header: 'Advisor', kind: 'text', pdfWidth: 0.4, xlsxWidth: 26 },
      { header: 'Sent', kind: 'count', pdfWidth: 0.15, xlsxWidth: 8 },
      { header: 'Completed', kind: 'count', pdfWidth: 0.15, xlsxWidth: 11 },
      { header: 'Completion', kind: 'share', pdfWidth: 0.15, xlsxWidth: 12 },
      { header: 'Positive share', pdfHeader: 'Positive', kind: 'share', pdfWidth: 0.15, xlsxWidth: 15 },
    ],
    rows: s.perAdvisor.map((a) => [a.name, a.sent, a.completed, shareOf(a.completed, a.sent), a.positiveShare]),
    totals: ['All advisors', s.sent, s.completed, shareOf(s.completed, s.sent), s.positiveShare],
    empty: 'No survey was sent in this period.',
  };
}

/** First replies against the company's response-time target (issue 21), per owner at the time, with the totals. */
export function responseTargetsTable(t: TResponseTargets): TReportTable {
  const cells = (s: TResponseTargets['perAgent'][number] | TResponseTargets) => [s.waits, s.metTarget, s.withinTargetShare, s.warned, s.breached];
  return {
    name: 'Response targets',
    columns: [
      { header: 'Owner', kind: 'text', pdfWidth: 0.3, xlsxWidth: 26 },
      { header: 'Waits with a target', pdfHeader: 'Waits', kind: 'count', pdfWidth: 0.12, xlsxWidth: 19 },
      { header: 'Answered within target', pdfHeader: 'In time', kind: 'count', pdfWidth: 0.14, xlsxWidth: 22 },
      { header: 'Share within target', pdfHeader: 'Share in time', kind: 'share', pdfWidth: 0.16, xlsxWidth: 19 },
      { header: 'Warned', kind: 'count', pdfWidth: 0.13, xlsxWidth: 10 },
      { header: 'Breached', kind: 'count', pdfWidth: 0.15, xlsxWidth: 10 },
    ],
    rows: t.perAgent.map((a) => [a.userId === null ? 'Nobody (unassigned)' : a.name, ...cells(a)]),
    totals: ['All owners', ...cells(t)],
    empty: 'No conversation had a response-time target in this period.',
  };
}
