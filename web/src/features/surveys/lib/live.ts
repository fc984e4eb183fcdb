import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import type { TSurvey } from '@cd/contracts/survey';
import { isInPages, replaceInPages, shiftedTotal, type TPagedList } from '../../../lib/paged-list';
import { surveyKeys } from '../api/query-keys';
import { surveyMatches, type TSurveyFilter } from './survey-query';

export const SURVEY_LIVE_ENTITY = 'survey';

type TListKey = readonly ['surveys', 'list', { from: string; to: string; filter: TSurveyFilter }];

function sentMs(survey: TSurvey): number {
  return survey.message.sentAt ? Date.parse(survey.message.sentAt) : 0;
}

/** Newest sent first, the higher id first on a tie: the server's keyset order. */
function isBefore(a: TSurvey, b: TSurvey): boolean {
  const d = sentMs(a) - sentMs(b);
  return d > 0 || (d === 0 && a.id > b.id);
}

/**
 * Merges a survey into one loaded list: updated in place where it stands (a row resolved under the "unresolved" filter
 * stays visible, marked resolved, until the next refetch); otherwise added at its place in the newest-first order when
 * it matches the list's range and filter and falls within the loaded pages (an older one arrives with "load more").
 */
export function mergeSurveyIntoList(options: {
  list: TPagedList<TSurvey>;
  survey: TSurvey;
  range: { from: Date; to: Date };
  filter: TSurveyFilter;
}): TPagedList<TSurvey> {
  const { list, survey } = options;
  if (isInPages(list, survey.id)) return replaceInPages(list, survey.id, () => survey);
  if (!surveyMatches(options) || list.pages.length === 0) return list;
  const last = list.pages[list.pages.length - 1]!;
  const hasMore = !!last.view?.next;
  let placed = false;
  const pages = list.pages.map((page, i) => {
    if (placed) return page;
    const at = page.member.findIndex((m) => isBefore(survey, m));
    const isLast = i === list.pages.length - 1;
    if (at === -1 && !(isLast && !hasMore)) return page;
    placed = true;
    const member = [...page.member];
    member.splice(at === -1 ? member.length : at, 0, survey);
    return { ...page, member };
  });
  if (!placed) return list;
  // The count line reads the first page's total (later pages carry none).
  return { ...list, pages: pages.map((p) => ({ ...p, ...shiftedTotal(p, 1) })) };
}

/** Puts the survey into every loaded list (after a live event or the resolve call). */
export function replaceSurveyInLists(options: { queryClient: QueryClient; survey: TSurvey }): void {
  const { queryClient, survey } = options;
  for (const [key, list] of queryClient.getQueriesData<TPagedList<TSurvey>>({ queryKey: surveyKeys.lists })) {
    if (!list) continue;
    const params = (key as unknown as TListKey)[2];
    const range = { from: new Date(params.from), to: new Date(params.to) };
    const next = mergeSurveyIntoList({ list, survey, range, filter: params.filter });
    if (next !== list) queryClient.setQueryData(key, next);
  }
}

/**
 * Live survey events (created when sent, updated when answered, resolved or followed up; company admins only): the
 * open lists merge the survey and the figures refetch. Returns false for events of other areas.
 */
export function handleSurveysLiveEvent(queryClient: QueryClient, event: TLiveEvent): boolean {
  if (event.entity !== SURVEY_LIVE_ENTITY) return false;
  const survey = event.data as TSurvey | null;
  if (survey && typeof survey === 'object' && typeof survey.id === 'number' && survey.message) replaceSurveyInLists({ queryClient, survey });
  else void queryClient.invalidateQueries({ queryKey: surveyKeys.lists });
  void queryClient.invalidateQueries({ queryKey: surveyKeys.stats });
  return true;
}
