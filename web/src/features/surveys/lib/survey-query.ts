import type { TSurvey } from '@cd/contracts/survey';
import { DEFAULT_SURVEY_DATE_PRESET, SURVEY_DATE_PRESETS, SURVEYS_PER_PAGE, surveyDateRangeOf, type TSurveyDatePreset } from '@cd/contracts/survey-dates';
import { instantOfWallClock } from '@cd/contracts/automation-schedule';

/** The dashboard's single-select filter chips (spec part 2 §2); `all` shows every sent survey. */
export const SURVEY_FILTERS = ['all', 'completed', 'pending', 'positive', 'negative', 'comments', 'unresolved'] as const;
export type TSurveyFilter = (typeof SURVEY_FILTERS)[number];

/** GET /api/surveys parameters of each filter (spec part 2 §7). */
const FILTER_PARAMS: Readonly<Record<TSurveyFilter, Readonly<Record<string, string>>>> = {
  all: {},
  completed: { 'exists[answer]': 'true' },
  pending: { 'exists[answer]': 'false' },
  positive: { answer: 'true' },
  negative: { answer: 'false' },
  comments: { 'exists[comment]': 'true' },
  unresolved: { answer: 'false', 'exists[resolvedAt]': 'false' },
};

/** What the address says: a preset, or a custom day range (YYYY-MM-DD, both ends included), and a filter. */
export interface TSurveySearch {
  preset: TSurveyDatePreset | null;
  fromDay: string | null;
  toDay: string | null;
  filter: TSurveyFilter;
}

export interface TSurveyRange {
  from: Date;
  to: Date;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD, else null. */
export function parseDay(value: string | null | undefined): { year: number; month: number; day: number } | null {
  const m = value ? DAY_RE.exec(value) : null;
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

function isPreset(v: string | null): v is TSurveyDatePreset {
  return !!v && (SURVEY_DATE_PRESETS as readonly string[]).includes(v);
}

function isFilter(v: string | null): v is TSurveyFilter {
  return !!v && (SURVEY_FILTERS as readonly string[]).includes(v);
}

/** Reads the search params; a valid custom range wins over a preset, anything unreadable falls back to the default. */
export function readSurveySearch(params: URLSearchParams): TSurveySearch {
  const filter = isFilter(params.get('filter')) ? (params.get('filter') as TSurveyFilter) : 'all';
  const fromDay = params.get('from');
  const toDay = params.get('to');
  if (parseDay(fromDay) && parseDay(toDay) && fromDay! <= toDay!) return { preset: null, fromDay, toDay, filter };
  const preset = params.get('preset');
  return { preset: isPreset(preset) ? preset : DEFAULT_SURVEY_DATE_PRESET, fromDay: null, toDay: null, filter };
}

/** The search params of a state; defaults are left out so the plain `/surveys` address stays plain. */
export function writeSurveySearch(search: TSurveySearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.fromDay && search.toDay) {
    params.set('from', search.fromDay);
    params.set('to', search.toDay);
  } else if (search.preset && search.preset !== DEFAULT_SURVEY_DATE_PRESET) params.set('preset', search.preset);
  if (search.filter !== 'all') params.set('filter', search.filter);
  return params;
}

/** [from, to) of the state in the company's time zone: a preset, or local midnight of `fromDay` to the end of `toDay`. */
export function surveyRangeOf(options: { search: TSurveySearch; now: Date; timeZone: string }): TSurveyRange {
  const { search, now, timeZone } = options;
  const from = parseDay(search.fromDay);
  const to = parseDay(search.toDay);
  if (from && to) {
    return {
      from: instantOfWallClock({ wall: Date.UTC(from.year, from.month - 1, from.day), timeZone }),
      to: instantOfWallClock({ wall: Date.UTC(to.year, to.month - 1, to.day + 1), timeZone }),
    };
  }
  return surveyDateRangeOf({ preset: search.preset ?? DEFAULT_SURVEY_DATE_PRESET, now, timeZone });
}

/** GET /api/surveys (and the CSV export) parameters: sent in [from, to), the filter's, newest first. */
/** `itemsPerPage: null` leaves paging out (the export takes the whole filtered list). */
export function buildSurveyListQuery(options: { range: TSurveyRange; filter: TSurveyFilter; itemsPerPage?: number | null }): Record<string, string> {
  const query: Record<string, string> = {
    'message.sentAt[after]': options.range.from.toISOString(),
    'message.sentAt[before]': options.range.to.toISOString(),
    ...FILTER_PARAMS[options.filter],
  };
  if (options.itemsPerPage !== null) query.itemsPerPage = String(options.itemsPerPage ?? SURVEYS_PER_PAGE);
  return query;
}

/** Whether a survey belongs in a list (live updates decide with it whether a new answer joins the open list). */
export function surveyMatches(options: { survey: TSurvey; range: TSurveyRange; filter: TSurveyFilter }): boolean {
  const { survey, range, filter } = options;
  const sentAt = survey.message.sentAt ? Date.parse(survey.message.sentAt) : NaN;
  if (Number.isNaN(sentAt) || sentAt < range.from.getTime() || sentAt >= range.to.getTime()) return false;
  switch (filter) {
    case 'all':
      return true;
    case 'completed':
      return survey.answer !== null;
    case 'pending':
      return survey.answer === null;
    case 'positive':
      return survey.answer === true;
    case 'negative':
      return survey.answer === false;
    case 'comments':
      return !!survey.comment;
    case 'unresolved':
      return survey.answer === false && survey.resolvedAt === null;
  }
}
