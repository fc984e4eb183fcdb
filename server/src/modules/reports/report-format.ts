import type { TResponseStats, TUsageMetrics } from '@cd/contracts/analytics';
import type { TReportPeriodName } from '@cd/contracts/report-periods';
import type { TReportKind } from '@cd/contracts/reports';

/**
 * What a generated report states about itself, shared by the PDF, the workbook and the mail so the three always say
 * the same thing: title, company, period, time zone, filters, and which response-time clock each figure uses.
 */

export interface TReportDocumentInput {
  reportId: number;
  kind: TReportKind;
  companyName: string;
  period: TReportPeriodName | null;
  from: string;
  to: string;
  timeZone: string;
  generatedAt: Date;
  /** Names of the agents the report is limited to (empty: all agents) and the channels (empty: all channels). */
  filters: { agents: string[]; channels: string[] };
  metrics: TUsageMetrics;
}

export const KIND_TITLES: Record<TReportKind, string> = {
  usage_and_response_time: 'Usage and response time report',
  survey_results: 'Survey results report',
};

export const PERIOD_LABELS: Record<TReportPeriodName, string> = {
  today: 'Today',
  wtd: 'Week to date',
  mtd: 'Month to date',
  ytd: 'Year to date',
  last_7_days: 'Last 7 days',
  last_month: 'Last month',
};

export const CHANNEL_LABELS: Record<string, string> = {
  simulator: 'Simulator',
  sms_provider: 'SMS',
  sms_gateway: 'SMS gateway',
  whatsapp: 'WhatsApp',
  viber: 'Viber',
  webchat: 'Website chat',
};

export const channelLabel = (c: string) => CHANNEL_LABELS[c] ?? c;

/** "2026-11-16 to 2026-11-22 (Last 7 days)"; one day reads as that day. */
export function periodText(r: Pick<TReportDocumentInput, 'period' | 'from' | 'to'>): string {
  const range = r.from === r.to ? r.from : `${r.from} to ${r.to}`;
  return r.period ? `${range} (${PERIOD_LABELS[r.period]})` : range;
}

export function filtersText(f: TReportDocumentInput['filters']): string {
  const agents = f.agents.length ? `Agents: ${f.agents.join(', ')}` : 'All agents';
  const channels = f.channels.length ? `Channels: ${f.channels.map(channelLabel).join(', ')}` : 'all channels';
  return `${agents}; ${channels}`;
}

/** A local date and time in the report's zone: "2026-11-23 07:00". */
export function localDateTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}`;
}

/** Seconds as a person reads them: "45s", "4m 12s", "2h 05m", "3d 4h"; a dash when there is nothing to average. */
export function durationText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '-';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

export function percentText(share: number | null): string {
  return share === null ? '-' : `${Math.round(share * 1000) / 10}%`;
}

export function centsText(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The §9 buckets of one figure set, in order, with their labels. */
export function bucketsOf(s: TResponseStats): { label: string; count: number }[] {
  return [
    { label: 'Under 5 min', count: s.under5 },
    { label: '5 to 15 min', count: s.from5to15 },
    { label: 'Over 15 min', count: s.over15 },
  ];
}

export const RESPONSE_CLOCK_NOTE =
  'Response time: from a customer message to the next reply written by a person. "Wall clock" counts every minute; ' +
  '"business hours" counts only the company\'s working hours.';

export function reportFileName(r: Pick<TReportDocumentInput, 'reportId' | 'from' | 'to'>, ext: 'pdf' | 'xlsx'): string {
  return `report-${r.reportId}-${r.from}-to-${r.to}.${ext}`;
}
