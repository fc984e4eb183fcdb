import type { TReviewSite, TSurvey } from '@cd/contracts/survey';

/** Review sites go by their brand names in every language. */
export const REVIEW_SITE_LABELS: Readonly<Record<TReviewSite, string>> = { google: 'Google', yelp: 'Yelp', facebook: 'Facebook' };

/** The status chips of a row (spec part 2 §4): answer, and for a negative one whether it is resolved. */
export type TSurveyStatus = 'pending' | 'positive' | 'negative' | 'resolved' | 'unresolved';

export function surveyStatusesOf(survey: Pick<TSurvey, 'answer' | 'resolvedAt'>): TSurveyStatus[] {
  if (survey.answer === null) return ['pending'];
  if (survey.answer) return ['positive'];
  return ['negative', survey.resolvedAt ? 'resolved' : 'unresolved'];
}

export function canResolveSurvey(survey: Pick<TSurvey, 'answer' | 'resolvedAt'>): boolean {
  return survey.answer === false && survey.resolvedAt === null;
}

/** A share 0..1 as a whole percent ("42%"), or an em dash when there is nothing to divide. */
export function formatShare(options: { value: number | null; language: string }): string {
  if (options.value === null) return '—';
  return new Intl.NumberFormat(options.language, { style: 'percent', maximumFractionDigits: 0 }).format(options.value);
}

/** The net score with its sign ("+40", "−20", "0"). */
export function formatScore(value: number | null): string {
  if (value === null) return '—';
  const n = Math.round(value);
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${Math.abs(n)}`;
  return '0';
}

/** A duration in the two largest units ("2 d 3 h", "45 min"), in the interface language; under a minute as "<1 min". */
export function formatDuration(options: { seconds: number | null; language: string }): string {
  const { seconds, language } = options;
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const unit = (value: number, u: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: u, unitDisplay: 'narrow' }).format(value);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return `<${unit(1, 'minute')}`;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  if (hours > 0) return mins > 0 ? `${unit(hours, 'hour')} ${unit(mins, 'minute')}` : unit(hours, 'hour');
  return unit(mins, 'minute');
}

/** The CSV file name: the range's first and last day and the filter, e.g. `surveys_2026-11-01_2026-11-24_unresolved.csv`. */
export function exportFileNameOf(options: { fromDay: string; toDay: string; filter: string }): string {
  const parts = ['surveys', options.fromDay, options.toDay];
  if (options.filter !== 'all') parts.push(options.filter);
  return `${parts.join('_')}.csv`;
}

/**
 * MM/DD/YYYY h:mm AM/PM (the app's date format) in the company's time zone: the dashboard's days are the company's, so
 * a survey sent late in the evening there must not show the next day's date in another zone's browser.
 */
export function formatInZone(options: { value: string | null | undefined; timeZone: string }): string {
  if (!options.value) return '';
  const d = new Date(options.value);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('month')}/${get('day')}/${get('year')} ${get('hour')}:${get('minute')} ${get('dayPeriod').toUpperCase()}`;
}
