import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TLiveEvent } from '@cd/contracts/live';
import type { TSurvey } from '@cd/contracts/survey';
import type { TPagedList } from '../../../lib/paged-list';
import { surveyKeys } from '../api/query-keys';
import { surveyFixture } from './fixtures';
import { handleSurveysLiveEvent, mergeSurveyIntoList } from './live';

const range = { from: new Date('2026-11-01T00:00:00.000Z'), to: new Date('2026-12-01T00:00:00.000Z') };

function listOf(pages: TSurvey[][], next = false): TPagedList<TSurvey> {
  const total = pages.flat().length;
  return {
    pages: pages.map((member, i) => ({
      '@context': '/api/contexts/Survey',
      '@id': '/api/surveys',
      '@type': 'Collection' as const,
      member,
      totalItems: total,
      view: i === pages.length - 1 && next ? { '@id': '/api/surveys', '@type': 'PartialCollectionView' as const, next: '/api/surveys?cursor=x' } : undefined,
    })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `p${i}`)),
  };
}

const ids = (list: TPagedList<TSurvey>) => list.pages.map((p) => p.member.map((m) => m.id));

describe('mergeSurveyIntoList', () => {
  const a = surveyFixture({ id: 3, sentAt: '2026-11-20T10:00:00.000Z' });
  const b = surveyFixture({ id: 2, sentAt: '2026-11-15T10:00:00.000Z' });
  const c = surveyFixture({ id: 1, sentAt: '2026-11-05T10:00:00.000Z' });

  it('updates a loaded survey in place, even when it no longer matches the filter', () => {
    const list = listOf([[a, b, c]]);
    const resolved = { ...b, answer: false, resolvedAt: '2026-11-21T10:00:00.000Z' };
    const next = mergeSurveyIntoList({ list, survey: resolved, range, filter: 'unresolved' });
    expect(ids(next)).toEqual([[3, 2, 1]]);
    expect(next.pages[0]!.member[1]!.resolvedAt).toBe('2026-11-21T10:00:00.000Z');
  });

  it('adds a matching survey at its newest-first place and counts it', () => {
    const list = listOf([[a, c]]);
    const next = mergeSurveyIntoList({ list, survey: { ...b, answer: false }, range, filter: 'negative' });
    expect(ids(next)).toEqual([[3, 2, 1]]);
    expect(next.pages[0]!.totalItems).toBe(3);
  });

  it('leaves out a survey of another filter or range', () => {
    const list = listOf([[a, c]]);
    expect(mergeSurveyIntoList({ list, survey: { ...b, answer: true }, range, filter: 'negative' })).toBe(list);
    const outside = surveyFixture({ id: 9, sentAt: '2026-12-02T10:00:00.000Z' });
    expect(mergeSurveyIntoList({ list, survey: outside, range, filter: 'all' })).toBe(list);
  });

  it('leaves one older than every loaded row to "load more" when more pages exist', () => {
    const list = listOf([[a, b]], true);
    expect(mergeSurveyIntoList({ list, survey: c, range, filter: 'all' })).toBe(list);
    const complete = listOf([[a, b]]);
    expect(ids(mergeSurveyIntoList({ list: complete, survey: c, range, filter: 'all' }))).toEqual([[3, 2, 1]]);
  });
});

describe('handleSurveysLiveEvent', () => {
  it('merges the survey into the open lists and refetches the stats; ignores other entities', () => {
    const queryClient = new QueryClient();
    const key = surveyKeys.list({ from: range.from.toISOString(), to: range.to.toISOString(), filter: 'unresolved' });
    queryClient.setQueryData(key, listOf([[]]));
    const statsKey = surveyKeys.statsOf({ from: range.from.toISOString(), to: range.to.toISOString() });
    queryClient.setQueryData(statsKey, { sent: 1 });
    const survey = surveyFixture({ id: 5, answer: false, comment: 'Late' });
    const event: TLiveEvent = { event: 'updated', entity: 'survey', action: null, data: survey, changes: ['answer'], id: '1', extra: null };
    expect(handleSurveysLiveEvent(queryClient, event)).toBe(true);
    expect(ids(queryClient.getQueryData<TPagedList<TSurvey>>(key)!)).toEqual([[5]]);
    expect(queryClient.getQueryState(statsKey)?.isInvalidated).toBe(true);
    expect(handleSurveysLiveEvent(queryClient, { ...event, entity: 'customer' })).toBe(false);
  });
});
