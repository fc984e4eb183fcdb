import type { TReport, TReportStatus } from '@cd/contracts/reports';

type TTranslate = (key: string, options?: Record<string, unknown>) => string;

export const STATUS_COLOR: Record<TReportStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  active: 'info',
  pending: 'default',
  generating: 'warning',
  ready: 'success',
  failed: 'error',
};

/** `/api/reports/12` → 12; null for null or anything else. */
export function idOfIri(iri: string | null | undefined): number | null {
  const m = iri ? /\/(\d{1,16})$/.exec(iri) : null;
  return m ? Number(m[1]) : null;
}

/** A local day (YYYY-MM-DD) as the reader writes it; it is a calendar day, so it is formatted in UTC. */
export function dayLabel(day: string, language: string): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(at)) return day;
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(at);
}

export function rangeLabel(options: { from: string; to: string; language: string }): string {
  if (options.from === options.to) return dayLabel(options.from, options.language);
  return `${dayLabel(options.from, options.language)} – ${dayLabel(options.to, options.language)}`;
}

/**
 * What a report covers: a recurring parent names its period ("Last 7 days"); a one-time or generated report names the
 * days it covered, with the period in front when it had one ("Month to date · Nov 1 – Nov 28, 2026").
 */
export function coverageOf(options: { report: Pick<TReport, 'period' | 'from' | 'to'>; t: TTranslate; language: string }): string {
  const { report, t } = options;
  const period = report.period ? t(`report_period_${report.period}`) : null;
  const range = report.from && report.to ? rangeLabel({ from: report.from, to: report.to, language: options.language }) : null;
  return [period, range].filter(Boolean).join(' · ');
}

/** An instant in the company's zone, e.g. "Nov 28, 07:00"; the zone is named once in the list's caption. */
export function instantLabel(options: { iso: string | null; timeZone: string; language: string }): string {
  if (!options.iso) return '';
  const at = new Date(options.iso);
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat(options.language, {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  try {
    return format(options.timeZone);
  } catch {
    return format('UTC');
  }
}

/** The saved file's name: kind, days covered and id, e.g. "report-usage_and_response_time-2026-11-01-2026-11-28-12.pdf". */
export function reportFileName(options: { report: Pick<TReport, 'id' | 'kind' | 'from' | 'to'>; format: 'pdf' | 'xlsx' }): string {
  const { report } = options;
  const days = report.from && report.to ? `-${report.from}-${report.to}` : '';
  return `report-${report.kind}${days}-${report.id}.${options.format}`;
}
